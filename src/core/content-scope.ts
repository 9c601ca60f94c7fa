import { eq, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../db/client.js'
import { content } from '../db/schema/content.js'
import { notFound } from '../http/errors.js'
import { rowsOf } from '../db/migrate.js'
import { IDS_PER_STATEMENT } from './content-kinds.js'
import { defineEntity, type RecordScope } from './entities.js'

/*
 * Scope of a content item (the body of a blog, page, …: taxonomy, localizations and attachments hang off
 * content_id). Owning site: content.site_id; carrying sites: the live content_sites rows, owner first. A
 * content item whose record was soft-deleted has no live carrier row (core/content.ts retireContent), so it
 * resolves to nothing, whatever kind it is.
 */

/**
 * The scopes of these content items, by content id (as PostgreSQL writes a uuid: lowercase); an unknown item, or one
 * whose record is gone, is missing. One statement per IDS_PER_STATEMENT ids: a change reaching thousands of items (a
 * document attached to them) costs a few statements, not one per item.
 */
export async function contentScopes(db: ReadDb, contentIds: readonly string[]): Promise<Map<string, RecordScope>> {
  const ids = [...new Set(contentIds)]
  const out = new Map<string, RecordScope>()
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const list = sql.join(
      ids.slice(i, i + IDS_PER_STATEMENT).map((id) => sql`${id}`),
      sql`, `,
    )
    const result = await db.execute(sql`
      select c.id::text as id, c.site_id::text as site_id,
             array_agg(cs.site_id::text order by cs.position, cs.site_id) as site_ids
      from content c join content_sites cs on cs.content_id = c.id and cs.is_live
      where c.id in (${list})
      group by c.id, c.site_id
      having bool_or(cs.site_id = c.site_id)`)
    for (const row of rowsOf<{ id: string; site_id: string; site_ids: string[] }>(result)) {
      out.set(row.id, { siteId: row.site_id, siteIds: [row.site_id, ...row.site_ids.filter((s) => s !== row.site_id)] })
    }
  }
  return out
}

/** The scope of one content item (contentScopes of that one id: the same single statement), however its id is written. */
export async function contentScope(db: ReadDb, id: string): Promise<RecordScope | undefined> {
  const [scope] = (await contentScopes(db, [id])).values()
  return scope
}

/** A content item addressed by `content_id` (taxonomy assignment; audit entity of those changes). */
export const contentEntity = defineEntity({ name: 'content', scope: contentScope })

/**
 * The content item locked for a change of what hangs off it (documents, tags, categories), so such changes of one
 * item run one after the other; with its scope. 404 when the item or its record is gone.
 */
export async function lockContentItem(tx: Tx, id: string): Promise<{ item: { id: string; site_id: string; content_type: string }; scope: RecordScope }> {
  const [item] = await tx
    .select({ id: content.id, site_id: content.site_id, content_type: content.content_type })
    .from(content)
    .where(eq(content.id, id))
    .for('update')
  if (!item) return notFound(contentEntity)
  return { item, scope: (await contentScope(tx, id)) ?? notFound(contentEntity) }
}
