import { sql, type SQL } from 'drizzle-orm'
import type { ReadDb } from '../../db/client.js'
import { imageJson, type ImageRow } from '../../db/image-embed.js'
import { namedRows } from '../../db/named.js'
import { DOWNLOAD_PATH_END, DOWNLOAD_PATH_START } from '../documents/schemas.js'
import type { BlogDetail, BlogListItem } from './schemas.js'

/*
 * The public reads' cache misses (published and featured lists, detail, by slug), each one statement that builds the
 * answer as JSON in the database, so a miss costs at most two round trips rather than a statement per related table. The JSON is parsed once here and
 * serialised through the route's response schema, which fixes its keys, their order and their types.
 *
 * On a PostgreSQL server they are named statements (db/named.ts), planned once per connection.
 *
 * Timestamps are written as Date#toISOString does (UTC, milliseconds, Z), so they match the other answers'.
 */

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A list item or detail as built here: its images still raw (presentImages in service.ts finishes them). */
export type WithImageRows<T> = Omit<T, 'cover_image' | 'header_image'> & { cover_image: ImageRow | null; header_image: ImageRow | null }

/**
 * The Blog fields of blogs row `b` and its embedded images; `siteIds`: a JSON array expression of its carrying sites,
 * owning site first; `locale`: the locale code expression the images' alt text is chosen for.
 */
const blogFields = (siteIds: string, locale = 'null::text') => `
  'id', b.id, 'content_id', b.content_id, 'site_id', b.site_id,
  'site_ids', coalesce(${siteIds}, json_build_array(b.site_id)),
  'slug', b.slug, 'author', b.author, 'status', b.status, 'published_date', b.published_date,
  'published_at', ${iso('b.published_at')}, 'publish_start', ${iso('b.publish_start')}, 'publish_end', ${iso('b.publish_end')},
  'is_featured', b.is_featured, 'allow_comments', b.allow_comments, 'reading_time_minutes', b.reading_time_minutes,
  'cover_image_id', b.cover_image_id, 'header_image_id', b.header_image_id,
  'cover_image', ${imageJson('b.cover_image_id', locale)}, 'header_image', ${imageJson('b.header_image_id', locale)},
  'created_at', ${iso('b.created_at')}, 'updated_at', ${iso('b.updated_at')}`

const SITE_IDS = '(select json_agg(x.site_id order by x.position) from content_sites x where x.content_id = b.content_id)'

/** A blog's tags (`t`) and categories (`c`, with `cc.is_primary`) as answered, in answer order: the detail's and the list's. */
const TAG_AGG = `json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by t.name, t.id)`
const CATEGORY_AGG = `json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'is_primary', cc.is_primary) order by cc.is_primary desc, c.name, c.id)`

const TAGS = `coalesce((
    select ${TAG_AGG}
    from content_tags ct join tags t on t.id = ct.tag_id
    where ct.content_id = b.content_id and t.deleted_at is null), '[]'::json)`

const CATEGORIES = `coalesce((
    select ${CATEGORY_AGG}
    from content_categories cc join categories c on c.id = cc.category_id
    where cc.content_id = b.content_id and c.deleted_at is null), '[]'::json)`

/** Every localization of `b`, default locale first, then by code. */
const LOCALIZATIONS = `coalesce((
    select json_agg(json_build_object(
      'id', bl.id, 'content_id', bl.content_id, 'locale_id', bl.locale_id, 'title', bl.title, 'subtitle', bl.subtitle,
      'excerpt', bl.excerpt, 'body', bl.body, 'meta_title', bl.meta_title, 'meta_description', bl.meta_description,
      'translation_status', bl.translation_status, 'created_at', ${iso('bl.created_at')}, 'updated_at', ${iso('bl.updated_at')})
      order by lo.is_default desc, lo.code)
    from blog_localizations bl join locales lo on lo.id = bl.locale_id
    where bl.content_id = b.content_id), '[]'::json)`

