import { count } from 'drizzle-orm'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../src/db/schema/audit.js'
import { makeSite } from '../helpers/factories.js'
import type { Res } from '../helpers/http.js'
import { collectRoutes } from '../helpers/routes.js'
import { setupFixtures, type Fixtures, type MatrixEnv } from './matrix/index.js'
import { jwtUser, startIdp } from '../helpers/idp.js'

/*
 * Malformed input over the whole route table (issue "Hardening"): every route gets requests that are broken in the
 * ways an outside prober breaks them (the path, the query, the body as a whole and each body field in turn), sent
 * with the unscoped Master key so access lets them through to the parsers, the validators and the services.
 * Every answer must be a problem (4xx) or a success, never a 5xx, and a refused write must change nothing (no
 * audit row appears). Runs on both databases like every test. Destructive routes are fuzzed with refusals only
 * (broken paths and bodies), so the fixtures stay alive for the routes after them.
 */

const idp = await startIdp()
const collected = await collectRoutes({ env: idp.env() })
const { t } = collected
afterAll(async () => {
  await collected.close()
  await idp.close()
})

let fx: Fixtures
let env: MatrixEnv

beforeAll(async () => {
  const a = await makeSite(t)
  const b = await makeSite(t)
  const jwt = {} as MatrixEnv['jwt']
  for (const who of ['Viewer', 'Author', 'Editor', 'Reviewer', 'Admin', 'Owner', 'outsider', 'root', 'nobody'] as const) {
    jwt[who] = await jwtUser(t, idp, who === 'nobody' || who === 'root' ? undefined : { siteId: who === 'outsider' ? b.id : a.id, role: who === 'outsider' ? 'Owner' : who })
  }
  env = { t, a, b, jwt }
  fx = await setupFixtures(env)
})

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
interface JsonSchema {
  type?: string | string[]
  required?: string[]
  minimum?: number
  minItems?: number
  minLength?: number
  pattern?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  maxLength?: number
  format?: string
  enum?: unknown[]
  const?: unknown
}

/** A deterministic generator, so a failure names a request that can be sent again. */
function prng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let x = Math.imul(s ^ (s >>> 15), 1 | s)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** JSON text of an object nested `depth` deep (built as text: JSON.stringify itself overflows on it). */
const deepText = (depth: number) => `${'{"n":'.repeat(depth)}1${'}'.repeat(depth)}`
/** Values JSON.stringify cannot write, as placeholders replaced in the body's text: a deep object, integers beyond 2^53. */
const DEEP = '__fuzz_deep__'
const BIG = '__fuzz_big__'
const NEG_BIG = '__fuzz_neg_big__'
const RAW: Record<string, string> = { [DEEP]: deepText(5000), [BIG]: '9007199254740993', [NEG_BIG]: '-9007199254740993' }
const toText = (v: unknown) => JSON.stringify(v).replace(/"(__fuzz_[a-z_]+__)"/g, (m, name: string) => RAW[name] ?? m)

/** Values of every wrong (and some right but extreme) kind, for one field. */
function hostileValues(schema: JsonSchema | undefined, rnd: () => number): Json[] {
  const long = 'x'.repeat((schema?.maxLength ?? 10_000) + 1)
  const values: Json[] = [
    null,
    '',
    ' ',
    long,
    '\u0000\uFFFF\uD800',
    -1,
    0.5,
    BIG,
    NEG_BIG,
    1e308,
    true,
    [],
    [null],
    {},
    { $ne: null },
    DEEP,
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '2026-02-30T25:61:00Z',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    `${'ä'.repeat(50)}${Math.floor(rnd() * 1e9)}`,
  ]
  return values
}

function objectSchema(s: JsonSchema | undefined): JsonSchema | undefined {
  if (!s) return undefined
  if (s.properties) return s
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const o = objectSchema(alt)
    if (o) return o
  }
  return undefined
}

let serial = 0
/**
 * A plausible value for a schema (required properties only), so that one hostile field at a time reaches the
 * services instead of a 400 for the fields a body lacks. Ids come from the matrix fixtures by field name.
 */
