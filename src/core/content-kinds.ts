import type { ReadDb } from '../db/client.js'
import type { ContentType } from '../db/schema/content.js'
import type { Entity } from './entities.js'
import type { DomainEvent } from './mutation.js'

/*
 * Kinds of content items (blog, page, …). Code that works on any content item (taxonomy assignment,
 * document attachments) asks the kind what a change means for its record instead of knowing its table.
 */
export interface ContentKind {
  type: ContentType
  entity: Entity
  /**
   * The record of a content item as its own events carry it, for `<entity>.updated` when something hanging
   * off the item changes; undefined when the record is gone. `slug`: the key delivery lookups reach it by in its
   * sites (a blog's slug, a page's route), whose cached answers are refreshed.
   */
  record(db: ReadDb, contentId: string): Promise<{ id: string; siteId: string; slug: string; data: unknown } | undefined>
}

const kinds = new Map<string, ContentKind>()

/** Registered from src/modules/index.ts, like entities. */
export function registerContentKinds(list: readonly ContentKind[]): void {
  for (const k of list) kinds.set(k.type, k)
}

/**
 * What a change of a content item's attachments (tags, categories, documents) means: the record's `<entity>.updated`
 * event and the record itself for reader refresh (by id and by slug).
 */
export async function contentChange(db: ReadDb, type: string, contentId: string): Promise<{ events: DomainEvent[]; record?: { entity: Entity; id: string; slug: string } }> {
  const kind = kinds.get(type)
  if (!kind) return { events: [] }
  const rec = await kind.record(db, contentId)
  const updated = kind.entity.events.find((e) => e.endsWith('.updated'))
  if (!rec) return { events: [] }
  return { events: updated ? [{ type: updated, siteId: rec.siteId, data: rec.data }] : [], record: { entity: kind.entity, id: rec.id, slug: rec.slug } }
}
