import type { RouteOptions } from 'fastify'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppPlugin } from '../../src/app.js'
import { defineEntity } from '../../src/core/entities.js'
import { openDb } from '../../src/db/client.js'
import { publicAccess, record } from '../../src/http/access.js'
import { modules } from '../../src/modules/index.js'
import type { TestApp } from '../helpers/app.js'
import { collectRoutes, type CollectedRoutes } from '../helpers/routes.js'
import { rawApp } from '../platform/support.js'

const PREFIX = '/api/v1'
/** The spec's unauthenticated endpoints (plus the OpenAPI document): nothing else may be public. */
const PUBLIC = new Set([
  'GET /api/v1',
  'GET /api/v1/',
  'GET /api/v1/health',
  'GET /api/v1/health/live',
  'GET /api/v1/health/ready',
  'GET /api/v1/config',
  'GET /api/v1/openapi.json',
  'GET /api/v1/documents/:id/download',
  'GET /api/v1/media/files/:name',
  // decisions.md "Preview": the token is the only credential
  'GET /api/v1/preview',
])
const ACCESS_KINDS = new Set(['public', 'any', 'jwtOnly', 'level', 'unscoped', 'site', 'record', 'bodySites'])
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/

/** Builds an app with extra modules registered after the real ones; the modules list is restored afterwards. */
async function withModules<T>(extra: AppPlugin[], fn: () => Promise<T>): Promise<T> {
  modules.push(...extra)
  try {
    return await fn()
  } finally {
    modules.splice(modules.length - extra.length, extra.length)
  }
}

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method])
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

let t: TestApp
let routes: RouteOptions[] = []
let collected: CollectedRoutes

beforeAll(async () => {
  collected = await collectRoutes()
  t = collected.t
  routes = collected.all
})
afterAll(() => collected.close())

