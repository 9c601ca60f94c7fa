import type { ReadDb } from '../db/client.js'
import type { ContentType } from '../db/schema/content.js'
import type { Entity } from './entities.js'
import type { DomainEvent } from './mutation.js'

/*
 * Kinds of content items (blog, page, …). Code that works on any content item (taxonomy assignment,
 * document attachments) asks the kind what a change means for its record instead of knowing its table.
 */

/**
 * The record of a content item as its own events carry it, for `<entity>.updated` when something hanging off the
 * item changes. `slug`: the key public lookups reach it by in its sites (a blog's slug, a page's route), whose
 * cached answers are refreshed.
 */
export interface ContentRecord {
  id: string
  siteId: string
  slug: string
  data: unknown
}

export interface ContentKind {
  type: ContentType
  entity: Entity
  /**
   * The records of these content items (at most IDS_PER_STATEMENT ids), by content id; an item whose record is gone
   * (or that is not of this kind) is missing. The same few statements whatever the number of ids.
   */
  records(db: ReadDb, contentIds: readonly string[]): Promise<Map<string, ContentRecord>>
  /**
   * What audit entries call these items (the decisions' `record_label`: a post's title, a page's slug), by content
   * id; an item missing has no name. The same few statements whatever the number of ids.
   */
  labels(db: ReadDb, contentIds: readonly string[]): Promise<Map<string, string>>
}

/** Ids a kind is asked for at once: one bound parameter each, far below PostgreSQL's limit of 65,535 per statement. */
export const IDS_PER_STATEMENT = 1000

const kinds = new Map<string, ContentKind>()

/** Registered from src/modules/index.ts, like entities. */
export function registerContentKinds(list: readonly ContentKind[]): void {
  for (const k of list) kinds.set(k.type, k)
}

/**
 * What a change of a content item's attachments (tags, categories, documents) means: the record's `<entity>.updated`
 * event and the record itself for reader refresh (by id and by slug). No events and no record when the record is gone
 * or the kind unknown.
 */
export interface ContentChange {
  events: DomainEvent[]
  record?: { entity: Entity; id: string; slug: string }
}

/**
 * contentChange of each item, in the items' order (a repeated item gets the same answer again). Each kind loads its
 * items' records together, IDS_PER_STATEMENT at a time: a change of thousands of items (a tag merge) costs a few
 * statements per kind, not a few per item.
 */
export async function contentChanges(db: ReadDb, items: ReadonlyArray<{ content_type: string; id: string }>): Promise<ContentChange[]> {
  const idsByKind = new Map<ContentKind, Set<string>>()
  for (const item of items) {
    const kind = kinds.get(item.content_type)
    if (!kind) continue
    const ids = idsByKind.get(kind) ?? new Set<string>()
    ids.add(item.id)
    idsByKind.set(kind, ids)
  }
  const found = new Map<ContentKind, Map<string, ContentRecord>>()
  for (const [kind, idSet] of idsByKind) {
    const ids = [...idSet]
    const records = new Map<string, ContentRecord>()
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      for (const [id, rec] of await kind.records(db, ids.slice(i, i + IDS_PER_STATEMENT))) records.set(id, rec)
    }
    found.set(kind, records)
  }
  return items.map((item) => {
    const kind = kinds.get(item.content_type)
    const rec = kind && found.get(kind)?.get(item.id)
    if (!kind || !rec) return { events: [] }
    const updated = kind.entity.events.find((e) => e.endsWith('.updated'))
    return { events: updated ? [{ type: updated, siteId: rec.siteId, data: rec.data }] : [], record: { entity: kind.entity, id: rec.id, slug: rec.slug } }
  })
}

/**
 * The record_label of each item, in the items' order: what its kind calls it (a post by its title), null when its
 * record is gone or its kind unknown. Each kind names its items together, IDS_PER_STATEMENT at a time.
 */
export async function contentLabels(db: ReadDb, items: ReadonlyArray<{ content_type: string; id: string }>): Promise<Array<string | null>> {
  const idsByType = new Map<string, Set<string>>()
  for (const item of items) idsByType.set(item.content_type, (idsByType.get(item.content_type) ?? new Set()).add(item.id))
  const found = new Map<string, string>()
  for (const [type, idSet] of idsByType) {
    const kind = kinds.get(type)
    if (!kind) continue
    const ids = [...idSet]
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      for (const [id, label] of await kind.labels(db, ids.slice(i, i + IDS_PER_STATEMENT))) found.set(`${type}:${id}`, label)
    }
  }
  return items.map((item) => found.get(`${item.content_type}:${item.id}`) ?? null)
}

/** What a change of one content item's attachments means (contentChanges of that one item). */
export async function contentChange(db: ReadDb, type: string, contentId: string): Promise<ContentChange> {
  const [change] = await contentChanges(db, [{ content_type: type, id: contentId }])
  return change ?? { events: [] }
}
