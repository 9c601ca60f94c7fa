import { sql, type SQL } from 'drizzle-orm'
import { rowsOf } from '../../db/migrate.js'
import type { ReadDb } from '../../db/client.js'

/*
 * Site search: the ranked page in one SQL statement. Every localization row search reads carries a `search_vector` built with its
 * locale's text-search configuration (migration 0014_site_search: triggers plus a GIN index per table), and the query
 * is built with the same configuration (atrium_search_config of the requested code), so `search_vector @@ query` is a
 * GIN index scan. Localizations are matched by locale CODE, not id: a shared record's localizations name locales of
 * its owning site, while the caller names a locale of the carrying site it searches through.
 * Titles come from the same statement; snippets (ts_headline) from the next, only for the rows of the requested page.
 */

export type SearchType = 'blog' | 'page' | 'document'

export interface SearchInput {
  siteId: string
  /** Canonical locale code (a locale of the site). */
  code: string
  q: string
  types: SearchType[]
  /** Only content live at `now` (Read-level callers); false: every status (Write and above). */
  liveOnly: boolean
  now: Date
  limit: number
  offset: number
}

export interface SearchRow {
  type: SearchType
  id: string
  slug: string | null
  route: string | null
  title: string | null
  /** ts_headline output with \u0002 … \u0003 around matches (the service escapes and marks it up). */
  headline: string | null
  /** The localization (blog, document) or page whose text the snippet is cut from. */
  source_id: string
  rank: number
  published_at: Date | string | null
  total: number
}

/** Highlight sentinels: control characters (removed from the source text first) that the service turns into <mark>. */
export const MARK_START = '\u0002'
export const MARK_STOP = '\u0003'
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

/*
 * The query, inline rather than from a CTE: with constant arguments it folds to a constant at planning time, so the
 * planner sees `search_vector @@ '<tsquery>'` and can pick the GIN index.
 */
const tsQuery = (input: SearchInput): SQL => sql`websearch_to_tsquery(atrium_search_config(${input.code}), ${input.q})`

/** Live now: Published and inside publish_start/publish_end (the public lookups' rule, blogs/service.ts isLive). */
function liveWhere(alias: 'b' | 'p', input: SearchInput): SQL {
  if (!input.liveOnly) return sql``
  const a = sql.raw(alias)
  const now = input.now.toISOString()
  return sql` and ${a}.status = 'Published' and (${a}.publish_start is null or ${a}.publish_start <= ${now}::timestamptz)
    and (${a}.publish_end is null or ${a}.publish_end > ${now}::timestamptz)`
}

function blogHits(input: SearchInput): SQL {
  return sql`
    select 'blog'::text as type, b.id, b.slug, null::text as route, bl.title, ts_rank(bl.search_vector, ${tsQuery(input)}) as rank,
           b.published_at, bl.id as source_id
      from blog_localizations bl
      join locales l on l.id = bl.locale_id and l.code = ${input.code}
      join content_sites cs on cs.content_id = bl.content_id and cs.site_id = ${input.siteId} and cs.content_type = 'blog' and cs.is_live
      join blogs b on b.content_id = bl.content_id and b.deleted_at is null${liveWhere('b', input)}
     where bl.search_vector @@ ${tsQuery(input)}`
}

/** A page is one hit however many of its sections match; its rank is the sum of its matching sections' ranks. */
function pageHits(input: SearchInput): SQL {
  return sql`
    select 'page'::text as type, p.id, null::text as slug, coalesce(cs.route, p.route) as route, null::text as title,
           sum(ts_rank(psl.search_vector, ${tsQuery(input)}))::real as rank, p.published_at, p.id as source_id
      from page_section_localizations psl
      join locales l on l.id = psl.locale_id and l.code = ${input.code}
      join page_sections s on s.id = psl.page_section_id
      join pages p on p.id = s.page_id and p.deleted_at is null${liveWhere('p', input)}
      join content_sites cs on cs.content_id = p.content_id and cs.site_id = ${input.siteId} and cs.content_type = 'page' and cs.is_live
     where psl.search_vector @@ ${tsQuery(input)}
     group by p.id, cs.route`
}

function documentHits(input: SearchInput): SQL {
  return sql`
    select 'document'::text as type, d.id, null::text as slug, null::text as route, dl.title, ts_rank(dl.search_vector, ${tsQuery(input)}) as rank,
           null::timestamptz as published_at, dl.id as source_id
      from document_localizations dl
      join locales l on l.id = dl.locale_id and l.code = ${input.code}
      join documents d on d.id = dl.document_id and d.site_id = ${input.siteId} and d.deleted_at is null
     where dl.search_vector @@ ${tsQuery(input)}`
}

const HITS: Record<SearchType, (input: SearchInput) => SQL> = { blog: blogHits, page: pageHits, document: documentHits }

/**
 * How much of a hit's text its snippet is cut from, in characters: ts_headline parses all the text it is given, and
 * on a 490 KB body that took about 240 ms a hit (4.8 s a page of 20, on the embedded database all of it holding the
 * event loop; bench/search-stall.ts). Texts up to this length (nearly every post) get the snippet they always had;
 * a longer one gets its snippet from its start, while it is still found and ranked by its whole stored vector.
 */