/** Live documents attached to `b` (documents module's AttachedDocument), in display_order, then attach time. */
const DOCUMENTS = `coalesce((
    select json_agg(json_build_object(
      'id', d.id, 'site_id', d.site_id, 'folder_id', d.folder_id, 'document_type', d.document_type, 'url', d.url,
      'file_name', d.file_name, 'mime_type', d.mime_type, 'file_size', d.file_size, 'checksum', d.checksum,
      'download_url', '${DOWNLOAD_PATH_START}' || d.id || '${DOWNLOAD_PATH_END}',
      'created_at', ${iso('d.created_at')}, 'updated_at', ${iso('d.updated_at')}, 'document_id', d.id, 'display_order', cd.display_order)
      order by cd.display_order, cd.created_at, cd.document_id)
    from content_documents cd join documents d on d.id = cd.document_id and d.deleted_at is null
    where cd.content_id = b.content_id), '[]'::json)`

/** BlogDetail of one row of blogs `b`. */
const DETAIL = sql.raw(
  `json_build_object(${blogFields(SITE_IDS)}, 'localizations', ${LOCALIZATIONS}, 'categories', ${CATEGORIES}, 'tags', ${TAGS}, 'documents', ${DOCUMENTS})::text`,
)

async function firstJson<T>(db: ReadDb, name: string, query: SQL): Promise<T | undefined> {
  const [row] = await namedRows<{ j: string | null }>(db, name, query)
  return row?.j ? (JSON.parse(row.j) as T) : undefined
}

/** The live blog as detail, by id; undefined when unknown or deleted. */
export function detailById(db: ReadDb, id: string): Promise<WithImageRows<BlogDetail> | undefined> {
  return firstJson(db, 'blog_detail_by_id', sql`select ${DETAIL} as j from blogs b where b.id = ${id} and b.deleted_at is null`)
}

/** The live blog with this slug among the blogs the site carries, as detail; undefined when none. */
export function detailBySlug(db: ReadDb, siteId: string, slug: string): Promise<WithImageRows<BlogDetail> | undefined> {
  return firstJson(
    db,
    'blog_detail_by_slug',
    sql`select ${DETAIL} as j from content_sites cs join blogs b on b.content_id = cs.content_id and b.deleted_at is null
        where cs.site_id = ${siteId} and cs.content_type = 'blog' and cs.slug = ${slug} and cs.is_live limit 1`,
  )
}

/** Published in the site at `now` (optionally featured only); literal predicates so the partial indexes apply. */
const publishedIn = (siteId: string, now: Date, featuredOnly: boolean) =>
  sql`cs.site_id = ${siteId} and cs.content_type = 'blog' and cs.is_live and cs.status = 'Published'${featuredOnly ? sql` and cs.is_featured` : sql``}
      and (cs.publish_end is null or cs.publish_end > ${now.toISOString()}::timestamptz)`

/** How many blogs the site has published at `now`, and the earliest publish_end ahead among them (the set changes then). */
export async function publishedCount(db: ReadDb, siteId: string, now: Date, featuredOnly: boolean): Promise<{ total: number; nextChangeAt: Date | null }> {
  const [row] = await namedRows<{ total: number; next_end: string | Date | null }>(
    db,
    featuredOnly ? 'blog_featured_count' : 'blog_published_count',
    sql`select count(*)::int as total, min(cs.publish_end) as next_end from content_sites cs where ${publishedIn(siteId, now, featuredOnly)}`,
  )
  return { total: Number(row?.total ?? 0), nextChangeAt: row?.next_end ? new Date(row.next_end) : null }
}

