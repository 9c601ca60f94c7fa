import { sql } from 'drizzle-orm'
import { rowsOf } from './rows.js'

/*
 * The image a delivery answer embeds (a blog's cover and header image, a page section's cover), as a JSON
 * expression built in the statement that builds the answer: a miss stays one statement. What needs the service's
 * settings (public_url, image_url) is derived from `storage_key` by the media module's presentImage.
 */

/** The JSON of the live media record `idExpr` names, or null; `alt` in locale `localeExpr` (a code, or null), else the default. */
export function imageJson(idExpr: string, localeExpr = 'null::text'): string {
  return `(select json_build_object(
      'id', m.id, 'filename', m.filename, 'storage_key', m.storage_key, 'external_url', m.external_url, 'mime_type', m.mime_type,
      'width', m.width, 'height', m.height, 'focal_x', m.focal_x, 'focal_y', m.focal_y,
      'alt', (select mm.alt_text from media_metadata mm join locales lo on lo.id = mm.locale_id
              where mm.media_id = m.id and mm.alt_text is not null
              order by coalesce(lower(lo.code) = lower(${localeExpr}), false) desc, lo.is_default desc, lo.code limit 1),
      'alt_texts', coalesce((select json_object_agg(lo.code, mm.alt_text order by lo.code) from media_metadata mm join locales lo on lo.id = mm.locale_id
              where mm.media_id = m.id and mm.alt_text is not null), '{}'::json))
    from media m where m.id = ${idExpr} and m.deleted_at is null)`
}

/** The raw embedded image as imageJson builds it. */
export interface ImageRow {
  id: string
  filename: string
  storage_key: string | null
  external_url: string | null
  mime_type: string
  width: number | null
  height: number | null
  focal_x: number
  focal_y: number
  alt: string | null
  alt_texts: Record<string, string>
}

interface Executes {
  execute(query: ReturnType<typeof sql>): PromiseLike<unknown>
}

/** The live media records among `ids` as embedded images, by id (one statement); alt in the default locale. */
export async function imagesById(db: Executes, ids: readonly string[]): Promise<Map<string, ImageRow>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const result = await db.execute(
    sql`select ${sql.raw(imageJson('x.id'))}::text as j from (select unnest(string_to_array(${unique.join(',')}, ','))::uuid as id) x`,
  )
  const found = rowsOf<{ j: string | null }>(result).flatMap((r) => (r.j ? [JSON.parse(r.j) as ImageRow] : []))
  return new Map(found.map((img) => [img.id, img]))
}