describe('every route under /api/v1', () => {
  const apiRoutes = () => routes.filter((r) => r.url.startsWith(PREFIX))

  it('is collected (the modules registered routes)', () => {
    expect(apiRoutes().length).toBeGreaterThan(10)
    expect(apiRoutes().some((r) => r.url === `${PREFIX}/sites/:id` && methodsOf(r).includes('PUT'))).toBe(true)
  })

  it('declares config.access of a known kind and a 2xx response schema', () => {
    const problems: string[] = []
    for (const r of apiRoutes()) {
      const name = `${methodsOf(r).join(',')} ${r.url}`
      const access = r.config?.access
      if (!access || !ACCESS_KINDS.has(access.kind)) problems.push(`${name}: access ${JSON.stringify(access)}`)
      const response = (r.schema?.response ?? {}) as Record<string, unknown>
      if (!Object.keys(response).some((code) => /^2(\d\d|xx)$/.test(code))) problems.push(`${name}: no 2xx response schema`)
    }
    expect(problems).toEqual([])
  })

  it('is public only where the spec says so', () => {
    const open = apiRoutes()
      .filter((r) => r.config?.access?.kind === 'public')
      .flatMap((r) =>
        methodsOf(r)
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${r.url}`),
      )
    expect(open.length).toBeGreaterThanOrEqual(4)
    expect(open.filter((o) => !PUBLIC.has(o))).toEqual([])
  })

  it('path parameters named like ids are validated as UUIDs by the schema or the access check', () => {
    const problems: string[] = []
    for (const r of apiRoutes()) {
      for (const [, param] of r.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
        if (!param || !/(^id$|_id$)/.test(param)) continue
        const access = r.config?.access
        const checkedByAccess = (access?.kind === 'site' || access?.kind === 'record') && access.param === param
        const props = (r.schema?.params as { properties?: Record<string, { format?: string }> } | undefined)?.properties
        if (!checkedByAccess && props?.[param]?.format !== 'uuid') problems.push(`${r.url}: ${param}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('declares a summary and a camelCase operationId, unique across the API (schema: { ...op(id, summary) })', () => {
    const problems: string[] = []
    const owners = new Map<string, string>()
    const seen = new Set<string>()
    for (const r of apiRoutes()) {
      for (const method of methodsOf(r).filter((m) => m !== 'HEAD')) {
        // '/api/v1' and '/api/v1/' are one route (ignoreTrailingSlash).
        const name = `${method} ${r.url.length > PREFIX.length ? r.url : PREFIX}`
        if (seen.has(name)) continue
        seen.add(name)
        const { operationId, summary } = r.schema ?? {}
        if (typeof summary !== 'string' || summary.trim() === '') problems.push(`${name}: no summary`)
        if (typeof operationId !== 'string') problems.push(`${name}: no operationId`)
        else if (!OPERATION_ID.test(operationId)) problems.push(`${name}: operationId "${operationId}" is not camelCase`)
        else if (owners.has(operationId)) problems.push(`${name}: operationId ${operationId} is also used by ${owners.get(operationId)}`)
        else owners.set(operationId, name)
      }
    }
    expect(problems).toEqual([])
  })
})

describe('the start-up guard', () => {
  /** Modules are async plugins: a route the guard refuses rejects the registration. */
  const plugin =
    (register: (app: Parameters<AppPlugin>[0]) => void): AppPlugin =>
    (app) =>
      Promise.resolve().then(() => register(app))
  const build = async (bad: AppPlugin) => {
    const dbh = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 })
    try {
      await withModules([bad], async () => {
        const r = await rawApp(dbh)
        await r.close()
      })
    } finally {
      await dbh.close()
    }
  }

  it('refuses a route that declares no access', async () => {
    await expect(build(plugin((app) => app.get('/contract/no-access', { schema: { response: { 200: Type.Object({}) } } }, () => ({}))))).rejects.toThrow(
      /GET \/api\/v1\/contract\/no-access declares no access/,
    )
  })

  it('refuses a route without a 2xx response schema', async () => {
    await expect(
      build(plugin((app) => app.get('/contract/no-schema', { config: { access: publicAccess }, schema: { response: { 400: Type.Object({}) } } }, () => ({})))),
    ).rejects.toThrow(/declares no 2xx response schema/)
  })

  it('refuses record access for an entity without a scope resolver', async () => {
    await expect(
      build(
        plugin((app) =>
          app.get(
            '/contract/:id',
            { config: { access: record(defineEntity({ name: 'no_such_entity' }), 'Read') }, schema: { response: { 200: Type.Object({}) } } },
            () => ({}),
          ),
        ),
      ),
    ).rejects.toThrow(/no scope resolver/)
  })

  it('fails the OpenAPI document when two different schemas share one $id', async () => {
    const dbh = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 })
    const dup = (extra: string) => Type.Object({ [extra]: Type.String() }, { $id: 'ContractDuplicate' })
    try {
      const register = plugin((app) => {
        app.get('/contract/dup-a', { config: { access: publicAccess }, schema: { response: { 200: dup('a') } } }, () => ({ a: '' }))
        app.get('/contract/dup-b', { config: { access: publicAccess }, schema: { response: { 200: dup('b') } } }, () => ({ b: '' }))
      })
      await withModules([register], async () => {
        const r = await rawApp(dbh)
        try {
          await r.app.ready()
          expect(() => r.app.swagger()).toThrow(/two different schemas have \$id "ContractDuplicate"/)
        } finally {
          await r.close()
        }
      })
    } finally {
      await dbh.close()
    }
  })

  it('accepts a well-declared route (the guard is not simply failing everything)', async () => {
    await expect(
      build(plugin((app) => app.get('/contract/fine', { config: { access: publicAccess }, schema: { response: { 200: Type.Object({}) } } }, () => ({})))),
    ).resolves.toBeUndefined()
  })
})