function sample(s: JsonSchema | undefined, name: string): Json {
  if (!s) return null
  const alt = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a) => a.type !== 'null')
  if (alt && !s.type && !s.properties) return sample(alt, name)
  if (s.const !== undefined) return s.const as Json
  if (s.enum?.length) return s.enum[0] as Json
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type
  if (name === 'site_id') return env.a.id
  if (name === 'site_ids') return [env.a.id]
  if (name === 'locale') return 'en'
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {}
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key], key)
      return out
    }
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items, name)) : []
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1)
    case 'boolean':
      return false
    default: {
      serial++
      if (s.format === 'uuid') return fx.records[name.replace(/_id$/, '')] ?? fx.params[name] ?? '00000000-0000-4000-8000-000000000000'
      if (s.format === 'date') return '2026-01-01'
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z'
      if (s.format === 'uri' || /url$/.test(name)) return `https://example.com/fuzz-${serial}`
      if (/route|path/.test(name)) return `/fuzz-${serial}`
      return `fuzz-${serial}`
    }
  }
}

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD')
const DESTRUCTIVE_ACTION = /\/(block|unblock|revoke|archive|unarchive|restore|purge|delete|disable|enable|rotate|expire)$/

interface Probe {
  what: string
  method: string
  url: string
  headers?: Record<string, string>
  payload?: string | Buffer
}

const routeKey = (method: string, url: string) => `${method} ${url}`

/** The route's path filled from the access matrix's fixtures (test/contract/matrix/), as the matrix fills it. */
function urlFor(r: RouteOptions, method: string, override?: { name: string; value: string }): string | undefined {
  const { url } = r
  const access = r.config?.access
  const entity = access?.kind === 'site' ? 'site' : access?.kind === 'record' ? access.entity.name : undefined
  const accessParam = access?.kind === 'site' || access?.kind === 'record' ? access.param : undefined
  let missing = false
  const filled = url.replace(/:([A-Za-z0-9_]+)|\*$/g, (_m, name: string | undefined) => {
    const n = name ?? '*'
    if (override && override.name === n) return override.value
    const value = fx.routes[routeKey(method, url)]?.params?.[n] ?? (accessParam === n && entity !== undefined ? fx.records[entity] : undefined) ?? fx.params[n]
    if (value === undefined) missing = true
    return n === '*' ? (value ?? '').split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value ?? '')
  })
  return missing ? undefined : filled
}

