import { requireSite, satisfies, visibleSiteIds } from '../../core/access.js'
import '../../core/content-scope.js'
import { bumpContentVersion } from '../../core/content-version.js'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import { registerScope } from '../../core/scope.js'
import type { ReadDb } from '../../db/client.js'
import type { TagRow } from '../../db/schema/taxonomy.js'
import { conflict, notFound, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import * as q from './queries.js'
import type { CreateTagBody, Tag, TagBySlugQuery, TagListQuery, UpdateTagBody } from './schemas.js'
import { derivedSlug } from './slug.js'

registerScope('tag', async (db, id) => {
  const row = await q.findTag(db, id)
  return row ? { siteId: row.site_id, siteIds: [row.site_id] } : undefined
})

export function presentTag(row: TagRow): Tag {
  const { id, site_id, name, slug, created_at, updated_at } = row
  return { id, site_id, name, slug, created_at, updated_at }
}

const taken = (slug: string) => conflict(`A tag with slug "${slug}" already exists in this site`)

/** Live tags of a site by name, paginated (site access checked by the route). */
export async function list(ctx: Ctx, siteId: string, query: TagListQuery): Promise<Page<Tag>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listTags(ctx.db, siteId, limit, offset)
  return paginate(rows.map(presentTag), total, query)
}

/** One live tag (record access checked by the route). */
export async function get(ctx: Ctx, id: string): Promise<Tag> {
  return presentTag((await q.findTag(ctx.db, id)) ?? notFound('tag'))
}

/**
 * A live tag by slug. With `site_id`: in that site (Read there; 404 when the site or slug is not found).
 * Without: among the sites the caller can read; 404 when none has it, 400 on `site_id` when several do.
 */
export async function getBySlug(ctx: Ctx, slug: string, query: TagBySlugQuery): Promise<Tag> {
  if (query.site_id !== undefined) {
    await requireSite(ctx, query.site_id, 'Read')
    const [row] = await q.findTagsBySlug(ctx.db, slug, [query.site_id])
    return presentTag(row ?? notFound('tag'))
  }
  const rows = await q.findTagsBySlug(ctx.db, slug, visibleSiteIds(ctx.principal))
  const readable = rows.filter((r) => satisfies(ctx.principal, r.site_id, 'Read'))
  const [first] = readable
  if (!first) return notFound('tag')
  if (readable.length > 1) validation('site_id', `the slug "${slug}" exists in ${readable.length} sites you can read; name the site`)
  return presentTag(first)
}

/** Sites whose published output shows the tag: its own and every site carrying content tagged with it. */
async function sitesShowingTag(db: ReadDb, row: TagRow): Promise<string[]> {
  return [row.site_id, ...(await q.sitesShowing(db, 'tag', row.id))]
}

/** Creates a tag in `site_id` (Author there, else 403/404); slug derived from name when absent; 409 when taken. */
export async function create(ctx: Ctx, body: CreateTagBody): Promise<Tag> {
  await requireSite(ctx, body.site_id, 'Author')
  const name = body.name.trim()
  const slug = body.slug ?? derivedSlug(name)
  const now = ctx.clock.now()
  const tag = await mutate(ctx, { entity: 'tag', action: 'Create' }, async (tx) => {
    if (await q.tagSlugTaken(tx, body.site_id, slug)) taken(slug)
    const row = await q.insertTag(tx, { site_id: body.site_id, name, slug, created_at: now, updated_at: now })
    const result = presentTag(row)
    return {
      result,
      siteId: row.site_id,
      entityId: row.id,
      metadata: { name, slug },
      events: [{ type: 'tag.created', siteId: row.site_id, data: result }],
    }
  })
  await bumpContentVersion(ctx.deps, [tag.site_id])
  return tag
}

/** Renames a tag and/or changes its slug (the slug is never re-derived on rename); 409 when the slug is taken. */
export async function update(ctx: Ctx, id: string, body: UpdateTagBody): Promise<Tag> {
  const { tag, sites } = await mutate(ctx, { entity: 'tag', action: 'Update' }, async (tx) => {
    const before = (await q.lockTag(tx, id)) ?? notFound('tag')
    if (body.slug !== undefined && body.slug !== before.slug && (await q.tagSlugTaken(tx, before.site_id, body.slug, id))) taken(body.slug)
    const after = await q.updateTag(tx, id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.slug !== undefined ? { slug: body.slug } : {}),
      updated_at: ctx.clock.now(),
    })
    const result = presentTag(after)
    return {
      result: { tag: result, sites: await sitesShowingTag(tx, after) },
      siteId: after.site_id,
      entityId: id,
      before: presentTag(before),
      after: result,
      events: [{ type: 'tag.updated', siteId: after.site_id, data: result }],
    }
  })
  await bumpContentVersion(ctx.deps, sites)
  return tag
}

/** Soft delete: the tag answers 404 and disappears from content; its slug is free again. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  const sites = await mutate(ctx, { entity: 'tag', action: 'Delete' }, async (tx) => {
    const before = (await q.lockTag(tx, id)) ?? notFound('tag')
    const now = ctx.clock.now()
    await q.updateTag(tx, id, { deleted_at: now, updated_at: now })
    return {
      result: await sitesShowingTag(tx, before),
      siteId: before.site_id,
      entityId: id,
      before: { deleted_at: null },
      after: { deleted_at: now },
      metadata: { name: before.name, slug: before.slug },
      events: [{ type: 'tag.deleted', siteId: before.site_id, data: { id, site_id: before.site_id, name: before.name, slug: before.slug } }],
    }
  })
  await bumpContentVersion(ctx.deps, sites)
}
