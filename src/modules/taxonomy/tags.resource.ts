import { requireSite, satisfies, visibleSiteIds } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource, trimName } from '../../kits/site-resource/rules.js'
import { tags } from '../../db/schema/taxonomy.js'
import type { AppPlugin } from '../../http/app-types.js'
import { anyAuth } from '../../http/access.js'
import { notFound, validation } from '../../http/errors.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import * as q from './queries.js'
import { CreateTagBody, Tag, TagBySlugParams, TagBySlugQuery, TagListQuery, UpdateTagBody, presentTag } from './schemas.js'

export const tagEntity = defineEntity({ name: 'tag', events: crudEvents('tag'), scope: siteOwned(tags) })

/** Tags: site-owned, slug derived from the name, soft delete; a change refreshes every site showing tagged content. */
export const tagResource = siteResource({
  entity: tagEntity,
  table: tags,
  present: presentTag,
  order: [tags.name, tags.id],
  slugFrom: 'name',
  normalize: trimName,
  shownIn: (db, row) => q.sitesShowing(db, 'tag', row.id),
  embedded: true,
  routes: {
    path: 'tags',
    tag: 'Taxonomy',
    schemas: { item: Tag, create: CreateTagBody, update: UpdateTagBody, listQuery: TagListQuery },
    docs: {
      list: 'Live tags of the site, by name.',
      create: 'Creates a tag in `site_id` (Author there). Without `slug` it is derived from the name. 409 when the slug is taken in the site.',
      update: 'Renaming keeps the slug unless a new one is given.',
      delete: 'Soft delete: the tag answers 404 and no longer shows on content; its slug is free again.',
    },
  },
})

/**
 * A live tag by slug. With `site_id`: in that site (Read there; 404 when the site or slug is not found).
 * Without: among the sites the caller can read; 404 when none has it, 400 on `site_id` when several do.
 */
async function bySlug(ctx: Ctx, slug: string, query: TagBySlugQuery): Promise<Tag> {
  if (query.site_id !== undefined) await requireSite(ctx, query.site_id, 'Read')
  const rows = await q.findTagsBySlug(ctx.db, slug, query.site_id !== undefined ? [query.site_id] : visibleSiteIds(ctx.principal))
  const readable = rows.filter((r) => satisfies(ctx.principal, r.site_id, 'Read'))
  if (readable.length > 1) validation('site_id', `the slug "${slug}" exists in ${readable.length} sites you can read; name the site`)
  return presentTag(readable[0] ?? notFound(tagEntity))
}

export const tagRoutes: AppPlugin = async (app) => {
  app.get(
    '/tags/by-slug/:slug',
    {
      config: { access: anyAuth },
      schema: {
        tags: ['Taxonomy'],
        operationId: 'getTagBySlug',
        summary: 'Get a tag by slug',
        description:
          'With `site_id`: the tag of that site (Read on it). Without: looked up among the sites the caller can read; ' +
          '404 when none has the slug, 400 (field `site_id`) when several do.',
        params: TagBySlugParams,
        querystring: TagBySlugQuery,
        response: { 200: Tag },
      },
    },
    (req) => bySlug(req.ctx, req.params.slug, req.query),
  )
  resourceRoutes(app, tagResource)
}
