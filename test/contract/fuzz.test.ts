import { count } from 'drizzle-orm'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../src/db/schema/audit.js'
import { makeSite } from '../helpers/factories.js'
import type { Res } from '../helpers/http.js'
import { collectRoutes } from '../helpers/routes.js'
import { setupFixtures, type Fixtures, type MatrixEnv } from './matrix/index.js'
import { fillUrl } from './matrix/urls.js'
import { jwtUser, startIdp } from '../helpers/idp.js'

/*
 * Malformed input over the whole route table (issue "Hardening"): every route gets requests that are broken in the
 * ways an outside prober breaks them (the path, the query, the body as a whole and each body field in turn), sent
 * with the unscoped Master key so access lets them through to the parsers, the validators and the services.
 * Every answer must be a problem (4xx) or a success, never a 5xx, and a refused write must change nothing (no
 * audit row appears). Runs on both databases like every test. Destructive routes are fuzzed with refusals only
 * (broken paths and bodies), so the fixtures stay alive for the routes after them.
 *
 * Which broken values go where: every route gets every whole-body and multipart break, every broken path value on
 * each path parameter, and per query parameter and per body field a deterministic sample of the broken values (see
 * cover()) in which every value appears on at least one of the route's fields and every field gets several, always
 * including the values its type is most exposed to (a deep object for free JSON, integers beyond 2^53 for numbers, an
 * over-long string for strings). The full product (every value on every field: 14,353 requests against 8,154) found
 * nothing the sample does not reach; FUZZ_FULL=1 sends it.
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
    jwt[who] = await jwtUser(
      t,
      idp,
      who === 'nobody' || who === 'root' ? undefined : { siteId: who === 'outsider' ? b.id : a.id, role: who === 'outsider' ? 'Owner' : who },
    )
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

/** FUZZ_FULL=1: every broken value on every field and query parameter (the full product; several times the requests). */
const FULL = process.env.FUZZ_FULL === '1'

/** A stable number for a string (FNV-1a), so each route's sample is the same on every run. */
function hashOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/**
 * (item, value index) pairs over `items` × `valueCount` broken values covering both sides: value j goes to item
 * (j + offset) mod items, so every value is sent at least once per route, and item i also gets `perItem` values of its
 * own, (offset + 7i + k·⌈values/perItem⌉) mod values, spread over the list, plus its `targeted(item)` ones. The offset is
 * the route's hash, so over the route table each value meets every kind of field. FULL: every pair.
 */
function cover<I>(
  items: readonly I[],
  valueCount: number,
  offset: number,
  perItem: number,
  targeted: (item: I) => readonly number[] = () => [],
): Array<[I, number]> {
  if (items.length === 0 || valueCount === 0) return []
  const pairs = new Set<string>()
  const add = (i: number, j: number) => pairs.add(`${i},${j}`)
  if (FULL) items.forEach((_, i) => Array.from({ length: valueCount }, (_v, j) => add(i, j)))
  for (let j = 0; j < valueCount; j++) add((j + offset) % items.length, j)
  const step = Math.ceil(valueCount / perItem)
  items.forEach((item, i) => {
    for (let k = 0; k < perItem; k++) add(i, (offset + 7 * i + k * step) % valueCount)
    for (const j of targeted(item)) if (j < valueCount) add(i, j)
  })
  return [...pairs]
    .map((p) => p.split(',').map(Number) as [number, number])
    .sort(([a, x], [b, y]) => a - b || x - y)
    .map(([i, j]): [I, number] => [items[i] as I, j])
}

/** Indexes in hostileValues() of the values a field of this schema is most exposed to. */
function targetedValues(schema: JsonSchema | undefined): number[] {
  const types = new Set([schema?.type, ...(schema?.anyOf ?? []).map((a) => a.type), ...(schema?.oneOf ?? []).map((a) => a.type)].flat().filter(Boolean))
  const out: number[] = []
  if (types.has('integer') || types.has('number')) out.push(VALUE.big, VALUE.negBig, VALUE.huge)
  if (types.has('string')) out.push(VALUE.long, VALUE.badUnicode)
  if (types.has('object') || types.size === 0) out.push(VALUE.deep)
  if (types.has('array')) out.push(VALUE.nullItem, VALUE.deep)
  return out
}

/** Positions of some values in hostileValues(), for targetedValues(). */
const VALUE = { long: 3, badUnicode: 4, big: 7, negBig: 8, huge: 9, nullItem: 12, deep: 15 } as const

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

