import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { expectVersion, parseIfMatch, versionTag } from '../core/versions.js'
import { validation } from './errors.js'

/*
 * ETag and If-Match (decisions.md, "Edit conflicts"; the version itself: core/versions.ts). Which answers carry the
 * tag and which requests take If-Match is derived from the route table, so every kit and module route gets it
 * without saying so:
 * - ETag: a 200/201 answer of one record: GET of a record route (`record(...)` access), PUT and POST (create) whose
 *   answer is an object schema other than a page. `config.etag` names the record's schema where the answer carries
 *   more than the record (blog detail, by slug, page by route: the tag is the record's) or where the rule would
 *   not see it; `false` opts out. Cached answers get theirs from the read cache (sendRaw).
 * - If-Match: PUT, DELETE, and POSTs with `config.ifMatch` (review). A malformed one is a 400; it is checked by the
 *   request's write itself (core/mutation.ts), under the row lock.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The schema of the record this route answers (its ETag covers those fields), or false: no ETag. */
    etag?: TSchema | false
    /** A POST that changes one record (review): it accepts If-Match. */
    ifMatch?: boolean
  }
}

type RouteLike = Pick<RouteOptions, 'method' | 'config'> & { schema?: FastifySchema }

const methodsOf = (route: RouteLike) => (Array.isArray(route.method) ? route.method : [route.method])
const propsOf = (s: unknown): readonly string[] | undefined => {
  if (typeof s !== 'object' || s === null) return undefined
  const o = s as { type?: unknown; properties?: unknown; $id?: unknown }
  if (o.type !== 'object' || typeof o.properties !== 'object' || o.properties === null) return undefined
  // A page of records is no record.
  if (typeof o.$id === 'string' && o.$id.endsWith('Page')) return undefined
  return Object.keys(o.properties)
}

/** The top-level fields of a route's answer that make up the record its ETag is of; undefined: the answer carries no ETag. */
export function taggedFields(route: RouteLike): readonly string[] | undefined {
  const etag = route.config?.etag
  if (etag === false) return undefined
  if (etag) return propsOf(etag)
  const methods = methodsOf(route)
  const response = (route.schema?.response ?? {}) as Record<string, unknown>
  if (methods.includes('GET') && route.config?.access?.kind === 'record') return propsOf(response['200'])
  if (methods.includes('PUT')) return propsOf(response['200'])
  if (methods.includes('POST') && !route.config?.ifMatch) return propsOf(response['201'])
  if (methods.includes('POST')) return propsOf(response['200'])
  return undefined
}

/** Whether a route takes If-Match. */
export const acceptsIfMatch = (route: RouteLike): boolean => {
  const methods = methodsOf(route)
  return methods.includes('PUT') || methods.includes('DELETE') || route.config?.ifMatch === true
}

interface Plan {
  /** The fields its answer's ETag covers; null: no ETag. */
  fields: readonly string[] | null
  ifMatch: boolean
  /** The fields of the record If-Match is compared on: the answer's, else those of the PUT or GET of the same URL (DELETE). */
  matchFields: readonly string[] | undefined
}

export function registerEditConflicts(app: FastifyInstance): void {
  /** Tagged fields of the PUT and GET routes by URL, for the DELETE of the same record. */
  const byUrl = new Map<string, readonly string[]>()
  app.addHook('onRoute', (route) => {
    const methods = methodsOf(route)
    if (!methods.includes('PUT') && !methods.includes('GET')) return
    const fields = taggedFields(route)
    if (fields && (methods.includes('PUT') || !byUrl.has(route.url))) byUrl.set(route.url, fields)
  })
  /** Per route, computed at its first request (the route table is complete by then). */
  const plans = new WeakMap<object, Plan>()
  const planOf = (req: FastifyRequest): Plan => {
    const key = req.routeOptions.config
    let plan = plans.get(key)
    if (!plan) {
      const route = { method: req.routeOptions.method, config: req.routeOptions.config, schema: req.routeOptions.schema }
      const fields = taggedFields(route)
      plan = { fields: fields ?? null, ifMatch: acceptsIfMatch(route), matchFields: fields ?? byUrl.get(req.routeOptions.url ?? '') }
      plans.set(key, plan)
    }
    return plan
  }

  app.addHook('preHandler', (req, _reply, done) => {
    const header = req.headers['if-match']
    const plan = header === undefined ? undefined : planOf(req)
    if (header === undefined || !plan?.ifMatch) {
      done()
      return
    }
    const want = parseIfMatch(header)
    if (want === undefined) {
      try {
        validation('If-Match', 'must be * or a list of quoted entity-tags')
      } catch (err) {
        done(err as Error)
        return
      }
    }
    expectVersion(req.ctx, want as NonNullable<typeof want>, plan.matchFields)
    done()
  })
  // Objects only: cached answers (bytes) got their tag from the read cache in sendRaw.
  app.addHook('preSerialization', (req, reply, payload, done) => {
    const code = reply.statusCode
    if ((code === 200 || code === 201) && payload !== null && typeof payload === 'object' && !reply.hasHeader('etag')) {
      const fields = planOf(req).fields
      if (fields) void reply.header('etag', versionTag(payload, fields))
    }
    done(null, payload)
  })
}
