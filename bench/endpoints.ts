/*
 * The read endpoints under test: the requests each one rotates over (several sites and posts, each with
 * its site's Read key) and a check of one answer, so a wrong or missing endpoint is caught before it is timed.
 * The three the one-query reference server also answers (published list page 1, post by slug, blog detail)
 * and the redirect lookup say how to make every request a cache miss. The issue 11 reads (pages, navigation,
 * redirects, social links; group `site`) come last, after the blog reads they are compared with.
 */
import type { SeededPost, SeededSite } from './seed.js'
import type { SeededRedirect } from './seed-site.js'

export interface BenchRequest {
  method: 'GET'
  path: string
  headers: Record<string, string>
  /** What the answer must hold, for checks that cannot read it off the path (the redirect a lookup finds). */
  expect?: unknown
}

export interface Answer {
  status: number
  contentType: string
  body: string
}

export type EndpointId =
  | 'baseline'
  | 'list'
  | 'deep'
  | 'slug'
  | 'detail'
  | 'similar'
  | 'rss'
  | 'cv'
  | 'consent'
  | 'page-route'
  | 'page-locs'
  | 'menu-slug'
  | 'menu-tree'
  | 'menu-tree-de'
  | 'navigation'
  | 'redirect'
  | 'social'

/**
 * The delivery reads of pages, navigation, redirects and social links (issue 11): each cached one is to be at
 * least as fast as the published blog list (page 1) in the same run, with p99 under 50 ms at 50 connections.
 * `BENCH_ONLY=site` selects them (with `list`: the blog list they are compared with).
 */
export const SITE_READS: readonly EndpointId[] = ['page-route', 'page-locs', 'menu-slug', 'menu-tree', 'menu-tree-de', 'navigation', 'redirect', 'social']

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
  /** How to measure the cache-miss path. */
  miss?: MissPlan
  /** The one-query reference server answers it too (published list page 1, post by slug, blog detail). */
  reference?: true
  /** `site`: the issue 11 reads (SITE_READS); `BENCH_ONLY` takes a group name as well as ids and parts of names. */
  group?: 'site'
}

const API = '/api/v1'
const PER_PAGE = 10
/** Posts per site the per-post endpoints rotate over. */
const POSTS_PER_SITE = 20

const deepPage = (postsPerSite: number) => Math.max(1, Math.min(50, Math.floor(postsPerSite / PER_PAGE)))

export const get = (site: SeededSite, path: string): BenchRequest => ({
  method: 'GET',
  path: `${API}${path}`,
  headers: { 'x-api-key': site.readKey, accept: 'application/json' },
})

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
  ...(miss ? { miss, reference: true as const } : {}),
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
    reference: true,
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
    reference: true,
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
      if (!isObj(b) || b.document_type !== 'CookieConsent' || !Array.isArray(b.groups) || b.groups.length !== 4)
        return 'expected the CookieConsent document with 4 groups'
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
      const ordered = data.every(
        (e, i) =>
          i === 0 ||
          (data[i - 1]!.is_current ? 1 : 0) > (e.is_current ? 1 : 0) ||
          (data[i - 1]!.is_current === e.is_current && data[i - 1]!.start_date >= e.start_date),
      )
      return ordered ? null : 'expected current entries first, then start_date newest first'
    },
  },
  ...siteReads(),
]

/** Which endpoints BENCH_ONLY selects: by id or group exactly, else by a part of the name (case-insensitive). */
export function selected(ep: Endpoint, only: string[]): boolean {
  if (only.length === 0) return true
  const ids = new Set<string>(ALL_IDS)
  return only.some((o) => (ids.has(o) || o === 'site' ? ep.id === o || ep.group === o : ep.name.toLowerCase().includes(o)))
}

const ALL_IDS: readonly EndpointId[] = ['baseline', 'list', 'deep', 'slug', 'detail', 'similar', 'rss', 'cv', ...SITE_READS]

// ---- issue 11: pages, navigation, redirects, social links -------------------------------------------------

