import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { expectVersion, parseIfMatch, versionTag } from '../core/versions.js'
import { validation } from './errors.js'

/*
 * ETag and If-Match (README "API behaviour worth knowing"; the version itself: core/versions.ts). Which answers carry the
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

type RouteLike = Pick<RouteOptions, 'method' | 'url' | 'config'> & { schema?: FastifySchema }

const methodsOf = (route: RouteLike) => (Array.isArray(route.method) ? route.method : [route.method])
const propsOf = (s: unknown): readonly string[] | undefined => {
  if (typeof s !== 'object' || s === null) return undefined
  const o = s as { type?: unknown; properties?: Record<string, unknown> }
  if (o.type !== 'object' || typeof o.properties !== 'object' || o.properties === null) return undefined
  // A page of records is no record.
  if ('data' in o.properties && 'meta' in o.properties) return undefined
  return Object.keys(o.properties)
}
const responseOf = (route: RouteLike, code: string) => ((route.schema?.response ?? {}) as Record<string, unknown>)[code]

/**
 * The answer fields of the GET and the PUT of each URL (the same record), collected as routes are declared. Their
 * common fields are the record's: a GET answering more (an extra derived field, or the record with its children)
 * and a PUT answering the record tag the same version.
 */
const byUrl = new Map<string, { get?: readonly string[]; put?: readonly string[] }>()

function remember(route: RouteLike): void {
  const methods = methodsOf(route)
  const etag = route.config?.etag
  if (etag === false) return
  const entry = byUrl.get(route.url) ?? {}
  if (methods.includes('GET')) entry.get = etag ? propsOf(etag) : propsOf(responseOf(route, '200'))
  if (methods.includes('PUT')) entry.put = propsOf(responseOf(route, '200'))
  byUrl.set(route.url, entry)
}

/** The record's fields at a URL: those its GET and PUT both answer (either alone when the other does not exist). */
function recordFields(url: string): readonly string[] | undefined {
  const e = byUrl.get(url)
  if (!e?.get || !e.put) return e?.put ?? e?.get
  const put = new Set(e.put)
  return e.get.filter((f) => put.has(f))
}

/**
 * The top-level fields of a route's answer that make up the record its ETag is of; undefined: the answer carries no
 * ETag. GET of a record route or of a URL with a PUT, and PUT: the URL's record fields; POST create: the record
 * fields of `<url>/:id` where that exists, else its answer's; an If-Match POST: its answer's.
 */
export function taggedFields(route: RouteLike): readonly string[] | undefined {
  const etag = route.config?.etag
  if (etag === false) return undefined
  const methods = methodsOf(route)
  if (methods.includes('GET'))
    return byUrl.get(route.url)?.get && (etag || route.config?.access?.kind === 'record' || byUrl.get(route.url)?.put) ? recordFields(route.url) : undefined
  if (methods.includes('PUT')) return recordFields(route.url)
  if (etag) return propsOf(etag)
  if (methods.includes('POST') && route.config?.ifMatch) return propsOf(responseOf(route, '200'))
  // A create answering more than the record (a blog with its localizations): the tag of the record its GET answers.
  if (methods.includes('POST')) return propsOf(responseOf(route, '201')) && (recordFields(`${route.url}/:id`) ?? propsOf(responseOf(route, '201')))
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
  /** The fields of the record If-Match is compared on: the answer's, else the URL's record fields (DELETE). */
  matchFields: readonly string[] | undefined
}

export function registerEditConflicts(app: FastifyInstance): void {
  app.addHook('onRoute', remember)
  /** Per route, computed at its first request (the route table is complete by then). */
  const plans = new WeakMap<object, Plan>()
  const planOf = (req: FastifyRequest): Plan => {
    const key = req.routeOptions.config
    let plan = plans.get(key)
    if (!plan) {
      const url = req.routeOptions.url ?? ''
      const route = { method: req.routeOptions.method, url, config: req.routeOptions.config, schema: req.routeOptions.schema }
      const fields = taggedFields(route)
      plan = { fields: fields ?? null, ifMatch: acceptsIfMatch(route), matchFields: fields ?? recordFields(url) }
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
