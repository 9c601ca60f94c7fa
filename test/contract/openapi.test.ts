import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as errors from '../../src/http/errors.js'
import { ApiError } from '../../src/http/errors.js'
import { ERROR_CODES } from '../../src/http/schemas.js'
import { validatorCompiler } from '../../src/http/validation.js'
import type { TestApp } from '../helpers/app.js'
import { collectRoutes, type CollectedRoutes } from '../helpers/routes.js'

/*
 * What a client generator (openapi-typescript + openapi-fetch) reads beyond test/contract/routes.test.ts: named request
 * bodies with examples that validate, response headers, the Problem code enum, and the document's metadata.
 */

const PREFIX = '/api/v1'
type Node = Record<string, unknown>
interface Media {
  schema?: Node
  examples?: Record<string, { $ref?: string }>
  example?: unknown
}
interface Response {
  headers?: Record<string, { $ref?: string }>
  content?: Record<string, Media>
}
interface Operation {
  operationId?: string
  requestBody?: { content?: Record<string, Media>; description?: string }
  responses: Record<string, Response>
}
interface Doc {
  info: { description: string; license?: { name: string; identifier?: string } }
  tags: Array<{ name: string }>
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Node>; headers: Record<string, Node>; examples: Record<string, { value: unknown }> }
}

let collected: CollectedRoutes
let t: TestApp
let doc: Doc

beforeAll(async () => {
  collected = await collectRoutes()
  t = collected.t
  const res = await t.app.inject({ method: 'GET', url: `${PREFIX}/openapi.json` })
  expect(res.statusCode).toBe(200)
  doc = res.json<Doc>()
})
afterAll(() => collected.close())

const methodsOf = (r: RouteOptions) => [r.method].flat().filter((m) => m !== 'HEAD')
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
/** Every documented operation with the route that declares it. */
const operations = () =>
  collected.api
    .filter((r) => !r.schema?.hide)
    .flatMap((r) => methodsOf(r).map((m) => ({ route: r, method: m, name: `${m} ${r.url}`, op: doc.paths[openApiPath(r.url)]?.[m.toLowerCase()] })))
const exampleOf = (media: Media | undefined): unknown => {
  const ref = Object.values(media?.examples ?? {})[0]?.$ref
  return ref ? doc.components.examples[ref.replace('#/components/examples/', '')]?.value : media?.example
}
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

