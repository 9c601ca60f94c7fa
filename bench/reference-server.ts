/*
 * The one-query reference server: what the three delivery reads cost when each request is one hand-written
 * SQL statement over Atrium's tables that builds the whole answer (json_build_object / json_agg) and Node only
 * passes the text on. No authentication, no rate limiting, no cache; the list counts its total every time.
 * It answers the same JSON as Atrium (same keys, values and order of items; the bench checks that):
 *
 *   GET /api/v1/sites/{site_id}/blogs/published?page=&per_page=&locale=
 *   GET /api/v1/sites/{site_id}/blogs/by-slug/{slug}
 *   GET /api/v1/blogs/{id}/detail
 *   GET /api/v1/health
 *
 * Run by the bench as its own process (node --import tsx bench/reference-server.ts) with PORT and either
 * REF_DATABASE_URL (a pg pool of 10, like Atrium's) or REF_DATA_DIR (PGlite opened the way Atrium opens it,
 * holding the data directory's lock: the embedded database is one process's at a time).
 */
import http from 'node:http'
import pg from 'pg'
import { lockDataDir } from '../src/db/data-dir-lock.js'

type Query = (text: string, params: unknown[]) => Promise<string | undefined>

/** Timestamps as Atrium sends them (Date#toISOString: UTC, milliseconds, Z). */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The Blog fields, in the order of Atrium's Blog schema; `b` is a blogs row. */
const BLOG = `
  'id', b.id, 'content_id', b.content_id, 'site_id', b.site_id,
  'site_ids', coalesce((select json_agg(x.site_id order by x.position) from content_sites x where x.content_id = b.content_id), json_build_array(b.site_id)),
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
const DETAIL = `json_build_object(${BLOG},
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

const BY_ID = `select ${DETAIL} as j from blogs b where b.id = $1 and b.deleted_at is null`

const BY_SLUG = `select ${DETAIL} as j
  from content_sites cs join blogs b on b.content_id = cs.content_id and b.deleted_at is null
  where cs.site_id = $1 and cs.content_type = 'blog' and cs.slug = $2 and cs.is_live
  limit 1`

/*
 * One page of the published list with its total ($1 site, $2 per_page, $3 offset, $4 page, $5 locale code or
 * null). The title, subtitle and excerpt come from the requested locale, else the default one, else the oldest.
 */
const PUBLISHED = `with pub as (
    select cs.content_id, cs.published_date, cs.published_at
    from content_sites cs
    where cs.site_id = $1 and cs.content_type = 'blog' and cs.is_live and cs.status = 'Published'
      and (cs.publish_end is null or cs.publish_end > now())
  ), page as (
    select * from pub
    order by published_date desc nulls last, published_at desc nulls last, content_id desc
    limit $2::int offset $3::int
  )
  select json_build_object(
    'data', coalesce((
      select json_agg(json_build_object(${BLOG},
          'title', coalesce(l.title, ''), 'subtitle', coalesce(l.subtitle, ''), 'excerpt', coalesce(l.excerpt, ''), 'locale', l.code,
          'tags', ${TAGS},
          'categories', ${CATEGORIES})
        order by p.published_date desc nulls last, p.published_at desc nulls last, p.content_id desc)
      from page p
      join blogs b on b.content_id = p.content_id and b.deleted_at is null
      left join lateral (
        select bl.title, bl.subtitle, bl.excerpt, lo.code
        from blog_localizations bl join locales lo on lo.id = bl.locale_id
        where bl.content_id = b.content_id
        order by coalesce(lower(lo.code) = lower($5::text), false) desc, lo.is_default desc, bl.created_at
        limit 1) l on true), '[]'::json),
    'meta', (select json_build_object('page', $4::int, 'per_page', $2::int, 'total', count(*)::int, 'total_pages', ceil(count(*)::numeric / $2::int)::int) from pub)
  )::text as j`

const UUID = '([0-9a-fA-F-]{36})'
const PUBLISHED_PATH = new RegExp(`^/api/v1/sites/${UUID}/blogs/published$`)
const SLUG_PATH = new RegExp(`^/api/v1/sites/${UUID}/blogs/by-slug/([^/]+)$`)
const DETAIL_PATH = new RegExp(`^/api/v1/blogs/${UUID}/detail$`)

const int = (v: string | null, fallback: number, max: number) => {
  const n = v === null ? fallback : Number(v)
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined
}

/** The query and parameters for a path, or undefined when it is not one of the three reads. */
function route(url: URL): [string, unknown[]] | undefined {
  let m = PUBLISHED_PATH.exec(url.pathname)
  if (m) {
    const page = int(url.searchParams.get('page'), 1, 1_000_000)
    const perPage = int(url.searchParams.get('per_page'), 10, 100)
    if (page === undefined || perPage === undefined) return undefined
    return [PUBLISHED, [m[1], perPage, (page - 1) * perPage, page, url.searchParams.get('locale')]]
  }
  m = SLUG_PATH.exec(url.pathname)
  if (m) return [BY_SLUG, [m[1], decodeURIComponent(m[2]!)]]
  m = DETAIL_PATH.exec(url.pathname)
  if (m) return [BY_ID, [m[1]]]
  return undefined
}

async function openQuery(): Promise<{ query: Query; close(): Promise<void> }> {
  const url = process.env.REF_DATABASE_URL
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    pool.on('error', () => undefined)
    return {
      query: async (text, params) => (await pool.query<{ j: string }>(text, params)).rows[0]?.j,
      close: () => pool.end(),
    }
  }
  const dataDir = process.env.REF_DATA_DIR
  if (!dataDir) throw new Error('set REF_DATABASE_URL or REF_DATA_DIR')
  const lock = lockDataDir(dataDir)
  const { openPglite } = await import('../src/db/pglite.js')
  const pgl = await openPglite(dataDir)
  return {
    query: async (text, params) => (await pgl.query<{ j: string }>(text, params)).rows[0]?.j,
    close: async () => {
      await pgl.close()
      lock.release()
    },
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'

async function main(): Promise<void> {
  const db = await openQuery()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/api/v1/health') {
      res.writeHead(200, { 'content-type': JSON_TYPE }).end('{"status":"ok"}')
      return
    }
    const q = req.method === 'GET' ? route(url) : undefined
    if (!q) {
      res.writeHead(404, { 'content-type': JSON_TYPE }).end('{"status":404,"title":"No route for this path"}')
      return
    }
    db.query(q[0], q[1]).then(
      (json) => {
        if (json === undefined) res.writeHead(404, { 'content-type': JSON_TYPE }).end('{"status":404,"title":"Not found"}')
        else res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(json) }).end(json)
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': JSON_TYPE }).end(JSON.stringify({ status: 500, detail: err instanceof Error ? err.message : String(err) }))
      },
    )
  })
  server.keepAliveTimeout = 5000
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1')
  const shutdown = () => {
    server.close()
    server.closeAllConnections()
    void db.close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}

main().catch((err: unknown) => {
  process.stderr.write(`reference server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
