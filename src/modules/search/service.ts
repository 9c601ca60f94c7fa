import { satisfies } from '../../core/access.js'
import { boundedRead } from '../../core/bounded-read.js'
import type { Ctx } from '../../core/context.js'
import { siteLocales } from '../../kits/localizations/rules.js'
import { validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import * as q from './queries.js'
import { MAX_QUERY_CHARS, SEARCH_TYPES, type SearchHit, type SearchQuery } from './schemas.js'

/*
 * Site search. Not cached: answers are keyed by free text, so a cache would rarely hit, and one indexed statement
 * answers a page (see queries.ts).
 */

/**
 * A search statement's time limit on a PostgreSQL server (a public Read key chooses the text): past it the search
 * answers 503. Statements are bounded by what they read (queries.ts SNIPPET_SOURCE_CHARS); this stops the rest.
 */
export const SEARCH_TIMEOUT_MS = 3_000

/** `types` as a set of search types; every type when absent; 400 for an empty or unknown item. */
export function parseTypes(raw: string | undefined): q.SearchType[] {
  if (raw === undefined) return [...SEARCH_TYPES]
  const out = new Set<q.SearchType>()
  for (const item of raw.split(',').map((s) => s.trim().toLowerCase())) {
    const known = SEARCH_TYPES.find((t) => t === item)
    if (!known) validation('types', `"${item}" is not one of ${SEARCH_TYPES.join(', ')}`)
    else out.add(known)
  }
  return [...out]
}

/** The trimmed search text; 400 when empty or longer than MAX_QUERY_CHARS characters. */
export function parseText(raw: string): string {
  const text = raw.trim()
  const length = [...text].length
  if (length === 0) validation('q', 'must not be empty')
  if (length > MAX_QUERY_CHARS) validation('q', `must be at most ${MAX_QUERY_CHARS} characters`)
  return text
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** ts_headline output as safe HTML: everything escaped, then the match sentinels become <mark> tags; null when blank. */
export function snippetHtml(headline: string | null): string | null {
  const text = (headline ?? '').trim()
  if (text === '') return null
  return text
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replaceAll(q.MARK_START, '<mark>')
    .replaceAll(q.MARK_STOP, '</mark>')
}

/** The canonical code of the site's locale named by `code` (any case), else of its default locale; 400 when the site lacks it. */
async function localeCode(ctx: Ctx, siteId: string, code: string | undefined): Promise<string> {
  const locales = await siteLocales(ctx.db, siteId)
  const wanted = code?.toLowerCase()
  const found = wanted === undefined ? locales.find((l) => l.is_default) : locales.find((l) => l.code.toLowerCase() === wanted)
  return found ? found.code : validation('locale', `"${code ?? ''}" is not a locale code of this site`)
}

/**
 * Ranked full-text search over the blogs and pages the site carries and its documents, in the locale's language.
 * Read-level callers find only live content (Published, inside publish_start/publish_end); Write and above find every
 * status, like the public lookups' previews. 400 for a bad q, types or locale.
 */
export async function search(ctx: Ctx, siteId: string, query: SearchQuery): Promise<Page<SearchHit>> {
  const text = parseText(query.q)
  const types = parseTypes(query.types)
  const code = await localeCode(ctx, siteId, query.locale)
  const { limit, offset } = pageWindow(query)
  const liveOnly = !satisfies(ctx.principal, siteId, 'Write')
  const input = { siteId, code, q: text, types, liveOnly, now: ctx.clock.now(), limit, offset }
  const { rows, total } = await boundedRead(ctx, 'search', SEARCH_TIMEOUT_MS, (db) => q.search(db, input, ctx.deps.dbh.kind))
  const hits = rows.map((r) => ({
    type: r.type,
    id: r.id,
    slug: r.slug,
    route: r.route,
    title: r.title,
    snippet: snippetHtml(r.headline),
    rank: Number(r.rank),
    published_at: r.published_at === null ? null : new Date(r.published_at),
  }))
  return paginate(hits, total, query)
}
