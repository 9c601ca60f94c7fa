import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Access } from '../../src/http/access.js'
import { taggedFields } from '../../src/http/etag.js'
import { makeSite } from '../helpers/factories.js'
import { jwtUser, startIdp } from '../helpers/idp.js'
import type { Res } from '../helpers/http.js'
import { collectRoutes } from '../helpers/routes.js'
import { setupFixtures, type Fixtures, type MatrixEnv, type RouteFixture } from './matrix/index.js'
import { fillUrl, missingParams } from './matrix/urls.js'

/*
 * Edit conflicts (decisions.md "Wire format"), generated from the route table over every PUT, every DELETE and the
 * review POSTs (config.ifMatch), aimed by the access matrix's fixtures (test/contract/matrix/), called with the
 * unscoped Master key:
 *   - a stale If-Match → 412 EDIT_CONFLICT with `current` and the current ETag, and nothing changed: a second stale
 *     call finds the same `current` and tag, and the record's GET (same URL) answers it with that tag;
 *   - PUT/POST: the fresh tag (from the GET, else from the 412) → success with a new ETag, after which the old tag is
 *     stale; no If-Match → success as before; `*` → success; a malformed If-Match → 400;
 *   - DELETE: the fresh tag → 204, then the record is gone.
 */

const idp = await startIdp()
const collected = await collectRoutes({ env: idp.env({ ATRIUM_SYSTEM_ADMINS: 'matrix-root' }) })
const { t } = collected
afterAll(async () => {
  await collected.close()
  await idp.close()
})

/** Routes that change no record a client edits (a reader's own read markers): If-Match has nothing to name there. */
const NOT_RECORDS: Record<string, string> = {
  'PUT /api/v1/notifications/:id/read': "marks the caller's own notification read (identity-provider users only)",
  'PUT /api/v1/sites/:site_id/notifications/read-all': "marks all of the caller's notifications read",
  'DELETE /api/v1/auth/account': 'API keys are refused; no record of the site',
}

/** Routes whose body is not JSON: their If-Match is tested where their multipart body is built. */
const OWN_BODY: Record<string, string> = {
  'PUT /api/v1/media/:id/file': 'a multipart file part: test/modules/media/replace.test.ts (fresh tag, stale tag → 412, nothing changed)',
}

let env: MatrixEnv
let fx: Fixtures

beforeAll(async () => {
  const a = await makeSite(t)
  const b = await makeSite(t)
  const jwt = {} as MatrixEnv['jwt']
  for (const role of ['Viewer', 'Author', 'Editor', 'Reviewer', 'Admin', 'Owner'] as const) jwt[role] = await jwtUser(t, idp, { siteId: a.id, role })
  jwt.outsider = await jwtUser(t, idp, { siteId: b.id, role: 'Owner' })
  jwt.root = await jwtUser(t, idp, undefined, 'matrix-root')
  jwt.nobody = await jwtUser(t, idp)
  env = { t, a, b, jwt }
  fx = await setupFixtures(env)
})

interface Row {
  key: string
  method: string
  url: string
  route: RouteOptions
  access: Access | undefined
}

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD')
const rows: Row[] = collected.api.flatMap((r) =>
  methodsOf(r).map((method) => ({ key: `${method} ${r.url}`, method, url: r.url, route: r, access: r.config?.access })),
)
const puts = rows.filter((r) => r.method === 'PUT' && !(r.key in NOT_RECORDS) && !(r.key in OWN_BODY))
const reviews = rows.filter((r) => r.method === 'POST' && r.route.config?.ifMatch === true)
const segments = (url: string) => url.split('/').length
const deletes = rows
  .filter((r) => r.method === 'DELETE' && !(r.key in NOT_RECORDS))
  // Children before parents, the site itself last (as in the access matrix).
  .sort((x, y) => Number(x.url === '/api/v1/sites/:id') - Number(y.url === '/api/v1/sites/:id') || segments(y.url) - segments(x.url))
/** URLs whose GET answers the record (with its ETag): the PUT's and DELETE's read-back. */
const gets = new Set(rows.filter((r) => r.method === 'GET' && taggedFields(r.route) !== undefined).map((r) => r.url))

const routeFixture = (row: Row): RouteFixture => fx.routes[row.key] ?? {}
function urlFor(row: Row): string {
  const url = fillUrl(fx, row)
  if (url === undefined)
    throw new Error(
      `${row.key}: no fixture for ${missingParams(fx, row)
        .map((p) => `:${p}`)
        .join(', ')}`,
    )
  return url
}