/** The broken requests for one route and method. */
function probesFor(r: RouteOptions, method: string, rnd: () => number): Probe[] {
  const probes: Probe[] = []
  const destructive = method === 'DELETE' || (method !== 'GET' && DESTRUCTIVE_ACTION.test(r.url))
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH'
  const schema = (r.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema; params?: JsonSchema }
  const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
  for (const name of params) {
    for (const value of ['not-a-uuid', '%zz', 'ä'.repeat(300), '00000000-0000-0000-0000-000000000000', '..%2F..']) {
      const url = urlFor(r, method, { name, value })
      if (url) probes.push({ what: `path :${name}=${value.slice(0, 20)}`, method, url, ...(hasBody ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}) })
    }
  }
  const url = urlFor(r, method)
  if (!url) return probes
  const sep = url.includes('?') ? '&' : '?'
  const query = objectSchema(schema.querystring)?.properties ?? {}
  for (const name of ['page', 'per_page', ...Object.keys(query)]) {
    for (const value of ['-1', 'abc', '9007199254740993', '%zz', 'a'.repeat(5000), '[]']) {
      probes.push({ what: `query ${name}=${value.slice(0, 20)}`, method, url: `${url}${sep}${encodeURIComponent(name)}=${value}` })
    }
    probes.push({ what: `query ${name} twice`, method, url: `${url}${sep}${name}=1&${name}=2` })
  }
  if (!hasBody) return probes
  const json = { 'content-type': 'application/json' }
  const whole: Array<[string, string | Buffer, Record<string, string>]> = [
    ['truncated JSON', '{"a": [1, 2', json],
    ['not JSON', 'hello', json],
    ['JSON array', '[]', json],
    ['JSON null', 'null', json],
    ['JSON string', '"x"', json],
    ['empty JSON body', '', json],
    ['a byte-order mark', '\uFEFF{}', json],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), json],
    ['a deep array', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, json],
    ['a deep object', deepText(5000), json],
    ['a JSON charset not UTF-8', '{}', { 'content-type': 'application/json; charset=utf-16' }],
    ['text/plain', '{}', { 'content-type': 'text/plain' }],
    ['an unknown type', '{}', { 'content-type': 'application/x-atrium-unknown' }],
    ['multipart without boundary', '--x\r\n\r\n', { 'content-type': 'multipart/form-data' }],
    ['multipart cut short', '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', { 'content-type': 'multipart/form-data; boundary=b' }],
    ['gzip that is not', 'not gzip at all', { 'content-type': 'application/gzip' }],
  ]
  for (const [what, payload, headers] of whole) probes.push({ what, method, url, payload, headers })
  if ((r.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data')) probes.push(...multipartProbes(method, url))
  if (destructive) return probes
  const body = objectSchema(schema.body)
  const valid = (fx.routes[routeKey(method, r.url)]?.body ?? sample(body, '')) as Record<string, Json>
  for (const [field, fieldSchema] of Object.entries(body?.properties ?? {})) {
    for (const value of hostileValues(fieldSchema, rnd)) {
      const label = JSON.stringify(value).slice(0, 30)
      probes.push({ what: `body ${field}=${label}`, method, url, payload: toText({ ...valid, [field]: value }), headers: json })
    }
    if (fieldSchema.type === 'array' || fieldSchema.items) {
      const item = objectSchema(fieldSchema.items)
      for (const [sub, subSchema] of Object.entries(item?.properties ?? {})) {
        for (const value of hostileValues(subSchema, rnd).slice(0, 12)) {
          probes.push({ what: `body ${field}[0].${sub}=${JSON.stringify(value)?.slice(0, 30)}`, method, url, payload: toText({ ...valid, [field]: [{ [sub]: value }] }), headers: json })
        }
      }
    }
  }
  return probes
}

/** Multipart bodies broken where a parser sees them: the boundary, the part headers, the end of the body. */
function multipartProbes(method: string, url: string): Probe[] {
  const sites = `--b\r\nContent-Disposition: form-data; name="site_ids"\r\n\r\n${JSON.stringify([env.a.id])}\r\n`
  const file = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello'
  const cases: Array<[string, string, string]> = [
    ['no boundary', 'multipart/form-data', `${sites}${file}\r\n--b--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${sites}${file}\r\n--b--\r\n`],
    ['a wrong boundary', 'multipart/form-data; boundary=zzz', `${sites}${file}\r\n--b--\r\n`],
    ['a body cut in the file', 'multipart/form-data; boundary=b', `${sites}${file}`],
    ['a body cut in the part headers', 'multipart/form-data; boundary=b', `${sites}--b\r\nContent-Disposition: form-da`],
    ['a body cut in a field', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="site_ids"\r\n\r\n["'],
    ['no closing boundary', 'multipart/form-data; boundary=b', `${sites}${file}\r\n`],
    ['a part without headers', 'multipart/form-data; boundary=b', '--b\r\n\r\nxyz\r\n--b--\r\n'],
    ['garbage', 'multipart/form-data; boundary=b', '\u0000\u0001garbage'],
    ['an empty body', 'multipart/form-data; boundary=b', ''],
    ['a very long boundary', `multipart/form-data; boundary=${'b'.repeat(200)}`, `${sites}${file}\r\n--b--\r\n`],
  ]
  return cases.map(([what, type, payload]) => ({ what: `multipart: ${what}`, method, url, payload, headers: { 'content-type': type } }))
}

const isProblem = (res: Res) => /^application\/problem\+json/.test(String(res.headers['content-type']))

async function auditCount(): Promise<number> {
  const [row] = await t.dbh.db.select({ n: count() }).from(auditLogs)
  return row?.n ?? 0
}

describe('fuzz: malformed input over every route', () => {
  it('never answers 500, answers problems for refusals, and a refused write changes nothing', async () => {
    const rnd = prng(20261127)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    let sent = 0
    // FUZZ_ROUTES=<regex> narrows the run to matching route URLs while working on one module.
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined
    const routes = collected.api.filter((r) => !/[(]/.test(r.url) && (!only || only.test(r.url)))
    for (const r of routes) {
      for (const method of methodsOf(r)) {
        for (const probe of probesFor(r, method, rnd)) {
          const writes = method !== 'GET'
          const before = writes ? await auditCount() : 0
          const res = await t.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers: { 'x-api-key': t.masterKey, ...(probe.headers ?? {}) },
            ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
          })
          sent++
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          const where = `${method} ${r.url} [${probe.what}] → ${res.statusCode} ${res.body.slice(0, 200)}`
          // 502/503 with their codes are answers about a backing service (an AI provider the fixtures cannot reach), not bugs.
          if (res.statusCode >= 500 && (res.statusCode === 500 || !isProblem(res))) failures.push(where)
          else if (res.statusCode >= 400) {
            if (!isProblem(res)) failures.push(`${where} (not a problem+json answer)`)
            if (writes && (await auditCount()) !== before) failures.push(`${where} (refused, but an audit row was written)`)
          }
        }
      }
    }
    const byStatus = [...statuses].sort(([x], [y]) => x - y).map(([code, n]) => `${code}: ${n}`).join(', ')
    console.info(`fuzz: ${sent} malformed requests over ${routes.length} routes (${byStatus})`)
    if (!only) expect(sent).toBeGreaterThan(5000)
    expect(failures).toEqual([])
  }, 600_000)
})
