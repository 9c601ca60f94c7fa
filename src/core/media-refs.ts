import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { ReadDb } from '../db/client.js'
import { media } from '../db/schema/media.js'
import { sites } from '../db/schema/sites.js'
import { validation } from '../http/errors.js'

/*
 * Media a record names (decisions.md "Content"): every media id must be a live media record, of a live site, that
 * the record's owning site may use: its own, or one marked is_global. Anything else is one and the same 400 naming
 * the field, whether the id is another site's or no media at all (other sites never learn what exists elsewhere).
 */

/** A media id named by a body, with the field that named it (`cover_image_id`, `sections.2.cover_image_id`). */
export interface MediaRefValue {
  field: string
  id: string
}

const MESSAGE = 'must be a live media record of the owning site, or a global one'

/** 400 naming the first field whose media the owning site may not use; one query for all of them. */
export async function checkMediaRefs(db: ReadDb, ownerSiteId: string, refs: readonly MediaRefValue[]): Promise<void> {
  if (refs.length === 0) return
  const ids = [...new Set(refs.map((r) => r.id.toLowerCase()))]
  const usable = await db
    .select({ id: media.id })
    .from(media)
    .innerJoin(sites, eq(sites.id, media.site_id))
    .where(and(inArray(media.id, ids), isNull(media.deleted_at), isNull(sites.deleted_at), or(eq(media.site_id, ownerSiteId), eq(media.is_global, true))))
  const ok = new Set(usable.map((r) => r.id))
  for (const r of refs) if (!ok.has(r.id.toLowerCase())) validation(r.field, MESSAGE)
}
