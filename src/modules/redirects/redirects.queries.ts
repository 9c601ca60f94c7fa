import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { redirects, type RedirectRow } from '../../db/schema/site-links.js'

/** The site's live, active redirect for a source path (redirects_site_source_uq serves it). */
export async function activeRedirect(db: ReadDb, siteId: string, path: string): Promise<{ destination_path: string; status_code: number } | undefined> {
  const [row] = await db
    .select({ destination_path: redirects.destination_path, status_code: redirects.status_code })
    .from(redirects)
    .where(and(eq(redirects.site_id, siteId), eq(redirects.source_path, path), isNull(redirects.deleted_at), eq(redirects.is_active, true)))
    .limit(1)
  return row
}

/** Which of these source paths already have a live redirect in the site (redirects_site_source_uq serves it). */
export async function takenSources(db: ReadDb, siteId: string, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set()
  const rows = await db
    .select({ source_path: redirects.source_path })
    .from(redirects)
    .where(and(eq(redirects.site_id, siteId), inArray(redirects.source_path, [...paths]), isNull(redirects.deleted_at)))
  return new Set(rows.map((r) => r.source_path))
}

/** Inserts the rows in one statement; answers them in the order given. */
export async function insertRedirects(tx: Tx, rows: ReadonlyArray<typeof redirects.$inferInsert>): Promise<RedirectRow[]> {
  const inserted = await tx
    .insert(redirects)
    .values([...rows])
    .returning()
  // RETURNING order is not promised: put the rows back in the order given (source paths are unique among them).
  const bySource = new Map(inserted.map((r) => [r.source_path, r]))
  return rows.map((r) => bySource.get(r.source_path) as RedirectRow)
}
