import { contentChanges, contentLabels } from '../../core/content-kinds.js'
import { contentEntity } from '../../core/content-scope.js'
import type { Ctx } from '../../core/context.js'
import type { Entity } from '../../core/entities.js'
import { mutate, type AuditEntry, type DomainEvent, type MutationOutcome } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'
import type { CategoryRow, TagRow } from '../../db/schema/taxonomy.js'
import { notFound, validation } from '../../http/errors.js'
import { categoryEntity, categoryTree } from './categories.resource.js'
import * as m from './merge.queries.js'
import * as q from './queries.js'
import { presentCategory, presentTag, type Category, type MergeTermBody, type Tag } from './schemas.js'
import { tagEntity } from './tags.resource.js'

/*
 * Merging a tag or category into another of the same site (an Atrium extension; route access: Author on the merged
 * one's site, as its delete needs). Every content assignment moves to the target (an item that has both keeps one;
 * a primary category stays primary as the target), child categories move under the target, then the merged one is
 * soft-deleted. One transaction writes what the separate steps would: a Delete audit entry (and `*.deleted`) for the
 * merged term, an Update entry on the target, an Update entry on each content item with its tag or category history
 * (and the item's `<kind>.updated`), `category.updated` for each moved category; every site showing either term is
 * refreshed (their names are embedded in content answers).
 */

type Kind = 'tag' | 'category'

/** A content item's assigned terms before and after the merge, in the shape its assignment history uses. */
type States = Map<string, { before: object; after: object }>

const sortedUnique = (ids: readonly string[]) => [...new Set(ids)].sort()

/** The tag_ids of each item before and after moving `from` to `to` (as content.service.ts tagState). */
function tagStates(links: ReadonlyArray<{ content_id: string; tag_id: string }>, from: string, to: string): States {
  const byItem = new Map<string, string[]>()
  for (const l of links) byItem.set(l.content_id, [...(byItem.get(l.content_id) ?? []), l.tag_id])
  const out: States = new Map()
  for (const [item, ids] of byItem) {
    out.set(item, { before: { tag_ids: sortedUnique(ids) }, after: { tag_ids: sortedUnique(ids.map((id) => (id === from ? to : id))) } })
  }
  return out
}

/** The category_ids and primary of each item before and after moving `from` to `to` (as content.service.ts categoryState). */
function categoryStates(links: ReadonlyArray<{ content_id: string; category_id: string; is_primary: boolean }>, from: string, to: string): States {
  const byItem = new Map<string, Array<{ category_id: string; is_primary: boolean }>>()
  for (const l of links) byItem.set(l.content_id, [...(byItem.get(l.content_id) ?? []), l])
  const out: States = new Map()
  for (const [item, ls] of byItem) {
    const primary = ls.find((l) => l.is_primary)?.category_id ?? null
    const ids = ls.map((l) => l.category_id)
    out.set(item, {
      before: { category_ids: sortedUnique(ids), primary_category_id: primary },
      after: { category_ids: sortedUnique(ids.map((id) => (id === from ? to : id))), primary_category_id: primary === from ? to : primary },
    })
  }
  return out
}

/**
 * The audit entries and `<kind>.updated` events of the content items whose assignments moved. Their records are
 * loaded together (a few statements per kind of content, however many items the merged term had).
 */
async function contentTrail(tx: Tx, items: readonly m.MergedContent[], states: States, metadata: Record<string, unknown>) {
  const moved = items.flatMap((item) => {
    const state = states.get(item.id)
    return state ? [{ item, state }] : []
  })
  const labels = await contentLabels(
    tx,
    moved.map(({ item }) => item),
  )
  const audit: AuditEntry[] = moved.map(({ item, state }, i) => ({
    entity: contentEntity,
    action: 'Update',
    siteId: item.site_id,
    entityId: item.id,
    ...state,
    metadata: { content_type: item.content_type, ...metadata },
    label: labels[i] ?? null,
  }))
  const events: DomainEvent[] = (
    await contentChanges(
      tx,
      moved.map(({ item }) => item),
    )
  ).flatMap((c) => c.events)
  return { audit, events }
}

/** The two locked terms: the merged one (404 when gone meanwhile) and the target (400 unless a live one of its site). */
function pair<R extends { id: string; site_id: string }>(rows: readonly R[], id: string, intoId: string, entity: Entity): { source: R; target: R } {
  const source = rows.find((r) => r.id === id) ?? notFound(entity)
  const target = rows.find((r) => r.id === intoId)
  if (!target || target.site_id !== source.site_id) return validation('into_id', `must be a live ${entity.label} of the same site`)
  return { source, target }
}

interface Merged<R> {
  kind: Kind
  entity: Entity
  source: R & { id: string; site_id: string; slug: string }
  target: R & { id: string; site_id: string; slug: string }
  items: readonly m.MergedContent[]
  states: States
  now: Date
  /** Sites showing either term before the merge (the owning site among them). */
  shown: string[]
  /** Fields of the merged term named in its audit entry and deleted event (as its delete names them). */
  named: Record<string, unknown>
  extra?: { audit?: AuditEntry[]; events?: DomainEvent[]; metadata?: Record<string, unknown> }
}

