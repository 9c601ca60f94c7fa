#!/usr/bin/env node
// Compiles src/ to dist/ (plain JavaScript for `npm start` and `atrium`; the migration SQL stays in migrations/, which
// dist/db/migrate.js reads as src/db/migrate.ts does), and the
// web admin (admin/) to admin/dist/ with its bundle budget check. Each is built only when stale (a source newer
// than its last build); `node scripts/build.js` always rebuilds the server, `--if-stale` neither when both are fresh.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = path.join(ROOT, 'dist')
const STAMP = path.join(DIST, '.build-stamp')
const INPUTS = ['src', 'package.json']
const ADMIN = path.join(ROOT, 'admin')
const ADMIN_STAMP = path.join(ADMIN, 'dist/.build-stamp')
const ADMIN_INPUTS = [
  'admin/src',
  'admin/public',
  'admin/index.html',
  'admin/vite.config.ts',
  'admin/package.json',
  'admin/scripts/budget.js',
  'packages/client/src',
  'src/core/slugify.ts',
]

function newestMtime(p) {
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

/** The output's stamp exists and nothing it was built from changed since (a checkout or an edit makes it stale). */
function fresh(stamp, inputs) {
  if (!existsSync(stamp)) return false
  const built = statSync(stamp).mtimeMs
  return inputs.every((p) => !existsSync(path.join(ROOT, p)) || newestMtime(path.join(ROOT, p)) <= built)
}

export const isFresh = () => fresh(STAMP, INPUTS)
export const isAdminFresh = () => fresh(ADMIN_STAMP, ADMIN_INPUTS)

/** Vite builds admin/ into admin/dist/, then the budget check runs; the stamp is written only when both pass. */
export function buildAdmin() {
  let vite
  try {
    // The bin is not among vite's exports: found beside its package.json.
    vite = path.join(path.dirname(createRequire(path.join(ADMIN, 'package.json')).resolve('vite/package.json')), 'bin/vite.js')
  } catch {
    // Installed without the admin's build tools: the API still runs, /admin/ answers 404 saying it is not built.
    process.stderr.write('admin not built: vite is not installed (npm ci installs it)\n')
    return
  }
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: ADMIN })
  if (res.status !== 0) throw new Error(`admin build failed (exit ${res.status ?? res.signal})`)
  const budget = spawnSync(process.execPath, [path.join(ADMIN, 'scripts/budget.js')], { stdio: 'inherit', cwd: ADMIN })
  if (budget.status !== 0) throw new Error('admin bundle budget exceeded')
  writeFileSync(ADMIN_STAMP, new Date().toISOString())
}

/** Every TypeScript source under a directory (the declaration-free ones esbuild emits). */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path.join(dir, e.name)] : [],
  )
}

/**
 * Transpiles src/ file by file with esbuild (types stripped, imports kept as written). Type checking is
 * `npm run typecheck`'s job (CI runs it): tsc's emit took 21–26 s of a clean clone's first start, esbuild about 1 s.
 */
export async function build() {
  rmSync(DIST, { recursive: true, force: true })
  const esbuild = await import('esbuild')
  await esbuild.build({
    entryPoints: sources(path.join(ROOT, 'src')),
    outdir: DIST,
    outbase: path.join(ROOT, 'src'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  })
  writeFileSync(STAMP, new Date().toISOString())
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const ifStale = process.argv.includes('--if-stale')
  try {
    if (!ifStale || !isFresh()) await build()
    if (!process.argv.includes('--server-only') && !isAdminFresh()) buildAdmin()
  } catch (err) {
    process.stderr.write(`build failed: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
}
