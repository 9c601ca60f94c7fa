/*
 * The read endpoints under test: the requests each one rotates over (several sites and posts, each with
 * its site's Read key) and a check of one answer, so a wrong or missing endpoint is caught before it is timed.
 * The three the one-query reference server also answers (published list page 1, post by slug, blog detail)
 * say how to make every request a cache miss.
 */
import type { SeededPost, SeededSite } from './seed.js'

export interface BenchRequest {
  method: 'GET'
  path: string
  headers: Record<string, string>
}

export interface Answer {
  status: number
  contentType: string
  body: string
}

export type EndpointId = 'baseline' | 'list' | 'deep' | 'slug' | 'detail' | 'similar' | 'rss' | 'cv' | 'consent'

/**
 * Requests that miss Atrium's read cache. 'bust': the load generator appends `&locale=en-x-<n>` with a new n
 * each time (a locale no site has: the default locale's answer, under a key never used before). 'sweep':
 * posts never requested before, each sent once (the run stops when they run out).
 */
export interface MissPlan {
  kind: 'bust' | 'sweep'
  requests(sites: SeededSite[]): BenchRequest[]
}

export interface Endpoint {
  id: EndpointId
  name: string
  /** Issue target on the PostgreSQL server (req/s), where the issue sets one. */
  target?: number
  requests(sites: SeededSite[]): BenchRequest[]
  /** Returns a problem description, or null when the answer looks right. */
  check(answer: Answer, req: BenchRequest): string | null
  /** How to measure the cache-miss path (the endpoints the one-query reference server answers). */
  miss?: MissPlan
}

const API = '/api/v1'
const PER_PAGE = 10
/** Posts per site the per-post endpoints rotate over. */
const POSTS_PER_SITE = 20

const deepPage = (postsPerSite: number) => Math.max(1, Math.min(50, Math.floor(postsPerSite / PER_PAGE)))

export const get = (site: SeededSite, path: string): BenchRequest => ({ method: 'GET', path: `${API}${path}`, headers: { 'x-api-key': site.readKey, accept: 'application/json' } })

/** The posts of each site the per-post endpoints (and the editor) use: evenly spread, so old and new ones (the seed order is random in date). */
export function sampledPosts(site: SeededSite): SeededSite['posts'] {
  const step = Math.max(1, Math.floor(site.posts.length / POSTS_PER_SITE))
  const out: SeededSite['posts'] = []
  for (let i = 0; i < site.posts.length && i / step < POSTS_PER_SITE; i += step) out.push(site.posts[i]!)
  return out
}

function samplePosts(sites: SeededSite[], fn: (site: SeededSite, post: SeededSite['posts'][number]) => BenchRequest): BenchRequest[] {
  return sites.flatMap((site) => sampledPosts(site).map((p) => fn(site, p)))
}

/** Every post outside the samples, one site after another in turn: keys the cached runs never asked for. */
function unsampledPosts(sites: SeededSite[], fn: (site: SeededSite, post: SeededSite['posts'][number]) => BenchRequest): BenchRequest[] {
  const rest = sites.map((site) => {
    const sampled = new Set(sampledPosts(site).map((p) => p.id))
    return site.posts.filter((p) => !sampled.has(p.id))
  })
  const out: BenchRequest[] = []
  const longest = Math.max(0, ...rest.map((r) => r.length))
  for (let i = 0; i < longest; i++) {
    sites.forEach((site, s) => {
      const post = rest[s]![i]
      if (post) out.push(fn(site, post))
    })
  }
  return out
}

const bySlug = (s: SeededSite, p: SeededPost) => get(s, `/sites/${s.id}/blogs/by-slug/${encodeURIComponent(p.slug)}`)
const detailOf = (s: SeededSite, p: SeededPost) => get(s, `/blogs/${p.id}/detail`)