/** What a merge writes besides the rows: audit entries, events, readers. */
async function outcome<R, W>(tx: Tx, mg: Merged<R>, result: W): Promise<MutationOutcome<W>> {
  const { kind, entity, source, target, items, now } = mg
  const siteId = source.site_id
  const moved = await contentTrail(tx, items, mg.states, {
    change: `${kind}_merged`,
    [`merged_${kind}_id`]: source.id,
    [`${kind}_id`]: target.id,
    [`${kind}_slug`]: target.slug,
  })
  const sourceMeta = { ...mg.named, merged_into: target.id, moved_content: items.length, ...mg.extra?.metadata }
  return {
    result,
    siteId,
    entityId: source.id,
    audit: [
      { siteId, entityId: source.id, before: { deleted_at: null }, after: { deleted_at: now }, metadata: sourceMeta },
      {
        action: 'Update',
        siteId,
        entityId: target.id,
        metadata: { change: 'merged', merged_from: source.id, merged_from_slug: source.slug, moved_content: items.length },
      },
      ...(mg.extra?.audit ?? []),
      ...moved.audit,
    ],
    events: [
      { type: `${kind}.deleted` as const, siteId, data: { id: source.id, site_id: siteId, ...mg.named, merged_into: target.id } },
      ...(mg.extra?.events ?? []),
      ...moved.events,
    ],
    readers: {
      records: [
        { entity, id: source.id, siteIds: mg.shown, slugs: [source.slug] },
        { entity, id: target.id, siteIds: mg.shown, slugs: [target.slug] },
      ],
      sites: mg.shown,
    },
  }
}

const union = (...lists: string[][]) => [...new Set(lists.flat())]

/**
 * Merges tag `id` into `into_id`: its assignments move to the target, then it is soft-deleted. 400 on `into_id` for
 * the tag itself or anything but a live tag of the same site; 404 when the merged tag is gone. 200 with the target.
 */
export async function mergeTag(ctx: Ctx, id: string, body: MergeTermBody): Promise<Tag> {
  if (body.into_id === id) validation('into_id', 'must be another tag than the one merged')
  return mutate(ctx, { entity: tagEntity, action: 'Delete' }, async (tx) => {
    const items = await m.lockContentOf(tx, 'tag', id)
    const { source, target } = pair(await m.lockTags(tx, [id, body.into_id]), id, body.into_id, tagEntity)
    const shown = union([source.site_id], await q.sitesShowing(tx, 'tag', source.id), await q.sitesShowing(tx, 'tag', target.id))
    const states = tagStates(await m.tagLinksOfContentWith(tx, id), id, target.id)
    const now = ctx.clock.now()
    await m.moveTagLinks(tx, id, target.id)
    await m.softDeleteTag(tx, id, now)
    const merged: Merged<TagRow> = {
      kind: 'tag',
      entity: tagEntity,
      source,
      target,
      items,
      states,
      now,
      shown,
      named: { name: source.name, slug: source.slug },
    }
    return outcome(tx, merged, presentTag(target))
  })
}

/**
 * Merges category `id` into `into_id`: assignments move (a primary one stays primary as the target), children move
 * under the target, then it is soft-deleted. A target below the merged category first takes its place in the tree
 * (its parent becomes the merged one's), so no cycle can arise. 400/404 as for tags. 200 with the target.
 */
export async function mergeCategory(ctx: Ctx, id: string, body: MergeTermBody): Promise<Category> {
  if (body.into_id === id) validation('into_id', 'must be another category than the one merged')
  return mutate(ctx, { entity: categoryEntity, action: 'Delete' }, async (tx) => {
    const current = (await q.findCategory(tx, id)) ?? notFound(categoryEntity)
    await categoryTree.lock(tx, current.site_id)
    const items = await m.lockContentOf(tx, 'category', id)
    const { source, target } = pair(await m.lockCategories(tx, [id, body.into_id]), id, body.into_id, categoryEntity)
    const shown = union([source.site_id], await q.sitesShowing(tx, 'category', source.id), await q.sitesShowing(tx, 'category', target.id))
    const states = categoryStates(await m.categoryLinksOfContentWith(tx, id), id, target.id)
    const now = ctx.clock.now()
    await m.moveCategoryLinks(tx, id, target.id)
    const tree = await moveTree(tx, source, target, now)
    await m.softDeleteCategory(tx, id, now)
    const named = { name: source.name, slug: source.slug, parent_id: source.parent_id }
    const merged: Merged<CategoryRow> = { kind: 'category', entity: categoryEntity, source, target: tree.target, items, states, now, shown, named, extra: tree }
    return outcome(tx, merged, presentCategory(tree.target))
  })
}

/** Children of the merged category move under the target; a target below it first moves up to its parent. */
async function moveTree(tx: Tx, source: CategoryRow, target: CategoryRow, now: Date) {
  const audit: AuditEntry[] = []
  const events: DomainEvent[] = []
  let after = target
  if ((await categoryTree.selfAndAncestorIds(tx, target.id)).includes(source.id)) {
    after = await m.setCategoryParent(tx, target.id, source.parent_id, now)
    audit.push({
      action: 'Update',
      siteId: target.site_id,
      entityId: target.id,
      before: presentCategory(target),
      after: presentCategory(after),
      metadata: { change: 'moved_up_by_merge', merged_from: source.id },
    })
    events.push({ type: 'category.updated', siteId: target.site_id, data: presentCategory(after) })
  }
  const moved = await categoryTree.reparentChildren(tx, source.id, target.id, now)
  events.push(...moved.map((c) => ({ type: 'category.updated' as const, siteId: c.site_id, data: presentCategory(c) })))
  return { target: after, audit, events, metadata: { children_moved_to: target.id, moved_children: moved.map((c) => c.id) } }
}
