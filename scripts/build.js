#!/usr/bin/env node
// Compiles src/ to dist/ (plain JavaScript for `npm start` and `atrium`), with the migration SQL beside it.
// `node scripts/build.js --if-stale` builds only when a source file is newer than the last build.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = path.join(ROOT, 'dist')
const STAMP = path.join(DIST, '.build-stamp')
const INPUTS = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json']

function newestMtime(p) {
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

/** dist/ exists and nothing it was built from changed since (a checkout or an edit makes it stale). */
export function isFresh() {
  if (!existsSync(STAMP)) return false
  const built = statSync(STAMP).mtimeMs
  return INPUTS.every((p) => newestMtime(path.join(ROOT, p)) <= built)
}

export function build() {
  rmSync(DIST, { recursive: true, force: true })
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const res = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit', cwd: ROOT })
  if (res.status !== 0) throw new Error(`tsc failed (exit ${res.status ?? res.signal})`)
  cpSync(path.join(ROOT, 'src/db/migrations'), path.join(DIST, 'db/migrations'), { recursive: true })
  writeFileSync(STAMP, new Date().toISOString())
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv.includes('--if-stale') && isFresh()) process.exit(0)
  try {
    build()
  } catch (err) {
    process.stderr.write(`build failed: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
}
