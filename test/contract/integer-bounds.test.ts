import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { media } from '../../src/db/schema/media.js'
import type { TestApp } from '../helpers/app.js'
import { makeSite } from '../helpers/factories.js'
import { expectProblem, expectStatus } from '../helpers/http.js'
import { collectRoutes, type CollectedRoutes } from '../helpers/routes.js'

/*
 * Issue 31 item 3: a JSON number past 2^53 arrives rounded (ajv sees a double: 9007199254740993 is …992), so an
 * integer field without a bound stored a different number than the client sent. Every integer (and number) of every
 * route's body, query and path schema is bounded to the safe integers.
 */

let collected: CollectedRoutes
let t: TestApp

beforeAll(async () => {
  collected = await collectRoutes()
  t = collected.t
})
afterAll(() => collected.close())

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Every numeric schema in `schema` with its path (properties, items, unions, records), iteratively. */
function numericNodes(schema: unknown): Array<{ path: string; node: Node }> {
  const out: Array<{ path: string; node: Node }> = []
  const queue: Array<[unknown, string]> = [[schema, '']]
  for (let i = 0; i < queue.length; i++) {
    const [s, path] = queue[i] as [unknown, string]
    if (!isNode(s)) continue
    if (s.type === 'integer' || s.type === 'number' || (Array.isArray(s.type) && (s.type.includes('integer') || s.type.includes('number'))))
      out.push({ path: path || '(root)', node: s })
    if (isNode(s.properties)) for (const [k, v] of Object.entries(s.properties)) queue.push([v, path ? `${path}.${k}` : k])
    if (isNode(s.patternProperties)) for (const v of Object.values(s.patternProperties)) queue.push([v, `${path}.*`])
    if (isNode(s.additionalProperties)) queue.push([s.additionalProperties, `${path}.*`])
    if (s.items !== undefined) for (const v of Array.isArray(s.items) ? s.items : [s.items]) queue.push([v, `${path}[]`])
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) for (const v of s[key] as unknown[]) queue.push([v, path])
    if (isNode(s.not)) queue.push([s.not, path])
  }
  return out
}

describe('integer bounds in request schemas', () => {
  it('the walk sees the routes and their integers (page, per_page, size_bytes)', () => {
    const list = collected.api.find((r) => r.url === '/api/v1/sites/:site_id/media' && r.method === 'GET')
    expect(numericNodes(list?.schema?.querystring).map((n) => n.path)).toEqual(expect.arrayContaining(['page', 'per_page']))
    const create = collected.api.find((r) => r.url === '/api/v1/media' && r.method === 'POST')
    expect(numericNodes(create?.schema?.body).map((n) => n.path)).toContain('size_bytes')
  })

  it('every integer and number of every body, query and path schema is within ±Number.MAX_SAFE_INTEGER', () => {
    const problems: string[] = []
    for (const r of collected.api) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        for (const { path, node } of numericNodes(r.schema?.[part])) {
          // A literal (redirects' 301 | 302) is its own bound.
          if (typeof node.const === 'number') continue
          const max = typeof node.maximum === 'number' ? node.maximum : typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : undefined
          const min = typeof node.minimum === 'number' ? node.minimum : typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : undefined
          if (max === undefined || max > Number.MAX_SAFE_INTEGER || min === undefined || min < -Number.MAX_SAFE_INTEGER) {
            problems.push(`${String(r.method)} ${r.url} ${part} ${path}: minimum ${String(min)}, maximum ${String(max)}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('POST /media size_bytes past 2^53', () => {
  it('9007199254740993 is a 400 naming size_bytes, and nothing is stored', async () => {
    const site = await makeSite(t)
    const body = `{"site_id":"${site.id}","url":"https://cdn.example/a.png","mime_type":"image/png","size_bytes":9007199254740993}`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { 'content-type': 'application/json', 'x-api-key': site.keys.Write },
      payload: body,
    })
    const p = expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(p.errors?.[0]?.field).toBe('size_bytes')
    expect(await t.dbh.db.select().from(media).where(eq(media.site_id, site.id))).toHaveLength(0)
    // The largest safe integer is still a size.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { 'content-type': 'application/json', 'x-api-key': site.keys.Write },
      payload: body.replace('9007199254740993', String(Number.MAX_SAFE_INTEGER)),
    })
    expect(expectStatus<{ size_bytes: number }>(ok, 201).size_bytes).toBe(Number.MAX_SAFE_INTEGER)
  })
})
