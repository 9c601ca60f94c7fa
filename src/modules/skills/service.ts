import { requireSite, satisfies, visibleSiteIds } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import type { RawJson } from '../../core/read-cache.js'
import { notFound, validation } from '../../http/errors.js'
import type { PageQuery } from '../../http/pagination.js'
import { skillEntity, skillResource } from './skills.resource.js'
import type { CreateSkillBody, Skill, SkillBySlugQuery, UpdateSkillBody } from './schemas.js'

/*
 * Skills: shared records on kits/shared-resource/rules.ts. Access is the route's
 * (site(), record(), bodySites()); this file holds the one rule of its own, the by-slug lookup without a site
 * in the path, done like GET /tags/by-slug/{slug}.
 */

export const list = (ctx: Ctx, siteId: string, query: PageQuery): Promise<RawJson> => skillResource.list(ctx, siteId, query)
export const get = (ctx: Ctx, id: string): Promise<Skill> => skillResource.get(ctx, id)
export const create = (ctx: Ctx, body: CreateSkillBody): Promise<Skill> => skillResource.create(ctx, body)
export const update = (ctx: Ctx, id: string, body: UpdateSkillBody): Promise<Skill> => skillResource.update(ctx, id, body)
export const remove = (ctx: Ctx, id: string): Promise<void> => skillResource.remove(ctx, id)

/**
 * A live skill by slug. With `site_id`: among the skills that site carries (Read there; 404 when the site is out of
 * reach or has no such skill); cached per record. Without: among the sites the caller can read (not cached); 404 when
 * none carries it, 400 on `site_id` when the slug names different skills in several of them (one shared skill
 * carried by several of them is one answer).
 */
export async function bySlug(ctx: Ctx, slug: string, query: SkillBySlugQuery): Promise<RawJson | Skill> {
  if (query.site_id !== undefined) {
    await requireSite(ctx, query.site_id, 'Read')
    return skillResource.bySlug(ctx, query.site_id, slug)
  }
  const found = await skillResource.findBySlug(ctx.db, slug, visibleSiteIds(ctx.principal))
  const readable = found.filter((f) => f.foundIn.some((s) => satisfies(ctx.principal, s, 'Read')))
  if (readable.length > 1) validation('site_id', `the slug "${slug}" names ${readable.length} different skills in sites you can read; name the site`)
  return readable[0]?.record ?? notFound(skillEntity)
}
