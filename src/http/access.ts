import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { isUnscoped, requireLevel, requireRecord, requireSite, requireSites, type ScopeLoad } from '../core/access.js'
import { isRegistered, type Entity } from '../core/entities.js'
import { REQUIREMENT_LEVEL } from '../core/levels.js'
import type { Level, Requirement } from '../core/principal.js'
import { forbidden, unauthenticated, validation } from './errors.js'

/** How a route is protected. Every route under /api/v1 must declare one (checked at start-up). */
export type Access =
  | { kind: 'public' }
  | { kind: 'any' }
  | { kind: 'jwtOnly' }
  | { kind: 'level'; need: Level }
  | { kind: 'unscoped'; need: Level; jwt: 'any' | 'systemAdmin' }
  | { kind: 'site'; need: Requirement; param: string }
  | { kind: 'record'; entity: Entity; need: Requirement; param: string; load?: ScopeLoad }
  | { kind: 'bodySites'; need: Requirement; field: string }

/** No authentication (GET /, /health, /config, document download). */
export const publicAccess: Access = { kind: 'public' }
/** Any authenticated caller. */
export const anyAuth: Access = { kind: 'any' }
/** Identity-provider users only; API keys get 403. */
export const jwtOnly: Access = { kind: 'jwtOnly' }
/** A global level: API key permission, or a JWT user's best role (system admins: Master). Services apply scope. */
export const level = (need: Level): Access => ({ kind: 'level', need })
/** Not bound to a site: unscoped keys at `need`; JWT users per `jwt`. */
export const unscoped = (need: Level, jwt: 'any' | 'systemAdmin' = 'systemAdmin'): Access => ({ kind: 'unscoped', need, jwt })
/** The site named by a path parameter (default `site_id`). */
export const site = (need: Requirement, param = 'site_id'): Access => ({ kind: 'site', need, param })
/**
 * The record named by a path parameter (default `id`), resolved to its site(s) by the entity's scope resolver, or by
 * `load` (core/access.ts ScopeLoad) when the route's answer carries them.
 */
export const record = (entity: Entity, need: Requirement, param = 'id', load?: ScopeLoad): Access => ({
  kind: 'record',
  entity,
  need,
  param,
  ...(load ? { load } : {}),
})
/**
 * The site(s) named in the body (`site_id`, or `site_ids` of shared content): `need` on every one of them,
 * checked after the body is validated and before the handler. Before parsing, a caller whose best level is
 * below `need` everywhere already gets 403.
 */
export const bodySites = (field: string, need: Requirement): Access => ({ kind: 'bodySites', need, field })

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const accessOf = (req: FastifyRequest): Access | undefined => req.routeOptions.config.access

function paramId(req: FastifyRequest, name: string): string {
  const v = (req.params as Record<string, string | undefined>)[name]
  if (v === undefined || !UUID.test(v)) validation(name, 'must be a UUID')
  return (v as string).toLowerCase()
}

/**
 * Enforces the route's declared access before the handler (and before body validation). Throws a problem at once,
 * or answers a promise when the decision needs the site or record (only those wait): every request runs this.
 */
export function enforceAccess(req: FastifyRequest): Promise<void> | undefined {
  const access = accessOf(req)
  if (!access || access.kind === 'public') return
  const ctx = req.ctx
  const p = ctx.principal
  if (p.kind === 'anonymous') unauthenticated()
  switch (access.kind) {
    case 'any':
      return
    case 'jwtOnly':
      if (p.kind !== 'user') forbidden('This endpoint needs an identity-provider token; API keys are not accepted')
      return
    case 'level':
      requireLevel(ctx, access.need)
      return
    case 'unscoped':
      if (p.kind === 'user') {
        if (access.jwt === 'systemAdmin' && !p.isSystemAdmin) forbidden('This needs a system administrator')
        return
      }
      requireLevel(ctx, access.need)
      if (!isUnscoped(p)) forbidden('This needs a key that is not scoped to a site')
      return
    case 'site':
      return requireSite(ctx, paramId(req, access.param), access.need)
    case 'record':
      return requireRecord(ctx, access.entity, paramId(req, access.param), access.need, access.load).then((scope) => {
        req.recordScope = scope
      })
    case 'bodySites':
      requireLevel(ctx, REQUIREMENT_LEVEL[access.need])
      return
  }
}

/** Site ids a bodySites route names in its (validated) body. */
function bodySiteIds(body: unknown, field: string): string[] {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase())
}

/** Second half of bodySites access, once the body has passed validation: the requirement on every named site. */
export async function enforceBodyAccess(req: FastifyRequest): Promise<void> {
  const access = accessOf(req)
  if (access?.kind !== 'bodySites') return
  await requireSites(req.ctx, bodySiteIds(req.body, access.field), access.need)
}

function hasSuccessSchema(route: RouteOptions): boolean {
  const response = route.schema?.response as Record<string, unknown> | undefined
  return !!response && Object.keys(response).some((code) => /^2(\d\d|xx)$/.test(code))
}

/** Start-up guard: a route under /api/v1 without an access declaration or a 2xx response schema is a bug. */
export function registerAccessGuard(app: FastifyInstance, prefix = '/api/v1'): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD') && route.method.length === 1)) return
    const access = route.config?.access
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`)
    if (access.kind === 'record' && (!isRegistered(access.entity) || !access.entity.scope)) {
      throw new Error(`Route ${String(route.method)} ${route.url} uses record access for "${access.entity.name}" but no scope resolver is registered`)
    }
    if (access.kind === 'bodySites' && !(route.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties?.[access.field]) {
      throw new Error(`Route ${String(route.method)} ${route.url} takes its site from body field "${access.field}", which its body schema lacks`)
    }
    if (!hasSuccessSchema(route)) throw new Error(`Route ${String(route.method)} ${route.url} declares no 2xx response schema`)
  })
}
