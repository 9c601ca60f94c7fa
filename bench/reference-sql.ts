/*
 * The one-query reference server's SQL (bench/reference-server.ts): one statement per request that builds the
 * whole answer, in the JSON Atrium answers (same keys, values and order of items).
 */

/** Timestamps as Atrium sends them (Date#toISOString: UTC, milliseconds, Z). */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The carrying sites of blog `b`, owning site first (one row's own subquery). */
const SITE_IDS = '(select json_agg(x.site_id order by x.position) from content_sites x where x.content_id = b.content_id)'

/** The Blog fields, in the order of Atrium's Blog schema; `b` is a blogs row, `siteIds` a JSON array expression (null: the owner alone). */
const blog = (siteIds = SITE_IDS) => `
  'id', b.id, 'content_id', b.content_id, 'site_id', b.site_id,
  'site_ids', coalesce(${siteIds}, json_build_array(b.site_id)),
  'slug', b.slug, 'author', b.author, 'status', b.status, 'published_date', b.published_date,
  'published_at', ${iso('b.published_at')}, 'publish_start', ${iso('b.publish_start')}, 'publish_end', ${iso('b.publish_end')},
  'is_featured', b.is_featured, 'allow_comments', b.allow_comments, 'reading_time_minutes', b.reading_time_minutes,
  'cover_image_id', b.cover_image_id, 'header_image_id', b.header_image_id,
  'created_at', ${iso('b.created_at')}, 'updated_at', ${iso('b.updated_at')}`

const TAGS = `coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by t.name, t.id)
    from content_tags ct join tags t on t.id = ct.tag_id
    where ct.content_id = b.content_id and t.deleted_at is null), '[]'::json)`

const CATEGORIES = `coalesce((
    select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'is_primary', cc.is_primary) order by cc.is_primary desc, c.name, c.id)
    from content_categories cc join categories c on c.id = cc.category_id
    where cc.content_id = b.content_id and c.deleted_at is null), '[]'::json)`

/** BlogDetail: the blog, all localizations (default locale first, then by code), categories, tags, documents. */
const DETAIL = `json_build_object(${blog()},
  'localizations', coalesce((
    select json_agg(json_build_object(
      'id', bl.id, 'content_id', bl.content_id, 'locale_id', bl.locale_id, 'title', bl.title, 'subtitle', bl.subtitle,
      'excerpt', bl.excerpt, 'body', bl.body, 'meta_title', bl.meta_title, 'meta_description', bl.meta_description,
      'translation_status', bl.translation_status, 'created_at', ${iso('bl.created_at')}, 'updated_at', ${iso('bl.updated_at')})
      order by lo.is_default desc, lo.code)
    from blog_localizations bl join locales lo on lo.id = bl.locale_id
    where bl.content_id = b.content_id), '[]'::json),
  'categories', ${CATEGORIES},
  'tags', ${TAGS},
  'documents', '[]'::json)::text`

export const BY_ID = `select ${DETAIL} as j from blogs b where b.id = $1 and b.deleted_at is null`

export const BY_SLUG = `select ${DETAIL} as j
  from content_sites cs join blogs b on b.content_id = cs.content_id and b.deleted_at is null
  where cs.site_id = $1 and cs.content_type = 'blog' and cs.slug = $2 and cs.is_live
  limit 1`

/*
 * One page of the published list with its total ($1 site, $2 per_page, $3 offset, $4 page, $5 locale code or
 * null). The page comes from content_sites_published_idx in order (as Atrium's does); site_ids, the
 * localization (the requested locale, else the default one, else the oldest), tags and categories are each
 * gathered once for the page's ten items; the total is counted every time.
 */
export const PUBLISHED = `with page as (
    select cs.content_id, cs.published_date, cs.published_at
    from content_sites cs
    where cs.site_id = $1 and cs.content_type = 'blog' and cs.is_live and cs.status = 'Published'
      and (cs.publish_end is null or cs.publish_end > now())
    order by cs.published_date desc nulls last, cs.published_at desc nulls last, cs.content_id desc
    limit $2::int offset $3::int
  ), carriers as (
    select x.content_id, json_agg(x.site_id order by x.position) as site_ids
    from page p join content_sites x on x.content_id = p.content_id
    group by x.content_id
  ), loc as (
    select distinct on (bl.content_id) bl.content_id, bl.title, bl.subtitle, bl.excerpt, lo.code
    from page p join blog_localizations bl on bl.content_id = p.content_id join locales lo on lo.id = bl.locale_id
    order by bl.content_id, coalesce(lower(lo.code) = lower($5::text), false) desc, lo.is_default desc, bl.created_at
  ), tg as (
    select ct.content_id, json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by t.name, t.id) as tags
    from page p join content_tags ct on ct.content_id = p.content_id join tags t on t.id = ct.tag_id
    where t.deleted_at is null
    group by ct.content_id
  ), cat as (
    select cc.content_id, json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'is_primary', cc.is_primary) order by cc.is_primary desc, c.name, c.id) as categories
    from page p join content_categories cc on cc.content_id = p.content_id join categories c on c.id = cc.category_id
    where c.deleted_at is null
    group by cc.content_id
  )
  select json_build_object(
    'data', coalesce((
      select json_agg(json_build_object(${blog('carriers.site_ids')},
          'title', coalesce(l.title, ''), 'subtitle', coalesce(l.subtitle, ''), 'excerpt', coalesce(l.excerpt, ''), 'locale', l.code,
          'tags', coalesce(tg.tags, '[]'::json),
          'categories', coalesce(cat.categories, '[]'::json))
        order by p.published_date desc nulls last, p.published_at desc nulls last, p.content_id desc)
      from page p
      join blogs b on b.content_id = p.content_id and b.deleted_at is null
      left join carriers on carriers.content_id = p.content_id
      left join loc l on l.content_id = p.content_id
      left join tg on tg.content_id = p.content_id
      left join cat on cat.content_id = p.content_id), '[]'::json),
    'meta', (
      select json_build_object('page', $4::int, 'per_page', $2::int, 'total', count(*)::int, 'total_pages', ceil(count(*)::numeric / $2::int)::int)
      from content_sites cs
      where cs.site_id = $1 and cs.content_type = 'blog' and cs.is_live and cs.status = 'Published'
        and (cs.publish_end is null or cs.publish_end > now()))
  )::text as j`
