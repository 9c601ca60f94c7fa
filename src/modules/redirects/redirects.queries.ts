import { and, eq, isNull } from 'drizzle-orm'
import type { ReadDb } from '../../db/client.js'
import { redirects } from '../../db/schema/site-links.js'

/** The site's live, active redirect for a source path (redirects_site_source_uq serves it). */
export async function activeRedirect(db: ReadDb, siteId: string, path: string): Promise<{ destination_path: string; status_code: number } | undefined> {
  const [row] = await db
    .select({ destination_path: redirects.destination_path, status_code: redirects.status_code })
    .from(redirects)
    .where(and(eq(redirects.site_id, siteId), eq(redirects.source_path, path), isNull(redirects.deleted_at), eq(redirects.is_active, true)))
    .limit(1)
  return row
}
