import type { Ctx } from '../../core/context.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { notFound, validation } from '../../http/errors.js'
import { changeContentLinks, type LinkChange } from '../../kits/content-workflow/links.js'
import { categoryEntity } from './categories.resource.js'
import * as q from './queries.js'
import { presentCategory, presentTag, type AssignCategoryBody, type AssignTagBody, type ContentCategory, type Tag } from './schemas.js'
import { tagEntity } from './tags.resource.js'

/*
 * Tag and category assignment of a content item (blog or page). Route access: record('content'): reads through
 * any carrying site, changes with Author on the owning site. Only tags and categories of the owning site can be
 * assigned: any other id (unknown, deleted, another site's) is one 400 on the body field, and nothing changes.
 * Each change is audited on the content (entity_type 'content', action Update, metadata naming the tag or
 * category, change history of the assigned ids), fires the item's own `<kind>.updated` (core/content-kinds.ts),
 * and refreshes what every carrying site shows.
 */

/** Live tags of a content item, by name. */
export async function tagsOf(ctx: Ctx, contentId: string): Promise<Tag[]> {
  return (await q.tagsOfContent(ctx.db, [contentId])).map(presentTag)
}

/** Live categories of a content item with is_primary; the primary one first. */
export async function categoriesOf(ctx: Ctx, contentId: string): Promise<ContentCategory[]> {
  return (await q.categoriesOfContent(ctx.db, [contentId])).map((r) => ({ ...presentCategory(r), is_primary: r.is_primary }))
}

/** A change of the item's tags or categories: its answers and its sites' lists show them. */
const changeAssignments = (ctx: Ctx, contentId: string, apply: (tx: Tx, ownerSiteId: string) => Promise<LinkChange>) =>
  changeContentLinks(ctx, contentId, true, apply)

async function tagState(db: ReadDb, contentId: string) {
  return { tag_ids: await q.contentTagIds(db, contentId) }
}

async function categoryState(db: ReadDb, contentId: string) {
  const links = await q.contentCategoryLinks(db, contentId)
  return { category_ids: links.map((l) => l.category_id), primary_category_id: links.find((l) => l.is_primary)?.category_id ?? null }
}

/** What assigning differs in between tags and categories. */
const terms = {
  tag: { entity: tagEntity, field: 'tag_id', find: q.findTag, state: tagState },
  category: { entity: categoryEntity, field: 'category_id', find: q.findCategory, state: categoryState },
} as const

/** A live term of the content's owning site, else `missing()`. */
async function ownersTerm(tx: Tx, kind: q.Term, id: string, owner: string, missing: () => never) {
  const term = await terms[kind].find(tx, id)
  return term && term.site_id === owner ? term : missing()
}

/** Assigns a tag of the content's owning site (400 on tag_id otherwise); assigning it again changes nothing. 204. */
export async function assignTag(ctx: Ctx, contentId: string, body: AssignTagBody): Promise<void> {
  await changeAssignments(ctx, contentId, async (tx, owner) => {
    const tag = await ownersTerm(tx, 'tag', body.tag_id, owner, () => validation('tag_id', "must be a tag of the content's owning site"))
    const before = await tagState(tx, contentId)
    await q.insertContentTag(tx, contentId, tag.id, ctx.clock.now())
    return { before, after: await tagState(tx, contentId), metadata: { change: 'tag_assigned', tag_id: tag.id, tag_slug: tag.slug } }
  })
}

/**
 * Assigns a category of the content's owning site (400 on category_id otherwise) or updates is_primary of an
 * existing assignment. is_primary true clears the previous primary: at most one per content item. 204.
 */
export async function assignCategory(ctx: Ctx, contentId: string, body: AssignCategoryBody): Promise<void> {
  const isPrimary = body.is_primary ?? false
  await changeAssignments(ctx, contentId, async (tx, owner) => {
    const category = await ownersTerm(tx, 'category', body.category_id, owner, () =>
      validation('category_id', "must be a category of the content's owning site"),
    )
    const before = await categoryState(tx, contentId)
    await q.upsertContentCategory(tx, contentId, category.id, isPrimary, ctx.clock.now())
    return {
      before,
      after: await categoryState(tx, contentId),
      metadata: { change: 'category_assigned', category_id: category.id, category_slug: category.slug, is_primary: isPrimary },
    }
  })
}

/** Removes a tag or category from the content; 404 when it is not a live one of the owning site or not assigned. 204. */
export async function unassign(ctx: Ctx, kind: q.Term, contentId: string, termId: string): Promise<void> {
  const { entity, field, state } = terms[kind]
  await changeAssignments(ctx, contentId, async (tx, owner) => {
    const term = await ownersTerm(tx, kind, termId, owner, () => notFound(entity))
    const before = await state(tx, contentId)
    if (!(await q.deleteContentTerm(tx, kind, contentId, termId))) notFound(`${entity.label} assignment`)
    return { before, after: await state(tx, contentId), metadata: { change: `${kind}_removed`, [field]: term.id, [`${kind}_slug`]: term.slug } }
  })
}
