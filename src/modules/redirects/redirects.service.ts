import { Type } from 'typebox'
import type { Ctx } from '../../core/context.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { RedirectRow } from '../../db/schema/site-links.js'
import { notFound, validation } from '../../http/errors.js'
import * as q from './redirects.queries.js'
import { RedirectTarget, type RedirectLookupQuery } from './schemas.js'

/** A path as redirects store and look it up: a leading slash, no trailing slash (but the root `/`). */
export function normalizePath(path: string): string {
  let p = path.startsWith('/') ? path : `/${path}`
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p
}

/** Source paths, and destinations that are paths of the site, are stored normalised (absolute URLs as given). */
export function normalize<V extends { source_path?: unknown; destination_path?: unknown }>(values: V): V {
  const out = { ...values }
  if (typeof out.source_path === 'string') out.source_path = normalizePath(out.source_path)
  if (typeof out.destination_path === 'string' && out.destination_path.startsWith('/')) out.destination_path = normalizePath(out.destination_path)
  return out
}

/** A redirect whose source and destination are the same would loop: a 400 (on create and after an update). */
export function checkDistinct(w: { values: Partial<RedirectRow>; before?: RedirectRow }): Promise<void> {
  const source = w.values.source_path ?? w.before?.source_path
  const destination = w.values.destination_path ?? w.before?.destination_path
  if (source !== undefined && source === destination) validation('destination_path', 'must differ from source_path')
  return Promise.resolve()
}

/** Lookups answered from the site's list version: every redirect write bumps it; "no redirect" is cached too. */
const NO_REDIRECT = Buffer.from('null')
const lookupCache = jsonCache('redirect-lookup', Type.Union([RedirectTarget, Type.Null()]))

/**
 * The active redirect for a path (normalised like source paths), else 404. Cached per site and path, misses
 * included (frontends ask for every path they serve); a cache miss is one indexed equality lookup.
 */
export async function lookup(ctx: Ctx, siteId: string, query: RedirectLookupQuery): Promise<RawJson> {
  const path = normalizePath(query.path)
  const raw = await lookupCache.get(ctx, siteId, `path:${path}`, async () => ({ value: (await q.activeRedirect(ctx.db, siteId, path)) ?? null, until: null }))
  return raw.equals(NO_REDIRECT) ? notFound('redirect') : raw
}