type Json = Record<string, unknown>
interface PropSchema {
  type?: string
  enum?: unknown[]
  anyOf?: PropSchema[]
  const?: unknown
  format?: string
  pattern?: string
  minimum?: number
  maximum?: number
  maxLength?: number
}
let n = 0
/**
 * The fixture's body with its first field changed to a value not written before (so the record's version moves):
 * a plain string gets a counter, an integer a counter within its bounds, an enum its next value.
 */
function changedBody(row: Row, current?: Json): Json {
  const base = (routeFixture(row).body ?? {}) as Json
  const props = (row.route.schema as { body?: { properties?: Record<string, PropSchema> } } | undefined)?.body?.properties ?? {}
  n++
  // The locale names which localization an upsert writes: it stays. Past the fixture's fields (a no-op fixture
  // body), the body's other fields are tried.
  const fields = [...Object.keys(base), ...Object.keys(props).filter((f) => !(f in base))].filter((f) => f !== 'locale' && f !== 'locale_id')
  for (const field of fields) {
    const raw = props[field]
    const consts = raw?.anyOf?.filter((x) => x.const !== undefined).map((x) => x.const)
    const s = consts && consts.length > 1 ? { enum: consts } : (raw?.anyOf?.find((x) => x.type !== 'null') ?? raw)
    if (!s) continue
    if (s.enum && s.enum.length > 1) {
      const others = s.enum.filter((v) => v !== current?.[field])
      return { ...base, [field]: others[n % others.length] }
    }
    if (s.type === 'string' && !s.format && !/_path$|^timezone$|^filename$|^file_name$|^code$/.test(field)) {
      const v = typeof base[field] === 'string' ? base[field] : typeof current?.[field] === 'string' ? current[field] : 'etag'
      const fits = (c: string) => c.length <= (s.maxLength ?? 200) && (!s.pattern || new RegExp(s.pattern, 'u').test(c))
      const next = [`${v} ${n}`, `${v}-${n}`].find(fits)
      if (next !== undefined) return { ...base, [field]: next }
    }
    if (s.type === 'integer' && (typeof base[field] === 'number' || (!(field in base) && s.maximum !== undefined))) {
      const lo = s.minimum ?? 0
      const hi = s.maximum ?? lo + 1000
      return { ...base, [field]: lo + (n % (hi - lo + 1)) }
    }
    if (s.type === 'boolean' && (field in base || typeof current?.[field] === 'boolean')) return { ...base, [field]: current ? !current[field] : n % 2 === 0 }
  }
  return base
}

async function call(row: Row, url: string, ifMatch?: string, body?: Json): Promise<Res> {
  const hasBody = row.method !== 'DELETE'
  return t.app.inject({
    method: row.method,
    url,
    headers: { 'x-api-key': t.masterKey, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    ...(hasBody ? { payload: body ?? changedBody(row) } : {}),
  })
}

const STALE = '"0000000000000000000000"'
const ok = (res: Res, what: string) => expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(300)
const etagOf = (res: Res) => res.headers.etag

/** A stale If-Match: 412 with `current` and its tag, twice alike (nothing changed), and the GET of the URL agrees. */
async function expectConflict(row: Row, url: string, ifMatch = STALE): Promise<{ current: Json; tag: string }> {
  const first = await call(row, url, ifMatch)
  expect(first.statusCode, `${row.key} with a stale If-Match: ${first.body.slice(0, 300)}`).toBe(412)
  const problem = first.json<{ code: string; current: Json }>()
  expect(problem.code).toBe('EDIT_CONFLICT')
  expect(problem.current).toEqual(expect.any(Object))
  const tag = etagOf(first)
  expect(tag, `${row.key}: the 412 carries the current ETag`).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
  const again = await call(row, url, ifMatch)
  expect(again.statusCode).toBe(412)
  expect(again.json<{ current: Json }>().current, `${row.key}: a refused write changed the record`).toEqual(problem.current)
  expect(etagOf(again)).toBe(tag)
  if (gets.has(row.url)) {
    const read = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.masterKey } })
    ok(read, `GET ${url}`)
    expect(etagOf(read), `GET ${url} answers the version the 412 names`).toBe(tag)
    const body = read.json<Json>()
    expect(Object.fromEntries(Object.keys(problem.current).map((k) => [k, body[k]]))).toEqual(problem.current)
  }
  return { current: problem.current, tag: tag as string }
}

