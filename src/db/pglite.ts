import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/*
 * Memory. PGlite is PostgreSQL compiled to WebAssembly, and WebAssembly memory only ever grows: what PostgreSQL
 * touches once stays resident for the life of the process. Two things dominate an embedded Atrium's RSS:
 *  - shared_buffers (PostgreSQL's default 128 MB) and the shared memory sized by max_connections. PGlite is one
 *    single-user backend, so 8 MB of buffers and 4 connection slots are plenty (the OS page cache sits below).
 *  - initdb: creating a new database runs a second WebAssembly instance whose ~400 MB is never given back.
 *    It runs in a short-lived child process instead, so the server never carries it.
 */
const SETTINGS = ['shared_buffers=8MB', 'max_connections=4', 'wal_buffers=1MB', 'maintenance_work_mem=16MB']
const startParams = () => [...PGlite.defaultStartParams, ...SETTINGS.flatMap((s) => ['-c', s])]
/** Extensions the migrations create (0009_pg_trgm: trigram indexes for substring search); every open must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm }

const run = promisify(execFile)

/** Creates the database files in `pgDir` in a child process (see above); a no-op when they exist. */
async function initInChild(pgDir: string): Promise<void> {
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) return
  const module = import.meta.resolve('@electric-sql/pglite')
  const script = `const { PGlite } = await import(${JSON.stringify(module)}); const db = await PGlite.create(process.argv[1]); await db.close()`
  await run(process.execPath, ['--input-type=module', '-e', script, pgDir], { timeout: 300_000 })
}

/** The embedded database in `<dataDir>/pg`, or in memory without a data directory. */
export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create({ startParams: startParams(), extensions: PGLITE_EXTENSIONS })
  const pgDir = path.join(dataDir, 'pg')
  await initInChild(pgDir)
  return PGlite.create(pgDir, { startParams: startParams(), extensions: PGLITE_EXTENSIONS })
}