interface SchemaNode {
  $ref?: string
  type?: string | string[]
  items?: SchemaNode
  [key: string]: unknown
}
interface Media {
  schema?: SchemaNode
}
interface Operation {
  operationId?: string
  summary?: string
  tags?: string[]
  parameters?: Array<{ in: string; name: string; required?: boolean }>
  requestBody?: { required?: boolean; content?: Record<string, Media> }
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>
  security?: unknown[]
}
interface OpenApiDoc {
  openapi: string
  info: { title: string; version: string }
  servers?: Array<{ url: string }>
  tags?: Array<{ name: string; description?: string }>
  components: { schemas: Record<string, SchemaNode> }
  paths: Record<string, Record<string, Operation>>
}

const PROBLEM_REF = '#/components/schemas/Problem'
const GUARDED = new Set(['site', 'record', 'bodySites', 'level', 'unscoped', 'jwtOnly'])

/** The problem answers a route must document, from what it declares (the lower bound; more is allowed). */
function requiredProblems(r: RouteOptions, method: string): number[] {
  const kind = r.config?.access?.kind ?? 'public'
  const hasParams = r.url.includes('/:')
  // Only a public route may opt out of rate limiting (the health probes).
  const out = kind === 'public' && r.config?.rateLimit === false ? [] : [429]
  if (r.schema?.body || r.schema?.querystring || hasParams) out.push(400)
  if (kind !== 'public') out.push(401)
  if (GUARDED.has(kind)) out.push(403)
  if (kind === 'site' || kind === 'record' || hasParams) out.push(404)
  if (method === 'POST' || method === 'PUT') out.push(409)
  if (r.schema?.body) out.push(413, 415)
  return out
}

