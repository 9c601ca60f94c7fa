import { randomBytes, randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type DbHandle } from '../../../src/db/client.js'
import { applyMigrations, MIGRATIONS_DIR, rowsOf } from '../../../src/db/migrate.js'
import { PGLITE_EXTENSIONS } from '../../../src/db/pglite.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { withDb } from '../../setup/global.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { jwtUser, startIdp, type JwtUser, type TestIdp } from '../../helpers/idp.js'
import type { Page } from '../../helpers/records.js'

interface Entry {
  user_id: string | null
  api_key_id: string | null
  action: string
  entity_type: string
  entity_id: string | null
}
interface Change {
  field_name: string
  changed_by: string | null
  api_key_id: string | null
}

let idp: TestIdp
let t: TestApp
let a: SiteFixture
let editor: JwtUser

beforeAll(async () => {
  idp = await startIdp()
  t = await testApp({ env: idp.env() })
  a = await makeSite(t)
  editor = await jwtUser(t, idp, { siteId: a.id, role: 'Admin' })
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

describe('the actor of audit entries and change history (decisions.md "Audit and history")', () => {
  it('a JWT caller is its user UUID with no key; an API key is its key id with no user; both answers and both filters', async () => {
    const l = expectStatus<{ id: string }>(await editor.as.post(`/sites/${a.id}/social`, { platform: 'github', url: 'https://github.com/actor-1' }), 201)
    ;(t.clock as ManualClock).advance(1000)
    expectStatus(await t.as(a.keys.Write).put(`/social/${l.id}`, { url: 'https://github.com/actor-2' }), 200)

    const entries = expectStatus<Entry[]>(await t.as(a.keys.Read).get(`/audit/entity/social_link/${l.id}`), 200)
    expect(entries.map((e) => [e.action, e.user_id, e.api_key_id])).toEqual([
      ['Update', null, a.keyIds.Write],
      ['Create', editor.userId, null],
    ])
    const history = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/social_link/${l.id}`), 200)
    expect(history).toEqual([expect.objectContaining({ field_name: 'url', changed_by: null, api_key_id: a.keyIds.Write })])

    const byUser = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?user_id=${editor.userId}`), 200)
    expect(byUser.data.map((e) => [e.entity_id, e.action])).toEqual([[l.id, 'Create']])
    const byKey = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?api_key_id=${a.keyIds.Write}&entity_type=social_link`), 200)
    expect(byKey.data.map((e) => [e.entity_id, e.action])).toEqual([[l.id, 'Update']])
  })

  it('a composite actor in a filter is a 400', async () => {
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?user_id=api_key:${a.keyIds.Write}`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?api_key_id=api_key:${a.keyIds.Write}`), 400, 'VALIDATION_FAILED')
  })
})

/** An empty database of this run's kind (PGlite in memory, or a new database on the server). */
async function emptyDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL
  if (!url) return openDb({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) })
  const name = `atrium_mig_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbh = await openDb({ databaseUrl: withDb(url, name), poolSize: 2 })
  return {
    ...dbh,
    close: async () => {
      await dbh.close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
      await c.end()
    },
  }
}

describe('migration 0020_audit_actor_retention', () => {
  it('rewrites composite actors: api_key:<id> → api_key_id, user:<id> → the UUID, anything else that is not a UUID → null', async () => {
    const dbh = await emptyDb()
    try {
      const db = dbh.db
      // Every migration before this one, recorded as applied; then rows as the old writer wrote them.
      const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })
      const at = all.findIndex((m) => m.sql.some((s) => s.includes('hand-written') && s.includes('api_key:')))
      expect(at).toBeGreaterThan(0)
      await db.execute(sql`create table atrium_migrations (hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`)
      for (const m of all.slice(0, at)) {
        for (const s of m.sql) if (s.trim()) await db.execute(sql.raw(s))
        await db.execute(sql`insert into atrium_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`)
      }
      const key = randomUUID()
      const user = randomUUID()
      const plain = randomUUID()
      const entity = randomUUID()
      for (const [actor, i] of [
        [`api_key:${key}`, 1],
        [`user:${user}`, 2],
        ['system', 3],
        [plain, 4],
      ] as const) {
        await db.execute(
          sql`insert into audit_logs (user_id, action, entity_type, entity_id, metadata) values (${actor}, 'Update', 'blog', ${entity}, ${JSON.stringify({ i })}::jsonb)`,
        )
        await db.execute(sql`insert into change_history (entity_type, entity_id, field_name, changed_by) values ('blog', ${entity}, ${`f${i}`}, ${actor})`)
      }
      expect(await applyMigrations(db)).toBe(all.length - at)
      const audits = rowsOf<{ user_id: string | null; api_key_id: string | null; i: number }>(
        await db.execute(sql`select user_id::text, api_key_id::text, (metadata->>'i')::int as i from audit_logs order by i`),
      )
      const expected = [
        [null, key],
        [user, null],
        [null, null],
        [plain, null],
      ]
      expect(audits.map((r) => [r.user_id, r.api_key_id])).toEqual(expected)
      const changes = rowsOf<{ changed_by: string | null; api_key_id: string | null }>(
        await db.execute(sql`select changed_by::text, api_key_id::text from change_history order by field_name`),
      )
      expect(changes.map((r) => [r.changed_by, r.api_key_id])).toEqual(expected)
      const types = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
        await db.execute(sql`select table_name, column_name, data_type from information_schema.columns
          where (table_name, column_name) in (('audit_logs', 'user_id'), ('change_history', 'changed_by')) order by table_name`),
      )
      expect(types.map((r) => r.data_type)).toEqual(['uuid', 'uuid'])
    } finally {
      await dbh.close()
    }
  }, 180_000)
})
