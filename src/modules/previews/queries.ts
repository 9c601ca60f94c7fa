import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db, ReadDb, Tx } from '../../db/client.js'
import { namedRows } from '../../db/named.js'
import { previews, type PreviewRow, type PreviewType } from '../../db/schema/previews.js'

export async function insertPreview(tx: Tx, values: typeof previews.$inferInsert): Promise<PreviewRow> {
  const [row] = await tx.insert(previews).values(values).returning()
  return row as PreviewRow
}

/** The site's previews not yet expired at `now`, newest expiry last (previews_site_expires_idx). */
export function listLive(db: ReadDb, siteId: string, now: Date, filter: { type?: PreviewType; recordId?: string }): Promise<PreviewRow[]> {
  return db
    .select()
    .from(previews)
    .where(
      and(
        eq(previews.site_id, siteId),
        gt(previews.expires_at, now),
        filter.type ? eq(previews.type, filter.type) : undefined,
        filter.recordId ? eq(previews.record_id, filter.recordId) : undefined,
      ),
    )
    .orderBy(asc(previews.expires_at), asc(previews.id))
    .limit(1000)
}

export async function lockPreview(tx: Tx, id: string): Promise<PreviewRow | undefined> {
  const [row] = await tx.select().from(previews).where(eq(previews.id, id)).for('update')
  return row
}

export async function deletePreview(tx: Tx, id: string): Promise<void> {
  await tx.delete(previews).where(eq(previews.id, id))
}

/** What GET /preview needs of a token: the preview, and the owning site of its record (the record's cache scope). */
export interface TokenHit {
  type: PreviewType
  record_id: string
  site_id: string
  owner_site_id: string
  locale: string | null
  expires_at: string
  token_digest: string
}

/**
 * The preview with this token digest that is live at `now`: not expired, its site live, its record still carried by
 * that site. One statement on the unique digest index, then primary keys (content, content_sites, sites).
 */
export async function findByDigest(db: ReadDb, digest: string, now: Date): Promise<TokenHit | undefined> {
  const [row] = await namedRows<TokenHit>(
    db,
    'preview_by_digest',
    sql`select p.type, p.record_id::text as record_id, p.site_id::text as site_id, c.site_id::text as owner_site_id, p.locale,
          to_char(p.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at, p.token_digest
        from previews p
        join sites s on s.id = p.site_id and s.deleted_at is null
        join content c on c.id = p.content_id
        join content_sites cs on cs.content_id = p.content_id and cs.site_id = p.site_id and cs.is_live
        where p.token_digest = ${digest} and p.expires_at > ${now.toISOString()}::timestamptz
        limit 1`,
  )
  return row
}

/** Deletes up to `limit` previews expired at `before`; how many it deleted (the daily job). */
export async function deleteExpiredBatch(db: Db, before: Date, limit: number): Promise<number> {
  const ids = db.select({ id: previews.id }).from(previews).where(lte(previews.expires_at, before)).limit(limit)
  const gone = await db
    .delete(previews)
    .where(sql`${previews.id} in (${ids})`)
    .returning({ id: previews.id })
  return gone.length
}
