/*
 * The read endpoints under test: the requests each one rotates over (several sites and posts, each with
 * its site's Read key) and a check of one answer, so a wrong or missing endpoint is caught before it is timed.
 */
import type { SeededSite } from './seed.js'

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

export interface Endpoint {
  name: string
  /** Issue target on the PostgreSQL server (req/s), where the issue sets one. */
  target?: number
  requests(sites: SeededSite[]): BenchRequest[]
  /** Returns a problem description, or null when the answer looks right. */
  check(answer: Answer, req: BenchRequest): string | null
}

const API = '/api/v1'
const PER_PAGE = 10
/** Posts per site the per-post endpoints rotate over. */
const POSTS_PER_SITE = 20

const deepPage = (postsPerSite: number) => Math.max(1, Math.min(50, Math.floor(postsPerSite / PER_PAGE)))

const get = (site: SeededSite, path: string): BenchRequest => ({ method: 'GET', path: `${API}${path}`, headers: { 'x-api-key': site.readKey, accept: 'application/json' } })

/** Evenly spread posts of each site (the seed order is random in date, so this samples old and new). */
function samplePosts(sites: SeededSite[], fn: (site: SeededSite, post: SeededSite['posts'][number]) => BenchRequest): BenchRequest[] {
  const out: BenchRequest[] = []
  for (const site of sites) {
    const step = Math.max(1, Math.floor(site.posts.length / POSTS_PER_SITE))
    for (let i = 0; i < site.posts.length && i / step < POSTS_PER_SITE; i += step) out.push(fn(site, site.posts[i]!))
  }
  return out
}

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

const listEndpoint = (name: string, page: number, target: number): Endpoint => ({
  name,
  target,
  requests: (sites) => sites.map((s) => get(s, `/sites/${s.id}/blogs/published?page=${page}&per_page=${PER_PAGE}`)),
  check: (a) => checkPage(a, page),
})

/** The endpoints under test; the deep list page is page 50, or the last full page of a smaller seed. */
export const endpoints = (postsPerSite: number): Endpoint[] => [
  {
    // Reference point: authentication, rate limiting, usage recording and one primary-key read, nothing else.
    name: 'baseline: site by id',
    requests: (sites) => sites.map((s) => get(s, `/sites/${s.id}`)),
    check: (a, req) => {
      const b = json(a)
      return isObj(b) && req.path.endsWith(String(b.id)) ? null : 'expected the site'
    },
  },
  listEndpoint('published list, page 1', 1, 1600),
  listEndpoint(`published list, page ${deepPage(postsPerSite)}`, deepPage(postsPerSite), 1300),
  {
    name: 'post by slug',
    target: 2100,
    requests: (sites) => samplePosts(sites, (s, p) => get(s, `/sites/${s.id}/blogs/by-slug/${encodeURIComponent(p.slug)}`)),
    check: (a, req) => {
      const b = json(a)
      const slug = decodeURIComponent(req.path.split('/').pop() ?? '')
      return isObj(b) && b.slug === slug ? null : `expected the blog with slug ${slug}`
    },
  },
  {
    name: 'blog detail',
    requests: (sites) => samplePosts(sites, (s, p) => get(s, `/blogs/${p.id}/detail`)),
    check: (a, req) => {
      const b = json(a)
      const id = req.path.split('/').at(-2)
      if (!isObj(b) || b.id !== id) return `expected blog ${id}`
      if (!Array.isArray(b.localizations) || b.localizations.length !== 2) return 'expected 2 localizations'
      return null
    },
  },
  {
    name: 'similar posts',
    requests: (sites) => samplePosts(sites, (s, p) => get(s, `/sites/${s.id}/blogs/${p.id}/similar`)),
    check: (a) => {
      const b = json(a)
      return Array.isArray(b) && b.length > 0 ? null : 'expected a non-empty array (the posts share tags)'
    },
  },
  {
    name: 'RSS feed',
    requests: (sites) => sites.map((s) => ({ ...get(s, `/sites/${s.id}/feed.rss`), headers: { 'x-api-key': s.readKey, accept: 'application/rss+xml' } })),
    check: (a) => {
      if (!a.contentType.includes('application/rss+xml')) return `content-type ${a.contentType}`
      const items = a.body.split('<item>').length - 1
      return a.body.includes('<rss') && items === 50 ? null : `expected an RSS document with 50 items, got ${items}`
    },
  },
]
