#!/usr/bin/env node
// The admin's bundle budget (admin.md, "Bundle budget"): gzips every emitted chunk with node:zlib and fails when
// the entry with its static imports exceeds 250 KB, any lazily loaded chunk (a route) 120 KB (the Markdown editor
// 250 KB), or any CSS file 60 KB. Raise a limit only in the commit that explains why.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const KB = 1024
export const LIMITS = { entry: 250 * KB, route: 120 * KB, editor: 250 * KB, css: 60 * KB }

const DIST = fileURLToPath(new URL('../dist', import.meta.url))
const gz = (file) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length
const kb = (n) => `${(n / KB).toFixed(1)} KB`

/** Checks a Vite manifest; returns the lines to print and the failures. */
export function check(manifest, sizeOf = gz) {
  const chunks = Object.values(manifest)
  const byFile = new Map(chunks.map((c) => [c.file, c]))
  const keyToFile = new Map(Object.entries(manifest).map(([k, c]) => [k, c.file]))
  const lines = []
  const failures = []
  const verdict = (label, size, limit) => {
    const ok = size <= limit
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label.padEnd(58)} ${kb(size).padStart(9)} / ${kb(limit)}`)
    if (!ok) failures.push(`${label}: ${kb(size)} > ${kb(limit)}`)
  }
  // Static closure of a chunk: itself and every chunk it imports statically (loaded before it runs).
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen
    seen.add(file)
    for (const imp of byFile.get(file)?.imports ?? []) closure(keyToFile.get(imp) ?? imp, seen)
    return seen
  }
  const entries = chunks.filter((c) => c.isEntry)
  if (entries.length === 0) failures.push('no entry chunk in the manifest')
  const entryFiles = new Set()
  for (const entry of entries) {
    const files = [...closure(entry.file)]
    for (const f of files) entryFiles.add(f)
    verdict(
      `entry ${entry.file} + ${files.length - 1} static imports`,
      files.reduce((sum, f) => sum + sizeOf(f), 0),
      LIMITS.entry,
    )
  }
  for (const c of chunks.filter((c) => c.isDynamicEntry)) {
    // What loading the route adds beyond what the entry already brought.
    const own = [...closure(c.file)].filter((f) => !entryFiles.has(f))
    const editor = /editor|codemirror/i.test(c.src ?? c.file)
    verdict(
      `${editor ? 'editor' : 'route'} ${c.src ?? c.file}`,
      own.reduce((sum, f) => sum + sizeOf(f), 0),
      editor ? LIMITS.editor : LIMITS.route,
    )
  }
  const css = new Set(chunks.flatMap((c) => c.css ?? []).concat(chunks.filter((c) => c.file.endsWith('.css')).map((c) => c.file)))
  for (const f of css) verdict(`css ${f}`, sizeOf(f), LIMITS.css)
  return { lines, failures }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  let manifest
  try {
    manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'))
  } catch {
    process.stderr.write('admin budget: no admin/dist/.vite/manifest.json (build the admin first)\n')
    process.exit(1)
  }
  const { lines, failures } = check(manifest)
  process.stdout.write(`admin bundle budget (gzipped):\n${lines.join('\n')}\n`)
  if (failures.length > 0) {
    process.stderr.write(`admin budget exceeded:\n  ${failures.join('\n  ')}\n`)
    process.exit(1)
  }
}