/**
 * One window of the site's published blogs as list items, newest published_date first (then published_at, then
 * id), in one statement: the window from content_sites_published_idx, then its carrying sites, localization (the
 * requested locale, else the site's default one, else the oldest), tags and categories, each gathered once for
 * the window. Tags and categories as a subquery per item cost the list's miss half its database time: PostgreSQL
 * hashed the site's whole tag table once per item (EXPLAIN ANALYZE, bench seed: 0.76 of 1.54 ms for ten items).
 *
 * The window's size is written into the statement (one name per size; sizes are 1–100), and so is the offset of the
 * first page: with both as parameters PostgreSQL's generic plan assumes a tenth of the site's posts and hashes whole
 * tables, so it kept planning every execution anew (about 1 ms of this statement's 1.7). With them written in, page
 * 1, the one asked for most, runs on its generic plan after five executions: 0.96 ms per statement. Other pages keep
 * the offset as a parameter, so their names stay few.
 */
export async function publishedItems(
  db: ReadDb,
  siteId: string,
  now: Date,
  limit: number,
  offset: number,
  featuredOnly: boolean,
  localeCode: string | undefined,
): Promise<WithImageRows<BlogListItem>[]> {
  const first = offset === 0
  const shape = first ? `${limit}:first` : `${limit}`
  const found = await firstJson<WithImageRows<BlogListItem>[]>(
    db,
    `${featuredOnly ? 'blog_featured_items' : 'blog_published_items'}:${shape}`,
    sql`with page as (
        select cs.content_id, cs.published_date, cs.published_at
        from content_sites cs
        where ${publishedIn(siteId, now, featuredOnly)}
        order by cs.published_date desc nulls last, cs.published_at desc nulls last, cs.content_id desc
        limit ${sql.raw(String(Math.trunc(limit)))} offset ${first ? sql.raw('0') : sql`${offset}::int`}
      ), carriers as (
        select x.content_id, json_agg(x.site_id order by x.position) as site_ids
        from page p join content_sites x on x.content_id = p.content_id
        group by x.content_id
      ), loc as (
        select distinct on (bl.content_id) bl.content_id, bl.title, bl.subtitle, bl.excerpt, lo.code
        from page p join blog_localizations bl on bl.content_id = p.content_id join locales lo on lo.id = bl.locale_id
        order by bl.content_id, coalesce(lower(lo.code) = lower(${localeCode ?? null}::text), false) desc, lo.is_default desc, bl.created_at
      ), locs as (
        select bl.content_id, json_agg(bl.locale_id order by lo.is_default desc, lo.code) as locale_ids
        from page p join blog_localizations bl on bl.content_id = p.content_id join locales lo on lo.id = bl.locale_id
        group by bl.content_id
      ), tg as (
        select ct.content_id, ${sql.raw(TAG_AGG)} as tags
        from page p join content_tags ct on ct.content_id = p.content_id join tags t on t.id = ct.tag_id
        where t.deleted_at is null
        group by ct.content_id
      ), cat as (
        select cc.content_id, ${sql.raw(CATEGORY_AGG)} as categories
        from page p join content_categories cc on cc.content_id = p.content_id join categories c on c.id = cc.category_id
        where c.deleted_at is null
        group by cc.content_id
      )
      select json_agg(json_build_object(${sql.raw(blogFields('carriers.site_ids', 'l.code'))},
          'title', l.title, 'subtitle', l.subtitle, 'excerpt', l.excerpt, 'locale', l.code,
          'locale_ids', coalesce(locs.locale_ids, '[]'::json), 'tags', coalesce(tg.tags, '[]'::json), 'categories', coalesce(cat.categories, '[]'::json))
        order by p.published_date desc nulls last, p.published_at desc nulls last, p.content_id desc)::text as j
      from page p
      join blogs b on b.content_id = p.content_id and b.deleted_at is null
      left join carriers on carriers.content_id = p.content_id
      left join loc l on l.content_id = p.content_id
      left join locs on locs.content_id = p.content_id
      left join tg on tg.content_id = p.content_id
      left join cat on cat.content_id = p.content_id`,
  )
  return found ?? []
}