/** Pages per site the page endpoints rotate over; active redirects per site the cached lookup rotates over. */
const PAGES_PER_SITE = 20
const REDIRECTS_PER_SITE = 200

/** Evenly spread over the list (every level of the page tree; old and new redirects). */
function spread<T>(xs: T[], n: number): T[] {
  const step = Math.max(1, Math.floor(xs.length / n))
  return xs.filter((_, i) => i % step === 0).slice(0, n)
}

/**
 * A route as by-route takes it: the home page as `%2F`; a nested route alternately as one encoded segment
 * (`services%2Fpricing`) and as several segments (`services/pricing`), so both routes are loaded.
 */
function routePath(route: string, i: number): string {
  if (route === '/') return '%2F'
  const bare = route.slice(1)
  return i % 2 === 0 ? encodeURIComponent(bare) : bare.split('/').map(encodeURIComponent).join('/')
}

const routeOfPath = (path: string) => {
  const raw = decodeURIComponent(path.split('/by-route/')[1] ?? '')
  return raw === '/' ? '/' : `/${raw}`
}

type Json = Record<string, unknown>
const arr = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined)

/** Every node of a navigation tree, depth first, with its depth. */
function nodes(tree: unknown[], depth = 1): { node: Json; depth: number }[] {
  return tree.flatMap((n) => (isObj(n) ? [{ node: n, depth }, ...nodes(arr(n.children) ?? [], depth + 1)] : []))
}

function checkTree(a: Answer, req: BenchRequest): string | null {
  const b = json(a)
  const expect = req.expect as { roots: string[]; items: number }
  if (!Array.isArray(b)) return 'expected an array of root nodes'
  const all = nodes(b)
  if (all.length !== expect.items) return `expected ${expect.items} nodes, got ${all.length}`
  if (Math.max(...all.map((n) => n.depth)) !== 3) return 'expected three levels'
  const titles = b.map((n) => (isObj(n) ? n.title : undefined))
  if (JSON.stringify(titles) !== JSON.stringify(expect.roots)) return `root titles ${JSON.stringify(titles)}, expected ${JSON.stringify(expect.roots)}`
  const kinds = new Set(all.map((n) => n.node.link_type))
  if (kinds.size !== 3) return `expected page, internal and external items, got ${[...kinds].join(', ')}`
  for (const { node } of all) {
    if (node.link_type === 'external' && (typeof node.external_url !== 'string' || node.external_url !== node.url))
      return `external item ${String(node.id)} without its external_url`
    if (node.link_type !== 'external' && node.external_url !== null) return `item ${String(node.id)} has an external_url`
    if (node.link_type === 'page' && typeof node.page_slug !== 'string') return `page item ${String(node.id)} without its page_slug`
  }
  return null
}

