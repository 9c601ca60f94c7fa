import type { RouteOptions } from 'fastify'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppPlugin } from '../../src/app.js'
import { defineEntity } from '../../src/core/entities.js'
import { openDb } from '../../src/db/client.js'
import { publicAccess, record } from '../../src/http/access.js'
import { modules } from '../../src/modules/index.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { rawApp } from '../platform/support.js'

const PREFIX = '/api/v1'
/** The spec's unauthenticated endpoints (plus the OpenAPI document): nothing else may be public. */
const PUBLIC = new Set(['GET /api/v1', 'GET /api/v1/', 'GET /api/v1/health', 'GET /api/v1/config', 'GET /api/v1/openapi.json', 'GET /api/v1/documents/:id/download'])
const ACCESS_KINDS = new Set(['public', 'any', 'jwtOnly', 'level', 'unscoped', 'site', 'record', 'bodySites'])

/** A non-encapsulated plugin (skip-override) placed first among the modules: its onRoute hook sees every module's route. */
function collector(into: RouteOptions[]): AppPlugin {
  const plugin: AppPlugin = (app) => {
    app.addHook('onRoute', (route) => {
      into.push(route)
    })
    return Promise.resolve()
  }
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return plugin
}

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
const routes: RouteOptions[] = []

beforeAll(async () => {
  const spy = collector(routes)
  modules.unshift(spy)
  try {
    t = await testApp()
  } finally {
    modules.splice(modules.indexOf(spy), 1)
  }
})
afterAll(() => t.close())

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
      .flatMap((r) => methodsOf(r).filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url}`))
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
    await expect(
      build(plugin((app) => app.get('/contract/no-access', { schema: { response: { 200: Type.Object({}) } } }, () => ({})))),
    ).rejects.toThrow(/GET \/api\/v1\/contract\/no-access declares no access/)
  })

  it('refuses a route without a 2xx response schema', async () => {
    await expect(
      build(plugin((app) => app.get('/contract/no-schema', { config: { access: publicAccess }, schema: { response: { 400: Type.Object({}) } } }, () => ({})))),
    ).rejects.toThrow(/declares no 2xx response schema/)
  })

  it('refuses record access for an entity without a scope resolver', async () => {
    await expect(
      build(plugin((app) => app.get('/contract/:id', { config: { access: record(defineEntity({ name: 'no_such_entity' }), 'Read') }, schema: { response: { 200: Type.Object({}) } } }, () => ({})))),
    ).rejects.toThrow(/no scope resolver/)
  })

  it('accepts a well-declared route (the guard is not simply failing everything)', async () => {
    await expect(
      build(plugin((app) => app.get('/contract/fine', { config: { access: publicAccess }, schema: { response: { 200: Type.Object({}) } } }, () => ({})))),
    ).resolves.toBeUndefined()
  })
})

interface OpenApiDoc {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>
}

describe('OpenAPI document and interactive docs', () => {
  let doc: OpenApiDoc
  beforeAll(async () => {
    // No X-API-Key, no Authorization: the document is public.
    const res = await t.app.inject({ method: 'GET', url: `${PREFIX}/openapi.json` })
    expect(res.statusCode, res.body).toBe(200)
    doc = res.json<OpenApiDoc>()
  })

  it('is OpenAPI 3.1, served without credentials, versioned like the service', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.version).toBe(t.config.version)
  })

  it('contains every route (method and path) with its 2xx response', () => {
    const missing: string[] = []
    for (const r of routes.filter((x) => x.url.startsWith(PREFIX))) {
      if (r.schema?.hide) continue
      for (const method of methodsOf(r)) {
        if (method === 'HEAD') continue
        const op = doc.paths[openApiPath(r.url)]?.[method.toLowerCase()]
        if (!op) missing.push(`${method} ${r.url}`)
        else if (!Object.keys(op.responses ?? {}).some((c) => c.startsWith('2'))) missing.push(`${method} ${r.url} (no 2xx)`)
      }
    }
    expect(missing).toEqual([])
  })

  it('marks the public endpoints as needing no credentials, and the others as needing them', () => {
    const health = doc.paths[`${PREFIX}/health`]?.get
    expect(health?.security).toEqual([])
    const sites = doc.paths[`${PREFIX}/sites`]?.get
    expect(sites?.security === undefined || (Array.isArray(sites.security) && sites.security.length > 0)).toBe(true)
  })

  it('/api/docs serves the interactive documentation', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({ method: 'GET', url: new URL(String(res.headers.location), 'http://x/api/docs').pathname })
    }
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toMatch(/swagger/i)
  })
})