/** The record's version as a client gets it: its GET (same URL), else the tag a 412 names. */
async function freshTag(row: Row, url: string): Promise<string> {
  if (gets.has(row.url)) {
    const read = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.masterKey } })
    ok(read, `GET ${url}`)
    return etagOf(read) as string
  }
  return (await expectConflict(row, url)).tag
}

describe('edit conflicts: every PUT', () => {
  it('covers the PUT routes', () => {
    expect(puts.length).toBeGreaterThanOrEqual(30)
  })
  for (const row of puts) {
    it(row.key, async () => {
      const url = urlFor(row)
      // Without If-Match the last write wins, as before (and an upsert's record exists from here on).
      ok(await call(row, url), `${row.key} without If-Match`)
      const { current } = await expectConflict(row, url)
      const fresh = await freshTag(row, url)
      const done = await call(row, url, fresh, changedBody(row, current))
      ok(done, `${row.key} with the fresh If-Match`)
      const next = etagOf(done)
      expect(next, `${row.key}: the answer carries the new version`).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
      expect(next, `${row.key}: the write moved the version`).not.toBe(fresh)
      // The tag the write replaced is stale now.
      await expectConflict(row, url, fresh)
      ok(await call(row, url, next), `${row.key} with the answer's ETag`)
      ok(await call(row, url), `${row.key} without If-Match`)
      ok(await call(row, url, '*'), `${row.key} with If-Match: *`)
      ok(await call(row, url, `${STALE}, ${etagOf(await call(row, url)) as string}`), `${row.key} with a list naming the current tag`)
      const bad = await call(row, url, 'not-a-tag')
      expect(bad.statusCode, bad.body).toBe(400)
      expect(bad.json<{ code: string }>().code).toBe('VALIDATION_FAILED')
    })
  }
})

describe('edit conflicts: review POSTs', () => {
  it('covers blogs and pages', () => {
    expect(reviews.map((r) => r.key).sort()).toEqual(['POST /api/v1/blogs/:id/review', 'POST /api/v1/pages/:id/review'])
  })
  for (const row of reviews) {
    it(row.key, async () => {
      // A record in review of its own (review moves it out of InReview).
      const kind = row.url.includes('/blogs/') ? 'blogs' : 'pages'
      const a = env.a
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${kind}`,
        headers: { 'x-api-key': t.masterKey },
        payload:
          kind === 'blogs' ? { site_ids: [a.id], slug: `etag-review-${++n}` } : { site_ids: [a.id], slug: `etag-review-${++n}`, route: `/etag-review-${n}` },
      })
      ok(created, 'create')
      const id = created.json<{ id: string }>().id
      ok(await t.app.inject({ method: 'PUT', url: `/api/v1/${kind}/${id}`, headers: { 'x-api-key': t.masterKey }, payload: { status: 'InReview' } }), 'submit')
      const url = `/api/v1/${kind}/${id}/review`
      const body = { action: 'RequestChanges' }
      const { current } = await expectConflict(row, url)
      expect(current.status).toBe('InReview')
      const read = await t.app.inject({ method: 'GET', url: `/api/v1/${kind}/${id}`, headers: { 'x-api-key': t.masterKey } })
      expect(read.json<Json>().status, 'a refused review changed nothing').toBe('InReview')
      const bad = await call(row, url, 'W/', body)
      expect(bad.statusCode).toBe(400)
      const done = await call(row, url, etagOf(read), body)
      ok(done, 'review with the fresh If-Match')
      expect(done.json<Json>().status).toBe('Draft')
      expect(etagOf(done)).not.toBe(etagOf(read))
    })
  }
})

describe('edit conflicts: every DELETE', () => {
  it('covers the DELETE routes', () => {
    expect(deletes.length).toBeGreaterThanOrEqual(30)
  })
  for (const row of deletes) {
    it(row.key, async () => {
      const url = urlFor(row)
      await expectConflict(row, url)
      const bad = await call(row, url, '"unterminated')
      expect(bad.statusCode, bad.body).toBe(400)
      const fresh = await freshTag(row, url)
      const done = await call(row, url, fresh)
      expect(done.statusCode, `${row.key} with the fresh If-Match: ${done.body.slice(0, 300)}`).toBe(204)
      if (gets.has(row.url)) expect((await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.masterKey } })).statusCode).toBe(404)
    })
  }
})