function siteReads(): Endpoint[] {
  const pagesOf = (s: SeededSite) => spread(s.pages, PAGES_PER_SITE)
  const menuItems = (s: SeededSite) => s.menuItemCount
  return [
    {
      id: 'page-route',
      name: 'page by route',
      group: 'site',
      // The form alternates per page and per site, so every level is asked for in both forms.
      requests: (sites) => sites.flatMap((s, si) => pagesOf(s).map((p, i) => get(s, `/sites/${s.id}/pages/by-route/${routePath(p.route, i + si)}`))),
      check: (a, req) => {
        const b = json(a)
        const route = routeOfPath(req.path)
        if (!isObj(b) || b.route !== route || b.status !== 'Published') return `expected the Published page ${route}`
        const sections = arr(b.sections)
        if (!sections || sections.length !== 5) return `expected 5 sections, got ${sections?.length}`
        if (!sections.every((x) => isObj(x) && arr(x.localizations)?.length === 2)) return 'expected 2 localizations (en, de) per section'
        return null
      },
    },
    {
      id: 'page-locs',
      name: 'page sections localizations',
      group: 'site',
      requests: (sites) => sites.flatMap((s) => pagesOf(s).map((p) => get(s, `/pages/${p.id}/sections/localizations`))),
      check: (a) => {
        const b = json(a)
        if (!Array.isArray(b) || b.length !== 10) return `expected 10 localizations (5 sections × 2 locales), got ${Array.isArray(b) ? b.length : 'no array'}`
        const perSection = new Map<unknown, number>()
        for (const l of b) if (isObj(l)) perSection.set(l.page_section_id, (perSection.get(l.page_section_id) ?? 0) + 1)
        return perSection.size === 5 && [...perSection.values()].every((n) => n === 2) ? null : 'expected 2 localizations for each of 5 sections'
      },
    },
    {
      id: 'menu-slug',
      name: 'menu by slug (primary)',
      group: 'site',
      requests: (sites) => sites.map((s) => ({ ...get(s, `/sites/${s.id}/menus/slug/primary`), expect: s.menuId })),
      check: (a, req) => {
        const b = json(a)
        return isObj(b) && b.slug === 'primary' && b.id === req.expect ? null : `expected the primary menu ${String(req.expect)}`
      },
    },
    {
      id: 'menu-tree',
      name: 'menu tree',
      group: 'site',
      requests: (sites) => sites.map((s) => ({ ...get(s, `/menus/${s.menuId}/tree`), expect: { roots: s.menuRoots.en, items: menuItems(s) } })),
      check: checkTree,
    },
    {
      id: 'menu-tree-de',
      name: 'menu tree, locale de',
      group: 'site',
      requests: (sites) => sites.map((s) => ({ ...get(s, `/menus/${s.menuId}/tree?locale=de`), expect: { roots: s.menuRoots.de, items: menuItems(s) } })),
      check: checkTree,
    },
    {
      id: 'navigation',
      name: 'primary navigation',
      group: 'site',
      requests: (sites) => sites.map((s) => ({ ...get(s, `/sites/${s.id}/navigation`), expect: { menu: s.menuId, roots: s.menuRoots.en } })),
      check: (a, req) => {
        const b = json(a)
        const expect = req.expect as { menu: string; roots: string[] }
        if (!Array.isArray(b) || b.length !== expect.roots.length) return `expected the ${expect.roots.length} root items of the primary menu`
        return b.every((x, i) => isObj(x) && x.menu_id === expect.menu && x.parent_id === null && x.title === expect.roots[i])
          ? null
          : 'expected the root items of the primary menu in order'
      },
    },
    {
      id: 'redirect',
      name: 'redirect lookup',
      group: 'site',
      requests: (sites) => sites.flatMap((s) => spread(s.redirects, REDIRECTS_PER_SITE).map((r) => redirectLookup(s, r))),
      // Active redirects outside the cached run's, one site after another in turn, each once.
      miss: {
        kind: 'sweep',
        requests: (sites) =>
          interleave(
            sites.map((s) => {
              const used = new Set(spread(s.redirects, REDIRECTS_PER_SITE))
              return s.redirects.filter((r) => !used.has(r)).map((r) => redirectLookup(s, r))
            }),
          ),
      },
      check: (a, req) => {
        const b = json(a)
        const r = req.expect as SeededRedirect
        return isObj(b) && b.destination_path === r.destination && b.status_code === r.status ? null : `expected ${r.status} to ${r.destination}`
      },
    },
    {
      id: 'social',
      name: 'social links',
      group: 'site',
      requests: (sites) => sites.map((s) => ({ ...get(s, `/sites/${s.id}/social`), expect: s.social })),
      check: (a, req) => {
        const b = json(a)
        if (!Array.isArray(b) || b.length !== req.expect) return `expected ${String(req.expect)} links`
        return b.every((x, i) => isObj(x) && x.display_order === i && typeof x.url === 'string') ? null : 'expected the links by display_order'
      },
    },
  ]
}

const redirectLookup = (s: SeededSite, r: SeededRedirect): BenchRequest => ({
  ...get(s, `/sites/${s.id}/redirects/lookup?path=${encodeURIComponent(r.source)}`),
  expect: r,
})

/** Lists taken in turn (first of each, second of each, …). */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = []
  const longest = Math.max(0, ...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) for (const l of lists) if (i < l.length) out.push(l[i]!)
  return out
}