export const SNIPPET_SOURCE_CHARS = 8_000
const cut = (field: SQL) => sql`substr(${field}, 1, ${sql.raw(String(SNIPPET_SOURCE_CHARS))})`

/**
 * The text a hit's snippet is cut from (its title is answered apart), at most SNIPPET_SOURCE_CHARS characters (each
 * field cut before it is joined, so no whole body is copied), and a page's title: its first section title.
 */
const SOURCE_TEXT = sql`
  ${cut(sql`case h.type
    when 'blog' then (select concat_ws(E'\n', ${cut(sql`x.subtitle`)}, ${cut(sql`x.excerpt`)}, ${cut(sql`x.body`)}) from blog_localizations x where x.id = h.source_id)
    when 'document' then (select concat_ws(E'\n', ${cut(sql`x.description`)}, d.file_name) from document_localizations x join documents d on d.id = x.document_id where x.id = h.source_id)
    else (select string_agg(concat_ws(E'\n', ${cut(sql`x.title`)}, ${cut(sql`x.text`)}), E'\n' order by s.display_order, s.created_at, s.id)
            from page_sections s join page_section_localizations x on x.page_section_id = s.id join locales l on l.id = x.locale_id and l.code = h.code
           where s.page_id = h.source_id)
  end`)}`

const PAGE_TITLE = sql`
  (select x.title from page_sections s join page_section_localizations x on x.page_section_id = s.id join locales l on l.id = x.locale_id and l.code = h.code
    where s.page_id = h.source_id and x.title is not null order by s.display_order, s.created_at, s.id limit 1)`

/**
 * The search statement: one page of hits, best first, each row with the total (a row with a null type carries it
 * when the page is empty) and what its snippet is cut from (headlineStatement).
 */
export function searchStatement(input: SearchInput): SQL {
  const union = sql.join(
    input.types.map((t) => HITS[t](input)),
    sql` union all `,
  )
  return sql`
    with hits as materialized (${union}),
    total as (select count(*)::int as total from hits),
    page as (
      select hits.*, ${input.code}::text as code from hits
       order by rank desc, published_at desc nulls last, type, id
       limit ${input.limit} offset ${input.offset}
    )
    select h.type, h.id::text as id, h.slug, h.route,
           case when h.type = 'page' then ${PAGE_TITLE} else h.title end as title,
           h.source_id::text as source_id, h.rank::float8 as rank, h.published_at, total.total
      from total
      left join page h on true
     order by h.rank desc, h.published_at desc nulls last, h.type, h.id`
}

/** The snippets of some hits of a page, in the order given (ts_headline of each hit's capped SOURCE_TEXT). */
export function headlineStatement(input: SearchInput, hits: ReadonlyArray<Pick<SearchRow, 'type' | 'source_id'>>): SQL {
  const values = sql.join(
    hits.map((h, i) => sql`(${i}::int, ${h.type}::text, ${h.source_id}::uuid, ${input.code}::text)`),
    sql`, `,
  )
  return sql`
    select ts_headline(atrium_search_config(${input.code}), translate(coalesce(${SOURCE_TEXT}, ''), ${MARK_START + MARK_STOP}, ''), ${tsQuery(input)}, ${HEADLINE_OPTIONS}) as headline
      from (values ${values}) as h(ord, type, source_id, code)
     order by h.ord`
}

/** Waits for the next turn of the event loop: timers, I/O and other requests run first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Snippets per statement on the embedded database. There every statement holds the event loop while it runs
 * (PGlite), so a page's snippets are cut a few hits at a time with a turn of the loop between statements: a
 * concurrent request waits for at most one of them (bench/search-stall.ts). On a server one statement cuts them all.
 */
const EMBEDDED_HEADLINES_PER_STATEMENT = 4

/** One page of hits, best first, with the total number of hits. */
export async function search(db: ReadDb, input: SearchInput, kind: 'pglite' | 'postgres'): Promise<{ rows: SearchRow[]; total: number }> {
  const res = await db.execute(searchStatement(input))
  const all = rowsOf<Omit<SearchRow, 'headline'> & { type: SearchType | null }>(res)
  const total = all[0]?.total ?? 0
  const rows: SearchRow[] = all.filter((r): r is Omit<SearchRow, 'headline'> & { type: SearchType } => r.type !== null).map((r) => ({ ...r, headline: null }))
  const step = kind === 'pglite' ? EMBEDDED_HEADLINES_PER_STATEMENT : Math.max(1, rows.length)
  for (let i = 0; i < rows.length; i += step) {
    if (kind === 'pglite') await nextTurn()
    const part = rows.slice(i, i + step)
    const headlines = rowsOf<{ headline: string | null }>(await db.execute(headlineStatement(input, part)))
    part.forEach((r, j) => (r.headline = headlines[j]?.headline ?? null))
  }
  return { rows, total }
}
