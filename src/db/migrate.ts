import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { sql } from 'drizzle-orm'
import type { Db, DbHandle } from './client.js'
import { rowsOf } from './rows.js'

export { rowsOf }

/**
 * The generated SQL migrations live at the repository root (`migrations/`, docs/architecture.md "Migrations"), not
 * in src/: from src/db/migrate.ts and from its build dist/db/migrate.js alike, two levels up.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url))
/** Advisory lock id shared by every instance for migrations and first-key bootstrap. */
export const STARTUP_LOCK_ID = 0x41747269 // "Atri"

/**
 * Applies committed SQL migrations that are not yet recorded, each in its own transaction.
 * Same bookkeeping table for PGlite and a server, so one code path serves both.
 */
export async function applyMigrations(db: Db): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })
  await db.execute(sql`create table if not exists atrium_migrations (
    hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`)
  const applied = await db.execute<{ hash: string }>(sql`select hash from atrium_migrations`)
  const done = new Set(rowsOf<{ hash: string }>(applied).map((r) => r.hash))
  let count = 0
  for (const m of migrations) {
    if (done.has(m.hash)) continue
    await db.transaction(async (tx) => {
      for (const stmt of m.sql) if (stmt.trim()) await tx.execute(sql.raw(stmt))
      await tx.execute(sql`insert into atrium_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`)
    })
    count++
  }
  return count
}

/** Migrates under the start-up advisory lock so that several instances starting together apply each migration once. */
export async function migrate(handle: DbHandle): Promise<number> {
  return handle.withLock(STARTUP_LOCK_ID, applyMigrations)
}

export interface MigrationState {
  /** The file name without `.sql` (drizzle's journal tag). */
  name: string
  applied_at: Date | null
}

let known: Array<{ name: string; hash: string }> | undefined
/** The committed migrations in order, read once (their hashes are what atrium_migrations records). */
function committed(): Array<{ name: string; hash: string }> {
  if (!known) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> }
    const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })
    known = files.map((m, i) => ({ name: journal.entries[i]?.tag ?? `#${i}`, hash: m.hash }))
  }
  return known
}

/** Every committed migration with when it was applied (null: pending). Reads only: a fresh database is all pending. */
export async function migrationStatus(db: Db): Promise<MigrationState[]> {
  const exists = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('atrium_migrations')::text as t`))[0]?.t
  const applied = new Map<string, Date>()
  if (exists) {
    const rows = rowsOf<{ hash: string; applied_at: Date | string }>(await db.execute(sql`select hash, applied_at from atrium_migrations`))
    for (const r of rows) applied.set(r.hash, new Date(r.applied_at))
  }
  return committed().map((m) => ({ name: m.name, applied_at: applied.get(m.hash) ?? null }))
}
