import type { Ctx } from '../../core/context.js'
import type { RedirectRow } from '../../db/schema/site-links.js'
import { notFound, validation } from '../../http/errors.js'
import * as q from './redirects.queries.js'
import type { RedirectLookupQuery, RedirectTarget } from './schemas.js'

/** decisions.md: a redirect whose source and destination are the same is a 400 (on create and after an update). */
export function checkDistinct(w: { values: Partial<RedirectRow>; before?: RedirectRow }): Promise<void> {
  const source = w.values.source_path ?? w.before?.source_path
  const destination = w.values.destination_path ?? w.before?.destination_path
  if (source !== undefined && source === destination) validation('destination_path', 'must differ from source_path')
  return Promise.resolve()
}

/** The active redirect for a path (a missing leading slash is added), else 404. */
export async function lookup(ctx: Ctx, siteId: string, query: RedirectLookupQuery): Promise<RedirectTarget> {
  const path = query.path.startsWith('/') ? query.path : `/${query.path}`
  return (await q.activeRedirect(ctx.db, siteId, path)) ?? notFound('redirect')
}
