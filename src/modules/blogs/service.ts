import type { Ctx } from '../../core/context.js'
import { registerScope } from '../../core/scope.js'
import { notFound } from '../../http/errors.js'
import * as q from './queries.js'
import type { Blog } from './schemas.js'

/** A blog lives in its owning site and every site that carries it; soft-deleted blogs resolve to nothing (404). */
registerScope('blog', async (db, id) => {
  const row = await q.findBlog(db, id)
  if (!row) return undefined
  const siteIds = await q.siteIdsOf(db, row.content_id)
  return { siteId: row.site_id, siteIds: siteIds.length > 0 ? siteIds : [row.site_id] }
})

/** One live blog (access resolved by the route). 404 when unknown or deleted. */
export async function get(ctx: Ctx, id: string): Promise<Blog> {
  return (await q.findBlogWire(ctx.db, id)) ?? notFound('blog')
}