/** Every `$ref` in a document node. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refsIn(n, out)
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v)
      else refsIn(v, out)
    }
  }
  return out
}

describe('OpenAPI document and interactive docs', () => {
  let doc: OpenApiDoc
  beforeAll(async () => {
    // No X-API-Key, no Authorization: the document is public.
    const res = await t.app.inject({ method: 'GET', url: `${PREFIX}/openapi.json` })
    expect(res.statusCode, res.body).toBe(200)
    doc = res.json<OpenApiDoc>()
  })

  /** Every documented operation of a collected route (HEAD and hidden routes have none). */
  const operations = () =>
    routes
      .filter((r) => r.url.startsWith(PREFIX) && !r.schema?.hide)
      .flatMap((r) =>
        methodsOf(r)
          .filter((m) => m !== 'HEAD')
          .map((method) => ({ route: r, method, name: `${method} ${r.url}`, op: doc.paths[openApiPath(r.url)]?.[method.toLowerCase()] })),
      )

  it('is OpenAPI 3.1, served without credentials, versioned like the service', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.version).toBe(t.config.version)
    expect(doc.info.title).toBe('Atrium API')
  })

  it('names the server; paths carry /api/v1 themselves', () => {
    expect(doc.servers?.length).toBeGreaterThan(0)
    for (const server of doc.servers ?? []) expect(typeof server.url).toBe('string')
    expect(Object.keys(doc.paths).every((p) => p.startsWith(PREFIX))).toBe(true)
  })

  it('contains every route (method and path) with its 2xx response', () => {
    const missing: string[] = []
    for (const { name, op } of operations()) {
      if (!op) missing.push(name)
      else if (!Object.keys(op.responses ?? {}).some((c) => c.startsWith('2'))) missing.push(`${name} (no 2xx)`)
    }
    expect(missing).toEqual([])
  })

  it('marks the public endpoints as needing no credentials, and the others as needing them', () => {
    const health = doc.paths[`${PREFIX}/health`]?.get
    expect(health?.security).toEqual([])
    const sites = doc.paths[`${PREFIX}/sites`]?.get
    expect(sites?.security === undefined || (Array.isArray(sites.security) && sites.security.length > 0)).toBe(true)
  })

  it('has component schemas named by their $id (never def-N), Problem among them, and every $ref resolves', () => {
    const names = Object.keys(doc.components.schemas)
    expect(names.filter((n) => /^def-\d+$/.test(n))).toEqual([])
    expect(names).toEqual(expect.arrayContaining(['Problem', 'Blog', 'BlogListItem', 'BlogListItemPage', 'BlogDetail', 'Tag', 'ApiKey', 'Site']))
    const components = doc.components as unknown as Record<string, Record<string, unknown> | undefined>
    const resolves = (ref: string) => {
      const [, kind, name] = /^#\/components\/([A-Za-z]+)\/([^/]+)$/.exec(ref) ?? []
      return !!kind && !!name && !!components[kind] && name in (components[kind] ?? {})
    }
    const dangling = refsIn(doc).filter((ref) => !resolves(ref))
    expect([...new Set(dangling)]).toEqual([])
  })

  it('answers JSON with named components (a $ref, or an array of them), not inline schemas', () => {
    const inline: string[] = []
    for (const { name, op } of operations()) {
      for (const [code, response] of Object.entries(op?.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema
        if (!schema) continue
        const named = schema.$ref ?? (schema.type === 'array' ? schema.items?.$ref : undefined)
        if (!named) inline.push(`${name} ${code}`)
      }
    }
    expect(inline).toEqual([])
  })

  it('documents the 4xx answers each route can give as application/problem+json Problem', () => {
    const problems: string[] = []
    for (const { route, method, name, op } of operations()) {
      const responses = op?.responses ?? {}
      for (const status of requiredProblems(route, method)) {
        if (!responses[String(status)]) problems.push(`${name}: no ${status}`)
      }
      for (const [code, response] of Object.entries(responses)) {
        if (!/^4\d\d$/.test(code)) continue
        const content = response.content ?? {}
        if (Object.keys(content).join() !== 'application/problem+json' || content['application/problem+json']?.schema?.$ref !== PROBLEM_REF) {
          problems.push(`${name} ${code}: not application/problem+json with ${PROBLEM_REF}`)
        }
        if (!response.description || response.description === 'Default Response') problems.push(`${name} ${code}: no description`)
      }
    }
    expect(problems).toEqual([])
  })

  it('marks a query parameter required only when the route needs it (no default, not optional)', () => {
    const problems: string[] = []
    for (const { route, name, op } of operations()) {
      const query = route.schema?.querystring as { properties?: Record<string, object>; required?: string[] } | undefined
      for (const param of (op?.parameters ?? []).filter((p) => p.in === 'query')) {
        const prop = query?.properties?.[param.name]
        const needed = !!prop && !!query?.required?.includes(param.name) && !('default' in prop)
        if ((param.required ?? false) !== needed) problems.push(`${name}: ?${param.name} required=${String(param.required)}`)
      }
    }
    expect(problems).toEqual([])
    const page = doc.paths[`${PREFIX}/sites/{site_id}/blogs`]?.get?.parameters?.find((p) => p.name === 'page')
    expect(page?.required).toBe(false)
  })

  it('lists every operation tag at the top level, with a description', () => {
    const described = new Set((doc.tags ?? []).filter((tag) => tag.description).map((tag) => tag.name))
    const undescribed = new Set(operations().flatMap(({ op }) => (op?.tags ?? []).filter((tag) => !described.has(tag))))
    expect([...undescribed]).toEqual([])
  })

  it('documents GET /api/v1 as the text/plain version it answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: PREFIX })
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toBe(t.config.version)
    const content = doc.paths[PREFIX]?.get?.responses?.['200']?.content ?? {}
    expect(Object.keys(content)).toEqual(['text/plain'])
  })

  it('/api/docs serves the interactive documentation, titled Atrium API and not Swagger UI', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({ method: 'GET', url: new URL(String(res.headers.location), 'http://x/api/docs').pathname })
    }
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? ''
    expect(title).toMatch(/Atrium/)
    expect(title).not.toMatch(/Swagger UI/i)
  })
})
