import { requireSite } from '../../core/access.js'
import '../../core/content-scope.js'
import { bumpContentVersion } from '../../core/content-version.js'
import type { Ctx } from '../../core/context.js'
import { mutate, type DomainEvent } from '../../core/mutation.js'
import { registerScope } from '../../core/scope.js'
import type { ReadDb, Tx } from '../../db/client.js'
import type { CategoryRow } from '../../db/schema/taxonomy.js'
import { conflict, notFound, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import * as q from './queries.js'
import type { Category, CategoryBlogCount, CategoryListQuery, CreateCategoryBody, UpdateCategoryBody } from './schemas.js'
import { derivedSlug } from './slug.js'

registerScope('category', async (db, id) => {
  const row = await q.findCategory(db, id)
  return row ? { siteId: row.site_id, siteIds: [row.site_id] } : undefined
})

export function presentCategory(row: CategoryRow): Category {
  const { id, site_id, parent_id, name, slug, description, display_order, created_at, updated_at } = row
  return { id, site_id, parent_id, name, slug, description, display_order, created_at, updated_at }
}

const taken = (slug: string) => conflict(`A category with slug "${slug}" already exists in this site`)
const event = (type: string, c: Category): DomainEvent => ({ type, siteId: c.site_id, data: c })

/** Root categories of a site (no parent), by display_order then name, paginated. */
export async function listRoots(ctx: Ctx, siteId: string, query: CategoryListQuery): Promise<Page<Category>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listRootCategories(ctx.db, siteId, limit, offset)
  return paginate(rows.map(presentCategory), total, query)
}

/** Every live category of the site with its number of Published, non-deleted blogs carried by the site (0 included). */
export function blogCounts(ctx: Ctx, siteId: string): Promise<CategoryBlogCount[]> {
  return q.categoryBlogCounts(ctx.db, siteId)
}

/** One live category (record access checked by the route). */
export async function get(ctx: Ctx, id: string): Promise<Category> {
  return presentCategory((await q.findCategory(ctx.db, id)) ?? notFound('category'))
}

/** Live direct children of a live category, by display_order then name. */
export async function children(ctx: Ctx, parentId: string): Promise<Category[]> {
  return (await q.listChildren(ctx.db, parentId)).map(presentCategory)
}

/** The parent must be a live category of the same site (400 on parent_id otherwise). */
async function requireParent(tx: Tx, siteId: string, parentId: string): Promise<CategoryRow> {
  const parent = await q.findCategory(tx, parentId)
  if (!parent || parent.site_id !== siteId) return validation('parent_id', 'must be a category of the same site')
  return parent
}

async function sitesShowingCategory(db: ReadDb, row: CategoryRow): Promise<string[]> {
  return [row.site_id, ...(await q.sitesShowing(db, 'category', row.id))]
}

/** Creates a category in `site_id` (Author there); optional parent of the same site (400); 409 when the slug is taken. */
export async function create(ctx: Ctx, body: CreateCategoryBody): Promise<Category> {
  await requireSite(ctx, body.site_id, 'Author')
  const name = body.name.trim()
  const slug = body.slug ?? derivedSlug(name)
  const now = ctx.clock.now()
  const category = await mutate(ctx, { entity: 'category', action: 'Create' }, async (tx) => {
    const parentId = body.parent_id ?? null
    if (parentId !== null) {
      // A parent being deleted at the same time would otherwise leave this one under a deleted parent.
      await q.lockCategoryTree(tx, body.site_id)
      await requireParent(tx, body.site_id, parentId)
    }
    if (await q.categorySlugTaken(tx, body.site_id, slug)) taken(slug)
    const row = await q.insertCategory(tx, {
      site_id: body.site_id,
      parent_id: parentId,
      name,
      slug,
      description: body.description ?? '',
      display_order: body.display_order ?? 0,
      created_at: now,
      updated_at: now,
    })
    const result = presentCategory(row)
    return { result, siteId: row.site_id, entityId: row.id, metadata: { name, slug, parent_id: parentId }, events: [event('category.created', result)] }
  })
  await bumpContentVersion(ctx.deps, [category.site_id])
  return category
}

/**
 * Partial update. A new parent must be a live category of the same site and must not be the category itself
 * or one of its descendants (400 on parent_id); parent_id null makes it a root. 409 when the slug is taken.
 */
export async function update(ctx: Ctx, id: string, body: UpdateCategoryBody): Promise<Category> {
  const { category, sites } = await mutate(ctx, { entity: 'category', action: 'Update' }, async (tx) => {
    const current = (await q.findCategory(tx, id)) ?? notFound('category')
    const moves = body.parent_id !== undefined && body.parent_id !== current.parent_id
    if (moves) await q.lockCategoryTree(tx, current.site_id)
    const before = (await q.lockCategory(tx, id)) ?? notFound('category')
    if (moves && body.parent_id) {
      if (body.parent_id === id) validation('parent_id', 'a category cannot be its own parent')
      await requireParent(tx, before.site_id, body.parent_id)
      if ((await q.selfAndAncestorIds(tx, body.parent_id)).includes(id)) validation('parent_id', 'would create a cycle: the new parent lies below this category')
    }
    if (body.slug !== undefined && body.slug !== before.slug && (await q.categorySlugTaken(tx, before.site_id, body.slug, id))) taken(body.slug)
    const after = await q.updateCategory(tx, id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.slug !== undefined ? { slug: body.slug } : {}),
      ...(body.parent_id !== undefined ? { parent_id: body.parent_id } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.display_order !== undefined ? { display_order: body.display_order } : {}),
      updated_at: ctx.clock.now(),
    })
    const result = presentCategory(after)
    return {
      result: { category: result, sites: await sitesShowingCategory(tx, after) },
      siteId: after.site_id,
      entityId: id,
      before: presentCategory(before),
      after: result,
      events: [event('category.updated', result)],
    }
  })
  await bumpContentVersion(ctx.deps, sites)
  return category
}

/**
 * Soft delete. Its live children move up to its own parent (roots when it was a root), each firing
 * category.updated; its content assignments stay stored but are no longer shown or counted.
 */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  const sites = await mutate(ctx, { entity: 'category', action: 'Delete' }, async (tx) => {
    const current = (await q.findCategory(tx, id)) ?? notFound('category')
    await q.lockCategoryTree(tx, current.site_id)
    const before = (await q.lockCategory(tx, id)) ?? notFound('category')
    const now = ctx.clock.now()
    const moved = await q.reparentChildren(tx, id, before.parent_id, now)
    await q.updateCategory(tx, id, { deleted_at: now, updated_at: now })
    const { name, slug, site_id, parent_id } = before
    return {
      result: await sitesShowingCategory(tx, before),
      siteId: site_id,
      entityId: id,
      before: { deleted_at: null },
      after: { deleted_at: now },
      metadata: { name, slug, children_moved_to: parent_id, moved_children: moved.map((c) => c.id) },
      events: [
        { type: 'category.deleted', siteId: site_id, data: { id, site_id, parent_id, name, slug } },
        ...moved.map((c) => event('category.updated', presentCategory(c))),
      ],
    }
  })
  await bumpContentVersion(ctx.deps, sites)
}
