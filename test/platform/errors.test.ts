import { Writable } from 'node:stream'
import { PGlite } from '@electric-sql/pglite'
import { and, count, eq, sql } from 'drizzle-orm'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type DbHandle } from '../../src/db/client.js'
import { auditLogs } from '../../src/db/schema/audit.js'
import { sites } from '../../src/db/schema/sites.js'
import { publicAccess } from '../../src/http/access.js'
import { toApiError } from '../../src/http/errors.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { freshDb } from '../helpers/db.js'
import { makeSite, uid } from '../helpers/factories.js'
import { expectFullProblem, rawApp, type RawApp } from './support.js'

let t: TestApp
let raw: RawApp
let rawDb: DbHandle
let scratch: PGlite
const logLines: string[] = []

beforeAll(async () => {
  t = await testApp()
  rawDb = await freshDb()
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  raw = await rawApp(rawDb, { logger: { level: 'info', stream } })
  const ok = { 200: Type.Object({}) }
  // Test-only routes, added before ready(): each fails in a way a real handler could.
  raw.app.get('/api/v1/test/throw', { config: { access: publicAccess }, schema: { response: ok } }, () => {
    throw new Error('kaboom in /srv/atrium/src/secret-module.ts with password=hunter2')
  })
  raw.app.get('/api/v1/test/sql', { config: { access: publicAccess }, schema: { response: ok } }, async () => {
    await rawDb.db.execute(sql`select * from no_such_table_xyz where secret = ${'s3cr3t-bound-param'}`)
    return {}
  })
  raw.app.get('/api/v1/test/foreign-400', { config: { access: publicAccess }, schema: { response: ok } }, () => {
    throw Object.assign(new Error('library internals at /opt/lib/parser.js'), { statusCode: 400 })
  })
  await raw.app.ready()
  scratch = await PGlite.create()
})
afterAll(async () => {
  await raw.close()
  await rawDb.close()
  await scratch.close()
  await t.close()
})

describe('unexpected errors', () => {
  it('a thrown error → 500 INTERNAL with no stack, path or message in the body; logged server-side', async () => {
    const res = await raw.app.inject({ method: 'GET', url: '/api/v1/test/throw', headers: { 'x-request-id': 'req-500-a' } })
    const body = expectFullProblem(res, 500, 'INTERNAL')
    expect(res.headers['x-request-id']).toBe('req-500-a')
    expect(body.detail).toBe('An unexpected error occurred')
    expect(res.body).not.toMatch(/kaboom|secret-module|hunter2|\bat \w|\.ts\b/)
    expect(logLines.some((l) => l.includes('req-500-a') && l.includes('"level":50') && l.includes('kaboom'))).toBe(true)
  })

  it('a failing SQL statement → 500 INTERNAL without SQL; the log has the query but not its parameters', async () => {
    const res = await raw.app.inject({ method: 'GET', url: '/api/v1/test/sql', headers: { 'x-request-id': 'req-500-b' } })
    expectFullProblem(res, 500, 'INTERNAL')
    expect(res.body).not.toMatch(/select|no_such_table|s3cr3t|relation/i)
    const line = logLines.find((l) => l.includes('req-500-b') && l.includes('"level":50'))
    expect(line).toBeDefined()
    expect(line).toContain('no_such_table_xyz')
    expect(line).not.toContain('s3cr3t-bound-param')
  })

  it('a foreign error carrying a 4xx status keeps the status but not its message', async () => {
    const res = await raw.app.inject({ method: 'GET', url: '/api/v1/test/foreign-400' })
    const body = expectFullProblem(res, 400, 'VALIDATION_FAILED')
    expect(res.body).not.toContain('/opt/lib')
    expect(body.detail).toBe('Malformed request')
  })
})

/** The error a statement raises, as thrown through drizzle (DrizzleQueryError wrapping the driver's error). */
async function failure(dbh: DbHandle, statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await dbh.db.execute(statement)
  } catch (err) {
    return err
  }
  throw new Error('statement unexpectedly succeeded')
}