function json(a: Answer): unknown {
  if (!a.contentType.includes('json')) throw new Error(`content-type ${a.contentType}`)
  return JSON.parse(a.body) as unknown
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function checkPage(a: Answer, page: number): string | null {
  const b = json(a)
  if (!isObj(b) || !Array.isArray(b.data) || !isObj(b.meta)) return 'not a paginated answer ({ data, meta })'
  if (b.data.length !== PER_PAGE) return `page ${page} has ${b.data.length} items, expected ${PER_PAGE}`
  if (b.meta.page !== page || typeof b.meta.total !== 'number' || b.meta.total < page * PER_PAGE) return `unexpected meta ${JSON.stringify(b.meta)}`
  return null
}

const listRequests = (page: number) => (sites: SeededSite[]) => sites.map((s) => get(s, `/sites/${s.id}/blogs/published?page=${page}&per_page=${PER_PAGE}`))

const listEndpoint = (id: EndpointId, name: string, page: number, target: number, miss?: MissPlan): Endpoint => ({
  id,
  name,
  target,
  requests: listRequests(page),
  check: (a) => checkPage(a, page),
  ...(miss ? { miss } : {}),
})

/** The endpoints under test; the deep list page is page 50, or the last full page of a smaller seed. */
export const endpoints = (postsPerSite: number): Endpoint[] => [
  {
    // Reference point: authentication, rate limiting, usage recording and one primary-key read, nothing else.
    id: 'baseline',
    name: 'baseline: site by id',
    requests: (sites) => sites.map((s) => get(s, `/sites/${s.id}`)),
    check: (a, req) => {
      const b = json(a)
      return isObj(b) && req.path.endsWith(String(b.id)) ? null : 'expected the site'
    },
  },
  listEndpoint('list', 'published list, page 1', 1, 1600, { kind: 'bust', requests: listRequests(1) }),
  listEndpoint('deep', `published list, page ${deepPage(postsPerSite)}`, deepPage(postsPerSite), 1300),
  {
    id: 'slug',
    name: 'post by slug',
    target: 2100,
    requests: (sites) => samplePosts(sites, bySlug),
    miss: { kind: 'sweep', requests: (sites) => unsampledPosts(sites, bySlug) },
    check: (a, req) => {
      const b = json(a)
      const slug = decodeURIComponent(req.path.split('/').pop() ?? '')
      return isObj(b) && b.slug === slug ? null : `expected the blog with slug ${slug}`
    },
  },
  {
    id: 'detail',
    name: 'blog detail',
    requests: (sites) => samplePosts(sites, detailOf),
    miss: { kind: 'sweep', requests: (sites) => unsampledPosts(sites, detailOf) },
    check: (a, req) => {
      const b = json(a)
      const id = req.path.split('/').at(-2)
      if (!isObj(b) || b.id !== id) return `expected blog ${id}`
      if (!Array.isArray(b.localizations) || b.localizations.length !== 2) return 'expected 2 localizations'
      return null
    },
  },
  {
    id: 'similar',
    name: 'similar posts',
    requests: (sites) => samplePosts(sites, (s, p) => get(s, `/sites/${s.id}/blogs/${p.id}/similar`)),
    check: (a) => {
      const b = json(a)
      return Array.isArray(b) && b.length > 0 ? null : 'expected a non-empty array (the posts share tags)'
    },
  },
  {
    id: 'consent',
    name: 'cookie consent',
    requests: (sites) => sites.map((s) => get(s, `/sites/${s.id}/legal/cookie-consent`)),
    check: (a) => {
      const b = json(a)
      if (!isObj(b) || b.document_type !== 'CookieConsent' || !Array.isArray(b.groups) || b.groups.length !== 4) return 'expected the CookieConsent document with 4 groups'
      const orders = b.groups.map((g) => (isObj(g) && Array.isArray(g.items) && g.items.length >= 3 ? g.display_order : null))
      return orders.join(',') === '1,2,3,4' ? null : 'expected 4 groups in display_order, each with its items'
    },
  },
  {
    id: 'rss',
    name: 'RSS feed',
    requests: (sites) => sites.map((s) => ({ ...get(s, `/sites/${s.id}/feed.rss`), headers: { 'x-api-key': s.readKey, accept: 'application/rss+xml' } })),
    check: (a) => {
      if (!a.contentType.includes('application/rss+xml')) return `content-type ${a.contentType}`
      const items = a.body.split('<item>').length - 1
      return a.body.includes('<rss') && items === 50 ? null : `expected an RSS document with 50 items, got ${items}`
    },
  },
  {
    id: 'cv',
    name: 'CV list, page 1',
    requests: (sites) => sites.map((s) => get(s, `/sites/${s.id}/cv?page=1&per_page=${PER_PAGE}`)),
    check: (a) => {
      const problem = checkPage(a, 1)
      if (problem) return problem
      const data = (json(a) as { data: Array<{ is_current: boolean; start_date: string }> }).data
      const ordered = data.every((e, i) => i === 0 || (data[i - 1]!.is_current ? 1 : 0) > (e.is_current ? 1 : 0) || (data[i - 1]!.is_current === e.is_current && data[i - 1]!.start_date >= e.start_date))
      return ordered ? null : 'expected current entries first, then start_date newest first'
    },
  },
]