describe('request bodies', () => {
  it('are named components (`…Body`), referenced with $ref, never inline', () => {
    const inline: string[] = []
    for (const { name, op } of operations()) {
      for (const [type, media] of Object.entries(op?.requestBody?.content ?? {})) {
        const ref = media.schema?.$ref
        if (typeof ref !== 'string' || !/^#\/components\/schemas\/[A-Z][A-Za-z0-9]*Body$/.test(ref)) inline.push(`${name} ${type}`)
      }
    }
    expect(inline).toEqual([])
    const names = Object.keys(doc.components.schemas)
    expect(names).toEqual(
      expect.arrayContaining([
        'CreateBlogBody',
        'UpdateBlogBody',
        'CreateBlogLocalizationBody',
        'CreateSocialLinkBody',
        'ReorderBody',
        'BulkBody',
        'UploadMediaBody',
      ]),
    )
    const create = doc.paths[`${PREFIX}/blogs`]?.post?.requestBody?.content?.['application/json']?.schema
    expect(create).toEqual({ $ref: '#/components/schemas/CreateBlogBody' })
    // A body shared by several routes is one component, named by the body.
    const reorders = [`${PREFIX}/sites/{site_id}/social/reorder`, `${PREFIX}/sites/{site_id}/redirects/reorder`]
      .map((p) => doc.paths[p]?.post?.requestBody?.content?.['application/json']?.schema?.$ref)
      .filter(Boolean)
    expect(reorders.length).toBeGreaterThan(0)
    for (const ref of reorders) expect(ref).toBe('#/components/schemas/ReorderBody')
    // Markers used to build the document never reach it.
    expect(JSON.stringify(doc)).not.toMatch(/x-component-name|x-atrium-|"multipart"|"responseHeaders"/)
  })

  it('each have an example, and every JSON example is a body the route accepts', () => {
    const problems: string[] = []
    for (const { route, name, op } of operations()) {
      for (const [type, media] of Object.entries(op?.requestBody?.content ?? {})) {
        const example = exampleOf(media)
        if (example === undefined) {
          problems.push(`${name} ${type}: no example`)
          continue
        }
        if (type !== 'application/json' || !route.schema?.body) continue
        const validate = validatorCompiler({ schema: route.schema.body, method: route.method as 'POST', url: route.url, httpPart: 'body' }) as (
          v: unknown,
        ) => boolean
        if (!validate(clone(example))) problems.push(`${name}: example ${JSON.stringify(example)} is refused`)
      }
    }
    expect(problems).toEqual([])
  })

  it('documents the multipart upload (site_ids, folder_id, is_global, then file) without a validated body on the route', () => {
    const upload = collected.api.find((r) => r.url === `${PREFIX}/media/upload`)
    expect(upload?.schema?.body).toBeUndefined() // the route streams its parts: Fastify must not read the body
    const content = doc.paths[`${PREFIX}/media/upload`]?.post?.requestBody?.content ?? {}
    expect(Object.keys(content)).toEqual(['multipart/form-data'])
    const form = doc.components.schemas.UploadMediaBody as { properties: Record<string, Node>; required: string[] }
    expect(Object.keys(form.properties)).toEqual(['site_ids', 'folder_id', 'is_global', 'file'])
    expect(form.required).toEqual(expect.arrayContaining(['site_ids', 'file']))
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' })
    expect(form.properties.site_ids).toMatchObject({ type: 'string', contentMediaType: 'application/json' })
    expect(exampleOf(content['multipart/form-data'])).toMatchObject({ site_ids: expect.any(String) })
  })
})

describe('responses', () => {
  const headersOf = (p: string, method: string, code: string) => Object.keys(doc.paths[`${PREFIX}${p}`]?.[method]?.responses[code]?.headers ?? {}).sort()
  const RATE = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']

  it('declare RateLimit-* on every answer, Retry-After on 429, all as references to components.headers', () => {
    const problems: string[] = []
    for (const { route, name, op } of operations()) {
      // decisions.md "probes": without authentication and without rate limits, as the route table marks them.
      const limited = route.config?.rateLimit !== false
      for (const [code, response] of Object.entries(op?.responses ?? {})) {
        const headers = response.headers ?? {}
        for (const h of [...(limited ? RATE : []), ...(code === '429' ? ['Retry-After'] : [])]) if (!headers[h]) problems.push(`${name} ${code}: no ${h}`)
        for (const [h, ref] of Object.entries(headers))
          if (ref.$ref !== `#/components/headers/${h}` || !doc.components.headers[h]) problems.push(`${name} ${code}: ${h}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('declare ETag on answers that return one record, and not on lists, pages or results', () => {
    for (const [p, method, code] of [
      ['/blogs/{id}', 'get', '200'],
      ['/blogs/{id}', 'put', '200'],
      ['/blogs', 'post', '201'],
      ['/blogs/{id}/detail', 'get', '200'],
      ['/sites/{site_id}/blogs/by-slug/{slug}', 'get', '200'],
      ['/sites/{site_id}/pages/by-route/{route}', 'get', '200'],
      ['/blogs/{id}/review', 'post', '200'],
      ['/blogs/localizations/{loc_id}', 'put', '200'],
      ['/social/{id}', 'get', '200'],
      ['/media/upload', 'post', '201'],
      ['/sites/{site_id}/feed.rss', 'get', '200'],
      // Settings have a PUT, so their GET carries the tag that PUT's If-Match names (http/etag.ts).
      ['/sites/{site_id}/settings', 'get', '200'],
    ] as const) {
      expect(headersOf(p, method, code), `${method} ${p}`).toEqual(['ETag', ...RATE])
    }
    for (const [p, method, code] of [
      ['/sites/{site_id}/blogs', 'get', '200'],
      ['/sites/{site_id}/social', 'get', '200'],
      ['/sites/{site_id}/blogs/bulk', 'post', '200'],
      ['/blogs/{id}', 'delete', '204'],
      ['/blogs/{id}', 'get', '404'],
    ] as const) {
      expect(headersOf(p, method, code), `${method} ${p}`).toEqual(RATE)
    }
  })

  it('declare X-Total-Count where it is sent', async () => {
    expect(headersOf('/sites/{site_id}/blogs/featured', 'get', '200')).toContain('X-Total-Count')
    expect(headersOf('/sites/{site_id}/search', 'get', '200')).toContain('X-Total-Count')
    expect(headersOf('/sites/{site_id}/blogs', 'get', '200')).not.toContain('X-Total-Count')
    const { makeSite } = await import('../helpers/factories.js')
    const site = await makeSite(t)
    const res = await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/featured`)
    expect(res.headers['x-total-count']).toBe('0')
    expect(res.headers['ratelimit-limit']).toBeDefined()
  })

  it('give an example for every 2xx JSON answer of a component', () => {
    const missing: string[] = []
    for (const { name, op } of operations()) {
      for (const [code, response] of Object.entries(op?.responses ?? {})) {
        const json = response.content?.['application/json']
        if (!/^2/.test(code) || !json?.schema) continue
        if (exampleOf(json) === undefined) missing.push(`${name} ${code}`)
      }
    }
    expect(missing).toEqual([])
    const blog = exampleOf(doc.paths[`${PREFIX}/blogs/{id}`]?.get?.responses['200']?.content?.['application/json']) as Node
    expect(Object.keys(blog)).toEqual(Object.keys((doc.components.schemas.Blog as { properties: Node }).properties))
    expect(blog.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('Problem.code', () => {
  /** Codes the factories of http/errors.ts produce (called with placeholder arguments; they throw or return an ApiError). */
  function factoryCodes(): Set<string> {
    const out = new Set<string>()
    for (const [name, fn] of Object.entries(errors)) {
      if (typeof fn !== 'function' || fn === ApiError || ['toApiError', 'renderError', 'problemBody'].includes(name)) continue
      try {
        const made: unknown = (fn as (...a: unknown[]) => unknown)('field', 'message')
        if (made instanceof ApiError) out.add(made.code)
      } catch (err) {
        if (err instanceof ApiError) out.add(err.code)
      }
    }
    return out
  }
  /** Codes written anywhere in src as `new ApiError(status, 'CODE'` or in the status table of http/errors.ts. */
  function sourceCodes(): Set<string> {
    const out = new Set<string>()
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
      )
    for (const file of walk(path.resolve('src'))) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/new ApiError\(\s*\d{3},\s*'([A-Z_]+)'/g)) out.add(m[1] as string)
      for (const m of text.matchAll(/\[\s*'([A-Z][A-Z_]{2,})',\s*'[^']*'\s*\]/g)) out.add(m[1] as string) // [code, title] pairs
    }
    return out
  }

  it('is an enum of every code the service answers (the error factories and every code raised in src)', () => {
    const codes = new Set<string>(ERROR_CODES)
    const factories = factoryCodes()
    expect(factories.size).toBeGreaterThan(10)
    const emitted = new Set([...factories, ...sourceCodes(), 'INTERNAL'])
    expect([...emitted].filter((c) => !codes.has(c))).toEqual([])
    // EDIT_CONFLICT (412, If-Match) is declared ahead of its factory; any other code nobody emits is stale.
    expect([...codes].filter((c) => !emitted.has(c) && c !== 'EDIT_CONFLICT')).toEqual([])
    expect(codes.has('EDIT_CONFLICT')).toBe(true)
    expect((doc.components.schemas.Problem as { properties: { code: { enum: string[] } } }).properties.code.enum).toEqual([...ERROR_CODES])
  })

  it('every answered problem carries a code of the enum', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PREFIX}/blogs/00000000-0000-4000-8000-000000000000` })
    expect(ERROR_CODES).toContain(res.json<{ code: string }>().code)
  })
})

describe('document metadata and the docs page', () => {
  it('has unique tags, an MIT license and a link to itself in the description', () => {
    const names = doc.tags.map((tag) => tag.name)
    expect(names.length).toBe(new Set(names).size)
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' })
    expect(doc.info.description).toContain('(/api/v1/openapi.json)')
  })

  it('the docs page shows the same document, linking to /api/v1/openapi.json (its own copy is not linked)', async () => {
    const shown = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(shown.json<Doc>().info.description).toContain('[/api/v1/openapi.json](/api/v1/openapi.json)')
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    const css = /href="([^"]*atrium\.css)"/.exec(page.body)?.[1]
    expect(css).toBeDefined()
    const style = await t.app.inject({ method: 'GET', url: new URL(css as string, 'http://x/api/docs/').pathname })
    expect(style.body).toContain('.info hgroup.main > a')
  })
})
