import type { FastifyContextConfig, FastifySchema, RouteShorthandOptions } from 'fastify'
import type { Access } from './access.js'
import { op } from './schemas.js'

/** The route config a declaration may name (access.ts, etag.ts, auth.ts, security.ts): it goes to `config`. */
const CONFIG_KEYS = ['access', 'etag', 'ifMatch', 'rateLimit', 'secret'] as const
/** Route options beside config and schema that declarations use. */
const ROUTE_KEYS = ['bodyLimit', 'preValidation'] as const
type ConfigKey = (typeof CONFIG_KEYS)[number]
type RouteKey = (typeof ROUTE_KEYS)[number]
/** What the operation's texts fill in: never written in a declaration. */
type TextKey = 'operationId' | 'summary' | 'tags' | 'description'

/**
 * One route, flat: its access (and any other config), its wire schemas (params, querystring, body, headers, response,
 * produces, multipart, …) and bodyLimit or preValidation, all in one object.
 */
export type RouteSpec = Omit<FastifySchema, TextKey> &
  Pick<FastifyContextConfig, ConfigKey> & { access: Access } & Pick<RouteShorthandOptions, 'bodyLimit'> & { preValidation?: unknown }

/**
 * The Fastify options of a RouteSpec: the schema keeps the spec's own schema types (TypeBox's `req.params`, `req.query`,
 * `req.body` and the reply type are inferred from them as from a written-out `schema`).
 */
export type RouteOptionsOf<S extends RouteSpec> = Pick<S, Extract<keyof S, RouteKey>> & {
  config: Pick<S, Extract<keyof S, ConfigKey>>
  schema: { operationId: string; summary: string; tags: string[]; description?: string } & Omit<S, ConfigKey | RouteKey>
}

const isConfigKey = (k: string): k is ConfigKey => (CONFIG_KEYS as readonly string[]).includes(k)
const isRouteKey = (k: string): k is RouteKey => (ROUTE_KEYS as readonly string[]).includes(k)

/**
 * Routes under one OpenAPI tag whose operation ids and texts are made at run time (the kits):
 * `route(operationId, summary, spec)`, where the spec may carry the `description`.
 */
export function taggedRoutes(
  tag: string,
): <S extends RouteSpec & { description?: string }>(operationId: string, summary: string, spec: S) => RouteOptionsOf<S> {
  const tags = [tag]
  return (operationId, summary, spec) => {
    const options: Record<string, unknown> = {}
    const config: Record<string, unknown> = {}
    const schema: Record<string, unknown> = { ...op(operationId, summary), tags }
    for (const [key, value] of Object.entries(spec)) {
      if (value === undefined) continue
      if (isConfigKey(key)) config[key] = value
      else if (isRouteKey(key)) options[key] = value
      else schema[key] = value
    }
    return { ...options, config, schema } as RouteOptionsOf<typeof spec>
  }
}

/** A module's operation texts by operationId: the summary, or the summary and the description. */
export type OperationTexts = Record<string, string | readonly [summary: string, description: string]>

/**
 * The route declarations of one module (docs/architecture.md, "Routes"): its OpenAPI tag and the texts of its operations
 * by operationId, once at the top; each route then names its operationId and its spec, on one line where it fits:
 * `app.get('/sites/:site_id/audit', route('listSiteAudit', { access: site('Read'), params: SiteParams, response: { 200: R } }), handler)`.
 */
export function operations<T extends OperationTexts>(
  tag: string,
  texts: T,
): <S extends RouteSpec & { description?: never }>(operationId: keyof T & string, spec: S) => RouteOptionsOf<S> {
  const route = taggedRoutes(tag)
  return (operationId, spec) => {
    const text = texts[operationId] as string | readonly [string, string]
    const [summary, description] = typeof text === 'string' ? [text] : text
    return route(operationId, summary, { ...spec, description })
  }
}