/** The route's path filled from the access matrix's fixtures (test/contract/matrix/urls.ts), as the matrix fills it. */
const urlFor = (r: RouteOptions, method: string, override?: { name: string; value: string }): string | undefined =>
  fillUrl(fx, { key: routeKey(method, r.url), url: r.url, access: r.config?.access }, override ? { override } : {})

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
      if (url)
        probes.push({
          what: `path :${name}=${value.slice(0, 20)}`,
          method,
          url,
          ...(hasBody ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
        })
    }
  }
  const url = urlFor(r, method)
  if (!url) return probes
  const sep = url.includes('?') ? '&' : '?'
  const query = objectSchema(schema.querystring)?.properties ?? {}
  const offset = hashOf(`${method} ${r.url}`)
  const queryValues = ['-1', 'abc', '9007199254740993', '%zz', 'a'.repeat(5000), '[]', null]
  for (const [name, j] of cover(['page', 'per_page', ...Object.keys(query)], queryValues.length, offset, 3)) {
    const value = queryValues[j] as string | null
    if (value === null) probes.push({ what: `query ${name} twice`, method, url: `${url}${sep}${name}=1&${name}=2` })
    else probes.push({ what: `query ${name}=${value.slice(0, 20)}`, method, url: `${url}${sep}${encodeURIComponent(name)}=${value}` })
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
    [
      'multipart cut short',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      { 'content-type': 'multipart/form-data; boundary=b' },
    ],
    ['gzip that is not', 'not gzip at all', { 'content-type': 'application/gzip' }],
  ]
  for (const [what, payload, headers] of whole) probes.push({ what, method, url, payload, headers })
  if ((r.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data')) probes.push(...multipartProbes(method, url))
  if (destructive) return probes
  const body = objectSchema(schema.body)
  const valid = (fx.routes[routeKey(method, r.url)]?.body ?? sample(body, '')) as Record<string, Json>
  const fields = Object.entries(body?.properties ?? {})
  const label = (value: Json) => JSON.stringify(value)?.slice(0, 30)
  const valueCount = hostileValues(undefined, rnd).length
  for (const [[field, fieldSchema], j] of cover(fields, valueCount, offset, 4, ([, fs]) => targetedValues(fs))) {
    const value = hostileValues(fieldSchema, rnd)[j] as Json
    probes.push({ what: `body ${field}=${label(value)}`, method, url, payload: toText({ ...valid, [field]: value }), headers: json })
  }
  for (const [field, fieldSchema] of fields) {
    if (fieldSchema.type !== 'array' && !fieldSchema.items) continue
    const subs = Object.entries(objectSchema(fieldSchema.items)?.properties ?? {})
    for (const [[sub, subSchema], j] of cover(subs, 12, offset, 2, ([, ss]) => targetedValues(ss))) {
      const value = hostileValues(subSchema, rnd)[j] as Json
      probes.push({ what: `body ${field}[0].${sub}=${label(value)}`, method, url, payload: toText({ ...valid, [field]: [{ [sub]: value }] }), headers: json })
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
    // The count after a write probe is the count before the next one (one request at a time); after a read it is read again.
    let audited: number | undefined
    for (const r of routes) {
      for (const method of methodsOf(r)) {
        for (const probe of probesFor(r, method, rnd)) {
          const writes = method !== 'GET'
          const before = writes ? (audited ?? (await auditCount())) : 0
          const res = await t.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers: { 'x-api-key': t.masterKey, ...(probe.headers ?? {}) },
            ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
          })
          sent++
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          audited = writes ? await auditCount() : undefined
          const where = `${method} ${r.url} [${probe.what}] → ${res.statusCode} ${res.body.slice(0, 200)}`
          // 502/503 with their codes are answers about a backing service (an AI provider the fixtures cannot reach), not bugs.
          if (res.statusCode >= 500 && (res.statusCode === 500 || !isProblem(res))) failures.push(where)
          else if (res.statusCode >= 400) {
            if (!isProblem(res)) failures.push(`${where} (not a problem+json answer)`)
            if (writes && audited !== before) failures.push(`${where} (refused, but an audit row was written)`)
          }
        }
      }
    }
    const byStatus = [...statuses]
      .sort(([x], [y]) => x - y)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ')
    console.info(`fuzz: ${sent} malformed requests over ${routes.length} routes (${byStatus})`)
    if (!only) expect(sent).toBeGreaterThan(5000)
    expect(failures).toEqual([])
  }, 600_000)
})
