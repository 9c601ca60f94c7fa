import { sql } from 'drizzle-orm'
import type { ReadDb } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'

/** A record that names a media record in one of its fields. */
export interface MediaReferenceRow {
  type: 'blog' | 'page'
  id: string
  label: string
  field: string
}

/**
 * Live blogs and pages carried by `siteId` that name media `id`: blog covers and header images (by the blogs'
 * partial indexes on those columns) and page section covers (page_sections_cover_image_idx). Labels: the blog's
 * title in the site's default locale (else any, else its slug); the page's route. Records of other sites are not
 * listed, even for a global media record: a site never learns what other sites hold.
 */
export async function mediaReferences(db: ReadDb, siteId: string, id: string): Promise<MediaReferenceRow[]> {
  const result = await db.execute(sql`
    select 'blog' as type, b.id::text as id, f.field,
      coalesce((
        select bl.title from blog_localizations bl join locales lo on lo.id = bl.locale_id
        where bl.content_id = b.content_id and bl.title is not null
        order by lo.is_default desc, lo.code limit 1), b.slug) as label
    from blogs b
    cross join lateral (values ('cover_image_id', b.cover_image_id), ('header_image_id', b.header_image_id)) as f(field, media_id)
    where (b.cover_image_id = ${id} or b.header_image_id = ${id}) and f.media_id = ${id} and b.deleted_at is null
      and exists (select 1 from content_sites cs where cs.content_id = b.content_id and cs.site_id = ${siteId})
    union all
    select distinct 'page' as type, p.id::text as id, 'sections.cover_image_id' as field, p.route as label
    from page_sections s join pages p on p.id = s.page_id and p.deleted_at is null
    where s.cover_image_id = ${id}
      and exists (select 1 from content_sites cs where cs.content_id = p.content_id and cs.site_id = ${siteId})
    order by type, label, field
    limit 500`)
  return rowsOf<MediaReferenceRow>(result)
}

/**
 * Every site showing a live blog or page that embeds media `id` (a cover, header image or section cover), whatever
 * site owns the media: their delivery answers embed it, so a change of what they embed refreshes them.
 */
export async function sitesShowing(db: ReadDb, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct cs.site_id::text as site_id from content_sites cs
    where cs.content_id in (
      select b.content_id from blogs b where (b.cover_image_id = ${id} or b.header_image_id = ${id}) and b.deleted_at is null
      union
      select p.content_id from page_sections s join pages p on p.id = s.page_id and p.deleted_at is null where s.cover_image_id = ${id})`)
  return rowsOf<{ site_id: string }>(result).map((r) => r.site_id)
}
