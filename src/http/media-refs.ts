import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify'
import { checkMediaRefs, mediaRefPaths, mediaRefValues, type MediaRefPath } from '../core/media-refs.js'
import { accessOf, type Access } from './access.js'

/*
 * The one place media references are checked. A body field that names media is declared
 * with MediaRef() (http/schemas.ts); at start-up every route's body schema is walked for such fields (nested
 * objects and arrays included: a new page's `sections[].cover_image_id`), and only the routes that have one get a
 * preHandler. It runs after validation and access, reads the ids the body names and checks them all in one query
 * against the record's owning site (core/media-refs.ts): for a record route the existing record's owner, for a
 * body-sites route the first site named, for a site route the path's site. A route with media fields whose access
 * says no owning site fails at start-up, so a new field or route cannot go unchecked.
 */

/** The site whose media the record may use, as the route's access resolved it. */
function ownerSite(req: FastifyRequest, access: Access): string | undefined {
  switch (access.kind) {
    case 'record':
      return req.recordScope?.siteId ?? undefined
    case 'bodySites': {
      const v = (req.body as Record<string, unknown> | undefined)?.[access.field]
      const first = Array.isArray(v) ? (v[0] as unknown) : v
      return typeof first === 'string' ? first.toLowerCase() : undefined
    }
    case 'site':
      return (req.params as Record<string, string | undefined>)[access.param]?.toLowerCase()
    default:
      return undefined
  }
}

function checker(paths: readonly MediaRefPath[]): preHandlerHookHandler {
  return (req, _reply, done) => {
    const refs = mediaRefValues(req.body, paths)
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