describe('database errors map to problems with both drivers', () => {
  const drivers = async (): Promise<Array<[string, DbHandle]>> => {
    const list: Array<[string, DbHandle]> = [['pglite', await openDb({ pglite: scratch })]]
    if (t.dbh.kind === 'postgres') list.push(['node-postgres', t.dbh])
    return list
  }

  it('constraint and data errors', async () => {
    for (const [name, dbh] of await drivers()) {
      const table = `errmap_${uid()}`
      await dbh.db.execute(sql.raw(`create table ${table} (id int primary key, ref int references ${table}(id), v text not null, n int check (n >= 0))`))
      await dbh.db.execute(sql.raw(`insert into ${table} (id, v, n) values (1, 'a', 1)`))
      await dbh.db.execute(sql.raw(`insert into ${table} (id, ref, v) values (3, 1, 'b')`))
      const cases: Array<[string, string, number, string, string?]> = [
        ['unique', `insert into ${table} (id, v) values (1, 'dup')`, 409, 'CONFLICT'],
        ['foreign key', `insert into ${table} (id, ref, v) values (2, 99, 'x')`, 409, 'CONFLICT'],
        ['still referenced', `delete from ${table} where id = 1`, 409, 'CONFLICT'],
        ['not null', `insert into ${table} (id, v) values (4, null)`, 400, 'VALIDATION_FAILED', 'v'],
        ['check', `insert into ${table} (id, v, n) values (5, 'x', -1)`, 400, 'VALIDATION_FAILED'],
        ['bad uuid', `select 'not-a-uuid'::uuid`, 400, 'VALIDATION_FAILED'],
        ['overflow', `select 2147483647::int + 1`, 400, 'VALIDATION_FAILED'],
        ['bad date', `select '2024-13-45'::date`, 400, 'VALIDATION_FAILED'],
        ['undefined table', `select * from no_such_table_${uid()}`, 500, 'INTERNAL'],
        ['syntax error', `selec 1`, 500, 'INTERNAL'],
      ]
      for (const [label, stmt, status, code, field] of cases) {
        const err = await failure(dbh, sql.raw(stmt))
        const api = toApiError(err)
        expect({ driver: name, label, status: api.status, code: api.code }).toEqual({ driver: name, label, status, code })
        expect(api.message).not.toContain(table)
        if (field) expect(api.errors?.[0]?.field).toBe(field)
      }
      // A NUL character arrives as a bound parameter (the way a JSON string reaches the database).
      const nul = toApiError(await failure(dbh, sql`select ${'a\u0000b'}::text`))
      expect([name, nul.status, nul.code]).toEqual([name, 400, 'VALIDATION_FAILED'])
      const dup = toApiError(await failure(dbh, sql.raw(`insert into ${table} (id, v) values (1, 'again')`)))
      expect(dup.message).toBe('A record with the same id already exists')
    }
  })

  it('an unreachable database server → 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
    const down = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 })
    try {
      const api = toApiError(await failure(down, sql`select 1`))
      expect([api.status, api.code]).toEqual([503, 'SERVICE_UNAVAILABLE'])
      expect(api.headers?.['retry-after']).toMatch(/^\d+$/)
    } finally {
      await down.close()
    }
  })

  it('the same slug created twice at once: one 201, one 409, never 500', async () => {
    for (let i = 0; i < 4; i++) {
      const slug = `race-${uid()}`
      const body = { name: `Race ${i}`, slug, locales: [{ code: 'en' }] }
      const results = await Promise.all([t.as(t.masterKey).post('/sites', body), t.as(t.masterKey).post('/sites', body)])
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
      expectFullProblem(
        results.find((r) => r.statusCode === 409)!,
        409,
        'CONFLICT',
      )
      const [live] = await t.dbh.db.select({ n: count() }).from(sites).where(eq(sites.slug, slug))
      expect(live?.n).toBe(1)
      const created = results.find((r) => r.statusCode === 201)!.json<{ id: string }>()
      const [audits] = await t.dbh.db
        .select({ n: count() })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity_type, 'site'), eq(auditLogs.action, 'Create'), eq(auditLogs.entity_id, created.id)))
      expect(audits?.n).toBe(1)
    }
  })

  it('two sites renamed to the same slug at once: one 200, one 409', async () => {
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await makeSite(t), await makeSite(t)]
      const slug = `taken-${uid()}`
      const results = await Promise.all([t.as(t.masterKey).put(`/sites/${a.id}`, { slug }), t.as(t.masterKey).put(`/sites/${b.id}`, { slug })])
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
      const [live] = await t.dbh.db.select({ n: count() }).from(sites).where(eq(sites.slug, slug))
      expect(live?.n).toBe(1)
    }
  })
})
