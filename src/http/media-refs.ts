import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify'
import { checkMediaRefs, type MediaRefValue } from '../core/media-refs.js'
import { accessOf, type Access } from './access.js'
import { MEDIA_REF } from './schemas.js'

/*
 * The one place media references are checked (decisions.md "Content"). A body field that names media is declared
 * with MediaRef() (http/schemas.ts); at start-up every route's body schema is walked for such fields (nested
 * objects and arrays included: a new page's `sections[].cover_image_id`), and only the routes that have one get a
 * preHandler. It runs after validation and access, reads the ids the body names and checks them all in one query
 * against the record's owning site (core/media-refs.ts): for a record route the existing record's owner, for a
 * body-sites route the first site named, for a site route the path's site. A route with media fields whose access
 * says no owning site fails at start-up, so a new field or route cannot go unchecked.
 */

/** Where a marked field sits: property names, with '[]' for "every item of the array". */
type RefPath = readonly string[]

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The paths of every MediaRef field of a body schema (properties, array items, unions such as Nullable). */
export function mediaRefPaths(schema: unknown): RefPath[] {
  const out: RefPath[] = []
  const queue: Array<[unknown, RefPath]> = [[schema, []]]
  for (let i = 0; i < queue.length; i++) {
    const [s, path] = queue[i] as [unknown, RefPath]
    if (!isNode(s)) continue
    if (s[MEDIA_REF] === true) {
      out.push(path)
      continue
    }
    if (isNode(s.properties)) for (const [k, v] of Object.entries(s.properties)) queue.push([v, [...path, k]])
    if (s.items !== undefined) for (const v of Array.isArray(s.items) ? s.items : [s.items]) queue.push([v, [...path, '[]']])
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) for (const v of s[key] as unknown[]) queue.push([v, path])
  }
  // A union lists a field once per branch (Nullable(MediaRef()) is found once, but anyOf of objects may repeat it).
  return [...new Map(out.map((p) => [p.join('.'), p])).values()]
}

/** The media ids at `path` in a validated body, each with its field name (`sections.1.cover_image_id`). */
function valuesAt(body: unknown, path: RefPath, into: MediaRefValue[]): void {
  let level: Array<[unknown, string]> = [[body, '']]
  for (const seg of path) {
    const next: Array<[unknown, string]> = []
    for (const [v, at] of level) {
      if (seg === '[]') {
        if (Array.isArray(v)) v.forEach((item, i) => next.push([item, at ? `${at}.${i}` : String(i)]))
      } else if (isNode(v) && v[seg] !== undefined) next.push([v[seg], at ? `${at}.${seg}` : seg])
    }
    level = next
  }
  for (const [v, field] of level) if (typeof v === 'string') into.push({ field, id: v })
}

/** The site whose media the record may use, as the route's access resolved it. */
function ownerSite(req: FastifyRequest, access: Access): string | undefined {
  switch (access.kind) {
    case 'record':
      return req.recordScope?.siteId ?? undefined
    case 'bodySites': {
      const v = (req.body as Node | undefined)?.[access.field]
      const first = Array.isArray(v) ? (v[0] as unknown) : v
      return typeof first === 'string' ? first.toLowerCase() : undefined
    }
    case 'site':
      return (req.params as Record<string, string | undefined>)[access.param]?.toLowerCase()
    default:
      return undefined
  }
}

function checker(paths: readonly RefPath[]): preHandlerHookHandler {
  return (req, _reply, done) => {
    const refs: MediaRefValue[] = []
    for (const p of paths) valuesAt(req.body, p, refs)
    if (refs.length === 0) {
      done()
      return
    }
    const access = accessOf(req)
    const owner = access ? ownerSite(req, access) : undefined
    // Access ran before: an owner is always known here; without one nothing can be usable.
    checkMediaRefs(req.ctx.db, owner ?? '00000000-0000-0000-0000-000000000000', refs).then(() => done(), done)
  }
}

const OWNED_ACCESS = new Set<Access['kind']>(['record', 'bodySites', 'site'])

/** Start-up: every route whose body names media gets the check (after the shared preHandlers: access comes first). */
export function registerMediaRefs(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const paths = mediaRefPaths(route.schema?.body)
    if (paths.length === 0) return
    const access = route.config?.access
    if (!access || !OWNED_ACCESS.has(access.kind)) {
      throw new Error(`Route ${String(route.method)} ${route.url} names media in its body but its access (${access?.kind ?? 'none'}) names no owning site`)
    }
    const own = route.preHandler
    route.preHandler = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), checker(paths)]
  })
}
