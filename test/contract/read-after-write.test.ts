import { eq } from 'drizzle-orm'
import type { RouteOptions } from 'fastify'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogLocalizations } from '../../src/db/schema/blogs.js'
import type { BlogDetail, BlogListItem } from '../../src/modules/blogs/schemas.js'
import type { SimilarBlog } from '../../src/modules/blogs/workflow.schemas.js'
import type { TestApp } from '../helpers/app.js'
import { twoInstances, type TwoInstances } from '../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../helpers/factories.js'
import { expectStatus, type Res } from '../helpers/http.js'
import { collectRoutes } from '../helpers/routes.js'

/*
 * Read-after-write across instances, for every write route of the blogs and taxonomy modules.
 *
 * Two app instances over one database and one shared cache: embedded, one in-process cache object shared by
 * both; with REDIS_URL, two Redis clients with one prefix (two instances talking through the same Redis, as in
 * test/modules/api-keys/cross-instance.test.ts), so B also has its own per-process read-cache layer.
 *
 * Each case of CASES: fresh sites S1 and S2 with a shared world (blogs B and O carried by [S1, S2], tag T and
 * category C of S1), then
 *   1. the case's own arrangement through instance A,
 *   2. every probe read on instance B: this warms B's cached answers and checks what they show before,
 *   3. the write on instance A,
 *   4. every probe again on B: each must show the change at once (no waiting, no retry).
 * Most probes read through S2, the second carrying site of the shared blogs. The last test enumerates the
 * write routes the app declares for these modules: each one must have a case here.
 */

let instances: TwoInstances
/** Instance A: every write goes through it. */
let A: TestApp
/** Instance B: every probe reads through it. */
let B: TestApp

beforeAll(async () => {
  instances = await twoInstances()
  A = instances.A
  B = instances.B
})
afterAll(() => instances?.close())

// ---- what a read shows: a readable projection of the answer ----

type View = (res: Res) => unknown
interface Named {
  name: string
}

/** Any answer other than 200 is shown as its status. */
const ok = <T>(res: Res, f: (body: T) => unknown): unknown => (res.statusCode === 200 ? f(res.json<T>()) : `HTTP ${res.statusCode}`)
const NOT_FOUND = 'HTTP 404'

/** A blog as a list item or detail shows it. cats: names, `*` marks the primary one. */
interface Shown {
  slug: string
  status: string
  title: string
  tags: string[]
  cats: string[]
}
const sorted = (xs: string[]) => [...xs].sort()
const show = (s: Shown) => `${s.slug} ${s.status} "${s.title}" tags[${sorted(s.tags).join(',')}] cats[${sorted(s.cats).join(',')}]`
const catNames = (cs: ReadonlyArray<Named & { is_primary: boolean }>) => cs.map((c) => (c.is_primary ? `${c.name}*` : c.name))
const fromItem = (x: BlogListItem): Shown => ({
  slug: x.slug,
  status: x.status,
  title: x.title ?? '(null)',
  tags: x.tags.map((t) => t.name),
  cats: catNames(x.categories),
})
/** Detail: title is every localization's title (sorted, joined with " / "). */
const fromDetail = (d: BlogDetail): Shown => ({
  slug: d.slug,
  status: d.status,
  title: sorted(d.localizations.map((l) => l.title ?? '(null)')).join(' / '),
  tags: d.tags.map((t) => t.name),
  cats: catNames(d.categories),
})
const feedShow = (s: { title: string; slug: string; cats: string[] }) =>
  `${s.title} <${s.slug}> cats[${sorted(s.cats.map((c) => c.replace(/\*$/, ''))).join(',')}]`

interface RssItem {
  title: string
  link: string
  category?: string[]
}
const rss = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'item' || name === 'category' })

const views = {
  /** Paginated blog list: its items, sorted. */
  blogs: (res: Res) => ok<{ data: BlogListItem[] }>(res, (b) => sorted(b.data.map((x) => show(fromItem(x))))),
  /** Plain array of list items (featured; the total is in X-Total-Count): its items, sorted. */
  blogArray: (res: Res) => ok<BlogListItem[]>(res, (xs) => sorted(xs.map((x) => show(fromItem(x))))),
  detail: (res: Res) => ok<BlogDetail>(res, (d) => show(fromDetail(d))),
  similar: (res: Res) => ok<SimilarBlog[]>(res, (xs) => sorted(xs.map((x) => `${show(fromItem(x))} score=${x.score}`))),
  /** RSS items: title, the slug its link names, category names. */
  feed: (res: Res) => {
    if (res.statusCode !== 200) return `HTTP ${res.statusCode}`
    const doc = rss.parse(res.body) as { rss: { channel: { item?: RssItem[] } } }
    const items = doc.rss.channel.item ?? []
    return sorted(items.map((i) => feedShow({ title: i.title, slug: decodeURIComponent(i.link.split('/').pop() ?? ''), cats: i.category ?? [] })))
  },
  /** Paginated taxonomy list: names, sorted. */
  names: (res: Res) => ok<{ data: Named[] }>(res, (b) => sorted(b.data.map((x) => x.name))),
  /** Plain array of named things: names, sorted. */
  nameArray: (res: Res) => ok<Named[]>(res, (xs) => sorted(xs.map((x) => x.name))),
  name: (res: Res) => ok<Named>(res, (x) => x.name),
  contentCategories: (res: Res) => ok<Array<Named & { is_primary: boolean }>>(res, (xs) => sorted(catNames(xs))),
  /** Attached documents of a detail answer, in order: url (or file name) @ display_order. */
  documents: (res: Res) => ok<BlogDetail>(res, (d) => d.documents.map((x) => `${x.url ?? x.file_name}@${x.display_order}`)),
  counts: (res: Res) => ok<Array<Named & { blog_count: number }>>(res, (xs) => sorted(xs.map((x) => `${x.name}=${x.blog_count}`))),
}

/** Expected views, built like the views above. */
const items = (...s: Shown[]) => sorted(s.map(show))
const feedOf = (...s: Shown[]) => sorted(s.map(feedShow))
const similarOf = (...s: Array<[Shown, number]>) => sorted(s.map(([x, score]) => `${show(x)} score=${score}`))

// ---- probes: one cached (or plain) read on B, with what it shows before and after the write ----

interface Probe {
  url: string
  key: string
  view: View
  before: unknown
  after: unknown
}
type ProbeOf = (before: unknown, after: unknown) => Probe
const probe =
  (url: string, key: string, view: View): ProbeOf =>
  (before, after) => ({ url, key, view, before, after })

/** The reads a write may change, each through a key of the site it reads in. */
const read = {
  published: (s: SiteFixture, locale?: string) =>
    probe(`/sites/${s.id}/blogs/published?per_page=50${locale ? `&locale=${locale}` : ''}`, s.keys.Read, views.blogs),
  featured: (s: SiteFixture, locale?: string) =>
    probe(`/sites/${s.id}/blogs/featured?limit=50${locale ? `&locale=${locale}` : ''}`, s.keys.Read, views.blogArray),
  /** Every live blog, any status (not cached). */
  all: (s: SiteFixture) => probe(`/sites/${s.id}/blogs?per_page=50`, s.keys.Read, views.blogs),
  /** By slug as an editor previews it (Write key: every status). */
  bySlug: (s: SiteFixture, slug: string) => probe(`/sites/${s.id}/blogs/by-slug/${slug}`, s.keys.Write, views.detail),
  /** By slug as a frontend reads it (Read key: only live blogs, others 404). */
  liveBySlug: (s: SiteFixture, slug: string) => probe(`/sites/${s.id}/blogs/by-slug/${slug}`, s.keys.Read, views.detail),
  detail: (s: SiteFixture, id: string) => probe(`/blogs/${id}/detail`, s.keys.Read, views.detail),
  similar: (s: SiteFixture, id: string) => probe(`/sites/${s.id}/blogs/${id}/similar?limit=10`, s.keys.Read, views.similar),
  feed: (s: SiteFixture) => probe(`/sites/${s.id}/feed.rss`, s.keys.Read, views.feed),
  tag: (s: SiteFixture, id: string) => probe(`/tags/${id}`, s.keys.Read, views.name),
  tagBySlug: (s: SiteFixture, slug: string) => probe(`/tags/by-slug/${slug}?site_id=${s.id}`, s.keys.Read, views.name),
  siteTags: (s: SiteFixture) => probe(`/sites/${s.id}/tags?per_page=100`, s.keys.Read, views.names),
  category: (s: SiteFixture, id: string) => probe(`/categories/${id}`, s.keys.Read, views.name),
  siteCategories: (s: SiteFixture) => probe(`/sites/${s.id}/categories?per_page=100`, s.keys.Read, views.names),
  children: (s: SiteFixture, id: string) => probe(`/categories/${id}/children`, s.keys.Read, views.nameArray),
  blogCounts: (s: SiteFixture) => probe(`/sites/${s.id}/categories/blog-counts`, s.keys.Read, views.counts),
  contentTags: (s: SiteFixture, contentId: string) => probe(`/content/${contentId}/tags`, s.keys.Read, views.nameArray),
  contentCategories: (s: SiteFixture, contentId: string) => probe(`/content/${contentId}/categories`, s.keys.Read, views.contentCategories),
  detailDocs: (s: SiteFixture, id: string) => probe(`/blogs/${id}/detail`, s.keys.Read, views.documents),
  slugDocs: (s: SiteFixture, slug: string) => probe(`/sites/${s.id}/blogs/by-slug/${slug}`, s.keys.Read, views.documents),
}

// ---- writes and fixtures, all through instance A ----

const api = () => A.as(A.masterKey)
function expectCode(res: Res, status: number): Res {
  expect(res.statusCode, res.body).toBe(status)
  return res
}

interface Term {
  id: string
  name: string
  slug: string
}

async function createTag(s: SiteFixture, name: string): Promise<Term> {
  return expectStatus<Term>(await api().post('/tags', { site_id: s.id, name }), 201)
}
async function createCategory(s: SiteFixture, name: string, parentId?: string): Promise<Term> {
  return expectStatus<Term>(await api().post('/categories', { site_id: s.id, name, ...(parentId ? { parent_id: parentId } : {}) }), 201)
}
async function assignTag(contentId: string, tagId: string) {
  expectCode(await api().post(`/content/${contentId}/tags`, { tag_id: tagId }), 204)
}
async function assignCategory(contentId: string, categoryId: string, isPrimary: boolean) {
  expectCode(await api().post(`/content/${contentId}/categories`, { category_id: categoryId, is_primary: isPrimary }), 204)
}

interface BlogSpec {
  slug: string
  title: string
  status?: 'Draft' | 'Published'
  published_date?: string
  is_featured?: boolean
}
const blogBody = (sites: SiteFixture[], b: BlogSpec) => ({
  site_ids: sites.map((s) => s.id),
  slug: b.slug,
  author: 'Ann',
  status: b.status ?? 'Published',
  is_featured: b.is_featured ?? false,
  ...(b.published_date ? { published_date: b.published_date } : {}),
  localizations: [{ locale: 'en', title: b.title, body: 'Some words here' }],
})
async function createBlog(sites: SiteFixture[], b: BlogSpec): Promise<BlogDetail> {
  return expectStatus<BlogDetail>(await api().post('/blogs', blogBody(sites, b)), 201)
}
async function putBlog(id: string, patch: Record<string, unknown>) {
  expectCode(await api().put(`/blogs/${id}`, patch), 200)
}
async function addLocalization(blogId: string, locale: string, title: string): Promise<{ id: string }> {
  return expectStatus<{ id: string }>(await api().post(`/blogs/${blogId}/localizations`, { locale, title, body: 'Ein paar Worte' }), 201)
}
/** A bulk answer is 200 even when ids fail: every id must have succeeded. */
function allSucceeded(res: Res, n: number): Res {
  if (res.statusCode === 200) expect(res.json<{ succeeded: number }>().succeeded, res.body).toBe(n)
  return res
}

/**
 * Fresh sites S1, S2 and two published blogs carried by both (owned by S1), author Ann:
 * B (featured, newer): tag T, category C (primary); O: tag T, category C (not primary).
 * Similar scores between them: T 3 + C 2 + author 1 = 6.
 */
interface World {
  u: string
  s1: SiteFixture
  s2: SiteFixture
  tag: Term
  cat: Term
  b: BlogDetail
  o: BlogDetail
  /** How B and O show now. */
  B: Shown
  O: Shown
}

async function world(): Promise<World> {
  const u = uid()
  const s1 = await makeSite(A)
  const s2 = await makeSite(A)
  const tag = await createTag(s1, `Tag ${u}`)
  const cat = await createCategory(s1, `Cat ${u}`)
  const b = await createBlog([s1, s2], { slug: `b-${u}`, title: `B ${u}`, published_date: '2024-01-02', is_featured: true })
  const o = await createBlog([s1, s2], { slug: `o-${u}`, title: `O ${u}`, published_date: '2024-01-01' })
  await assignTag(b.content_id, tag.id)
  await assignTag(o.content_id, tag.id)
  await assignCategory(b.content_id, cat.id, true)
  await assignCategory(o.content_id, cat.id, false)
  return {
    u,
    s1,
    s2,
    tag,
    cat,
    b,
    o,
    B: { slug: b.slug, status: 'Published', title: `B ${u}`, tags: [tag.name], cats: [`${cat.name}*`] },
    O: { slug: o.slug, status: 'Published', title: `O ${u}`, tags: [tag.name], cats: [cat.name] },
  }
}

// ---- the table ----

interface Plan {
  probes: Probe[]
  write(): Promise<Res>
  status: number
}
interface Case {
  /** `METHOD /path` as the route is declared (without /api/v1). */
  route: string
  what: string
  /** Arranges through A (given a fresh world) and says what to probe, what to write and what must change. */
  plan(w: World): Plan | Promise<Plan>
}

const CASES: Case[] = [
  // ---------------- blogs ----------------
  {
    route: 'POST /blogs',
    what: 'a published blog carried by both sites appears in both',
    plan: ({ u, s1, s2, B, O }) => {
      const N: Shown = { slug: `n-${u}`, status: 'Published', title: `N ${u}`, tags: [], cats: [] }
      return {
        probes: [
          read.published(s1)(items(B, O), items(N, B, O)),
          read.published(s2)(items(B, O), items(N, B, O)),
          read.featured(s2)(items(B), items(N, B)),
          read.bySlug(s2, N.slug)(NOT_FOUND, show(N)),
          read.liveBySlug(s2, N.slug)(NOT_FOUND, show(N)),
          read.feed(s2)(feedOf(B, O), feedOf(N, B, O)),
        ],
        write: () => api().post('/blogs', blogBody([s1, s2], { slug: N.slug, title: N.title, is_featured: true })),
        status: 201,
      }
    },
  },
  {
    route: 'PUT /blogs/:id',
    what: 'a new slug: the old one is gone, the new one answers, lists and feed links follow',
    plan: ({ u, s1, s2, b, B, O }) => {
      const moved = { ...B, slug: `moved-${u}` }
      return {
        probes: [
          read.bySlug(s2, B.slug)(show(B), NOT_FOUND),
          read.bySlug(s2, moved.slug)(NOT_FOUND, show(moved)),
          read.detail(s1, b.id)(show(B), show(moved)),
          read.published(s2)(items(B, O), items(moved, O)),
          read.featured(s2)(items(B), items(moved)),
          read.feed(s2)(feedOf(B, O), feedOf(moved, O)),
        ],
        write: () => api().put(`/blogs/${b.id}`, { slug: moved.slug }),
        status: 200,
      }
    },
  },
  {
    route: 'PUT /blogs/:id',
    what: 'status Draft → Published: the blog enters lists, feed and similar answers',
    plan: async ({ u, s1, s2, tag, o, B, O }) => {
      const d = await createBlog([s1, s2], { slug: `d-${u}`, title: `D ${u}`, status: 'Draft' })
      await assignTag(d.content_id, tag.id)
      const D: Shown = { slug: d.slug, status: 'Draft', title: `D ${u}`, tags: [tag.name], cats: [] }
      const P = { ...D, status: 'Published' }
      return {
        probes: [
          read.published(s1)(items(B, O), items(P, B, O)),
          read.published(s2)(items(B, O), items(P, B, O)),
          read.bySlug(s2, D.slug)(show(D), show(P)),
          read.liveBySlug(s2, D.slug)(NOT_FOUND, show(P)),
          read.detail(s2, d.id)(show(D), show(P)),
          read.feed(s2)(feedOf(B, O), feedOf(P, B, O)),
          // From O: B shares T, C and the author (6); D shares T and the author (4).
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B, 6], [P, 4])),
        ],
        write: () => api().put(`/blogs/${d.id}`, { status: 'Published' }),
        status: 200,
      }
    },
  },
  {
    route: 'PUT /blogs/:id',
    what: 'status Published → Draft: the blog leaves lists, feed, similar answers and counts',
    plan: ({ s1, s2, b, o, cat, B, O }) => {
      const D = { ...B, status: 'Draft' }
      return {
        probes: [
          read.published(s1)(items(B, O), items(O)),
          read.published(s2)(items(B, O), items(O)),
          read.featured(s2)(items(B), []),
          read.bySlug(s2, B.slug)(show(B), show(D)),
          read.liveBySlug(s2, B.slug)(show(B), NOT_FOUND),
          read.detail(s2, b.id)(show(B), show(D)),
          read.feed(s2)(feedOf(B, O), feedOf(O)),
          read.similar(s2, o.id)(similarOf([B, 6]), []),
          read.blogCounts(s1)([`${cat.name}=2`], [`${cat.name}=1`]),
        ],
        write: () => api().put(`/blogs/${b.id}`, { status: 'Draft' }),
        status: 200,
      }
    },
  },
  {
    route: 'PUT /blogs/:id',
    what: 'is_featured off: the blog leaves both featured lists',
    plan: ({ s1, s2, b, B }) => ({
      probes: [read.featured(s1)(items(B), []), read.featured(s2)(items(B), [])],
      write: () => api().put(`/blogs/${b.id}`, { is_featured: false }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /blogs/:id',
    what: 'the blog is gone from every answer of both sites',
    plan: ({ s1, s2, b, o, cat, B, O }) => ({
      probes: [
        read.published(s1)(items(B, O), items(O)),
        read.published(s2)(items(B, O), items(O)),
        read.featured(s2)(items(B), []),
        read.bySlug(s2, B.slug)(show(B), NOT_FOUND),
        read.detail(s2, b.id)(show(B), NOT_FOUND),
        read.feed(s2)(feedOf(B, O), feedOf(O)),
        read.similar(s2, o.id)(similarOf([B, 6]), []),
        read.blogCounts(s1)([`${cat.name}=2`], [`${cat.name}=1`]),
        read.contentTags(s2, b.content_id)([B.tags[0]], NOT_FOUND),
      ],
      write: () => api().delete(`/blogs/${b.id}`),
      status: 204,
    }),
  },
  {
    route: 'POST /blogs/:id/clone',
    what: 'the Draft copy answers by slug in both sites; published answers stay as they were',
    plan: ({ s1, s2, b, B, O }) => {
      const copy = { ...B, slug: `${B.slug}-copy`, status: 'Draft' }
      return {
        probes: [
          read.bySlug(s2, copy.slug)(NOT_FOUND, show(copy)),
          read.bySlug(s1, copy.slug)(NOT_FOUND, show(copy)),
          read.liveBySlug(s2, copy.slug)(NOT_FOUND, NOT_FOUND),
          read.all(s2)(items(B, O), items(copy, B, O)),
          read.published(s2)(items(B, O), items(B, O)),
        ],
        write: () => api().post(`/blogs/${b.id}/clone`),
        status: 201,
      }
    },
  },
  {
    route: 'POST /sites/:site_id/blogs/bulk',
    what: 'UpdateStatus → Published: both drafts enter the lists of the sites carrying them',
    plan: async ({ u, s1, s2, B, O }) => {
      const d1 = await createBlog([s1, s2], { slug: `d1-${u}`, title: `D1 ${u}`, status: 'Draft' })
      const d2 = await createBlog([s1], { slug: `d2-${u}`, title: `D2 ${u}`, status: 'Draft' })
      const D1: Shown = { slug: d1.slug, status: 'Draft', title: `D1 ${u}`, tags: [], cats: [] }
      const P1 = { ...D1, status: 'Published' }
      const P2: Shown = { slug: d2.slug, status: 'Published', title: `D2 ${u}`, tags: [], cats: [] }
      return {
        probes: [
          read.published(s1)(items(B, O), items(P1, P2, B, O)),
          read.published(s2)(items(B, O), items(P1, B, O)),
          read.bySlug(s2, D1.slug)(show(D1), show(P1)),
          read.feed(s2)(feedOf(B, O), feedOf(P1, B, O)),
          read.feed(s1)(feedOf(B, O), feedOf(P1, P2, B, O)),
        ],
        write: async () =>
          allSucceeded(await api().post(`/sites/${s1.id}/blogs/bulk`, { action: 'UpdateStatus', status: 'Published', ids: [d1.id, d2.id] }), 2),
        status: 200,
      }
    },
  },
  {
    route: 'POST /sites/:site_id/blogs/bulk',
    what: 'Delete: both blogs are gone from every answer of both sites',
    plan: ({ s1, s2, b, o, cat, B, O }) => ({
      probes: [
        read.published(s1)(items(B, O), []),
        read.published(s2)(items(B, O), []),
        read.featured(s2)(items(B), []),
        read.bySlug(s2, O.slug)(show(O), NOT_FOUND),
        read.detail(s2, b.id)(show(B), NOT_FOUND),
        read.feed(s2)(feedOf(B, O), []),
        read.similar(s2, b.id)(similarOf([O, 6]), NOT_FOUND),
        read.blogCounts(s1)([`${cat.name}=2`], [`${cat.name}=0`]),
      ],
      write: async () => allSucceeded(await api().post(`/sites/${s1.id}/blogs/bulk`, { action: 'Delete', ids: [b.id, o.id] }), 2),
      status: 200,
    }),
  },
  {
    route: 'POST /blogs/:id/review',
    what: 'Approve: the blog in review is published in both sites',
    plan: async ({ u, s1, s2, B, O }) => {
      const d = await createBlog([s1, s2], { slug: `r-${u}`, title: `R ${u}`, status: 'Draft' })
      await putBlog(d.id, { status: 'InReview' })
      const R: Shown = { slug: d.slug, status: 'InReview', title: `R ${u}`, tags: [], cats: [] }
      const P = { ...R, status: 'Published' }
      return {
        probes: [
          read.published(s2)(items(B, O), items(P, B, O)),
          read.bySlug(s2, R.slug)(show(R), show(P)),
          read.liveBySlug(s2, R.slug)(NOT_FOUND, show(P)),
          read.detail(s2, d.id)(show(R), show(P)),
          read.feed(s2)(feedOf(B, O), feedOf(P, B, O)),
        ],
        write: () => api().post(`/blogs/${d.id}/review`, { action: 'Approve' }),
        status: 200,
      }
    },
  },
  {
    route: 'POST /blogs/:id/review',
    what: 'RequestChanges: the blog in review is back to Draft in both sites',
    plan: async ({ u, s1, s2, B, O }) => {
      const d = await createBlog([s1, s2], { slug: `r-${u}`, title: `R ${u}`, status: 'Draft' })
      await putBlog(d.id, { status: 'InReview' })
      const R: Shown = { slug: d.slug, status: 'InReview', title: `R ${u}`, tags: [], cats: [] }
      const D = { ...R, status: 'Draft' }
      return {
        probes: [read.bySlug(s2, R.slug)(show(R), show(D)), read.detail(s1, d.id)(show(R), show(D)), read.all(s2)(items(R, B, O), items(D, B, O))],
        write: () => api().post(`/blogs/${d.id}/review`, { action: 'RequestChanges', comment: 'More, please' }),
        status: 200,
      }
    },
  },
  {
    route: 'POST /blogs/:id/localizations',
    what: 'a German localization: detail, by-slug and the German lists show it',
    plan: ({ u, s1, s2, b, B, O }) => {
      const de = `B de ${u}`
      const withDe = { ...B, title: sorted([B.title, de]).join(' / ') }
      return {
        probes: [
          read.detail(s2, b.id)(show(B), show(withDe)),
          read.bySlug(s2, B.slug)(show(B), show(withDe)),
          read.bySlug(s1, B.slug)(show(B), show(withDe)),
          read.published(s2, 'de')(items(B, O), items({ ...B, title: de }, O)),
          read.featured(s2, 'de')(items(B), items({ ...B, title: de })),
        ],
        write: () => api().post(`/blogs/${b.id}/localizations`, { locale: 'de', title: de, body: 'Ein paar Worte' }),
        status: 201,
      }
    },
  },
  {
    route: 'PUT /blogs/localizations/:loc_id',
    what: 'a new title shows in every list, detail, feed and similar answer of both sites',
    plan: ({ u, s1, s2, b, o, B, O }) => {
      const R = { ...B, title: `B renamed ${u}` }
      const loc = b.localizations[0]!
      return {
        probes: [
          read.published(s1)(items(B, O), items(R, O)),
          read.published(s2)(items(B, O), items(R, O)),
          read.featured(s2)(items(B), items(R)),
          read.bySlug(s2, B.slug)(show(B), show(R)),
          read.detail(s1, b.id)(show(B), show(R)),
          read.feed(s2)(feedOf(B, O), feedOf(R, O)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([R, 6])),
        ],
        write: () => api().put(`/blogs/localizations/${loc.id}`, { title: R.title }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /blogs/localizations/:loc_id',
    what: 'the German localization is gone: detail, by-slug and the German lists fall back to English',
    plan: async ({ u, s2, b, B, O }) => {
      const de = `B de ${u}`
      const loc = await addLocalization(b.id, 'de', de)
      const withDe = { ...B, title: sorted([B.title, de]).join(' / ') }
      return {
        probes: [
          read.detail(s2, b.id)(show(withDe), show(B)),
          read.bySlug(s2, B.slug)(show(withDe), show(B)),
          read.published(s2, 'de')(items({ ...B, title: de }, O), items(B, O)),
          read.featured(s2, 'de')(items({ ...B, title: de }), items(B)),
        ],
        write: () => api().delete(`/blogs/localizations/${loc.id}`),
        status: 204,
      }
    },
  },

  // ---------------- tags ----------------
  {
    route: 'POST /tags',
    what: "the new tag is in the site's tags and answers by slug",
    plan: ({ u, s1, tag }) => ({
      probes: [read.siteTags(s1)([tag.name], sorted([tag.name, `New ${u}`])), read.tagBySlug(s1, `new-${u}`)(NOT_FOUND, `New ${u}`)],
      write: () => api().post('/tags', { site_id: s1.id, name: `New ${u}`, slug: `new-${u}` }),
      status: 201,
    }),
  },
  {
    route: 'PUT /tags/:id',
    what: "renaming the tag shows on every tagged blog's answers in both sites",
    plan: ({ u, s1, s2, tag, b, o, B, O }) => {
      const name = `Renamed ${u}`
      const B2 = { ...B, tags: [name] }
      const O2 = { ...O, tags: [name] }
      return {
        probes: [
          read.published(s1)(items(B, O), items(B2, O2)),
          read.published(s2)(items(B, O), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s2, b.id)(show(B), show(B2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 6])),
          read.tag(s1, tag.id)(tag.name, name),
          read.siteTags(s1)([tag.name], [name]),
          read.contentTags(s2, b.content_id)([tag.name], [name]),
        ],
        write: () => api().put(`/tags/${tag.id}`, { name }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /tags/:id',
    what: 'the deleted tag is gone from every answer and no longer counts for similarity',
    plan: ({ s1, s2, tag, b, o, B, O }) => {
      const B2 = { ...B, tags: [] }
      const O2 = { ...O, tags: [] }
      return {
        probes: [
          read.published(s2)(items(B, O), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s1, b.id)(show(B), show(B2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 3])),
          read.tag(s1, tag.id)(tag.name, NOT_FOUND),
          read.tagBySlug(s1, tag.slug)(tag.name, NOT_FOUND),
          read.siteTags(s1)([tag.name], []),
          read.contentTags(s2, b.content_id)([tag.name], []),
        ],
        write: () => api().delete(`/tags/${tag.id}`),
        status: 204,
      }
    },
  },
  {
    route: 'POST /tags/:id/merge',
    what: 'the merged tag is gone from every answer; its blogs carry the target once, in both sites',
    plan: async ({ u, s1, s2, tag, b, o, B, O }) => {
      const into = await createTag(s1, `Into ${u}`)
      await assignTag(o.content_id, into.id)
      const O1 = { ...O, tags: [tag.name, into.name] }
      const B2 = { ...B, tags: [into.name] }
      const O2 = { ...O, tags: [into.name] }
      return {
        probes: [
          read.published(s1)(items(B, O1), items(B2, O2)),
          read.published(s2)(items(B, O1), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s1, b.id)(show(B), show(B2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 6])),
          read.tag(s1, tag.id)(tag.name, NOT_FOUND),
          read.tagBySlug(s1, tag.slug)(tag.name, NOT_FOUND),
          read.siteTags(s1)(sorted([tag.name, into.name]), [into.name]),
          read.contentTags(s2, b.content_id)([tag.name], [into.name]),
          read.contentTags(s2, o.content_id)(sorted([tag.name, into.name]), [into.name]),
        ],
        write: () => api().post(`/tags/${tag.id}/merge`, { into_id: into.id }),
        status: 200,
      }
    },
  },

  // ---------------- categories ----------------
  {
    route: 'POST /categories',
    what: 'a new child category shows under its parent and in the counts',
    plan: ({ u, s1, cat }) => ({
      probes: [
        read.children(s1, cat.id)([], [`Child ${u}`]),
        read.siteCategories(s1)([cat.name], [cat.name]),
        read.blogCounts(s1)([`${cat.name}=2`], sorted([`${cat.name}=2`, `Child ${u}=0`])),
      ],
      write: () => api().post('/categories', { site_id: s1.id, name: `Child ${u}`, parent_id: cat.id }),
      status: 201,
    }),
  },
  {
    route: 'PUT /categories/:id',
    what: "renaming the category shows in the blogs' categories, feed and taxonomy answers of both sites",
    plan: ({ u, s1, s2, cat, b, o, B, O }) => {
      const name = `Recat ${u}`
      const B2 = { ...B, cats: [`${name}*`] }
      const O2 = { ...O, cats: [name] }
      return {
        probes: [
          read.published(s1)(items(B, O), items(B2, O2)),
          read.published(s2)(items(B, O), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s2, b.id)(show(B), show(B2)),
          read.feed(s2)(feedOf(B, O), feedOf(B2, O2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 6])),
          read.category(s1, cat.id)(cat.name, name),
          read.siteCategories(s1)([cat.name], [name]),
          read.contentCategories(s2, b.content_id)([`${cat.name}*`], [`${name}*`]),
          read.blogCounts(s1)([`${cat.name}=2`], [`${name}=2`]),
        ],
        write: () => api().put(`/categories/${cat.id}`, { name }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /categories/:id',
    what: 'the deleted category is gone from every answer; its child becomes a root',
    plan: async ({ u, s1, s2, cat, b, o, B, O }) => {
      const child = await createCategory(s1, `Child ${u}`, cat.id)
      const B2 = { ...B, cats: [] }
      const O2 = { ...O, cats: [] }
      return {
        probes: [
          read.published(s2)(items(B, O), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s1, b.id)(show(B), show(B2)),
          read.feed(s2)(feedOf(B, O), feedOf(B2, O2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 4])),
          read.category(s1, cat.id)(cat.name, NOT_FOUND),
          read.siteCategories(s1)([cat.name], [child.name]),
          read.contentCategories(s2, b.content_id)([`${cat.name}*`], []),
          read.blogCounts(s1)(sorted([`${cat.name}=2`, `${child.name}=0`]), [`${child.name}=0`]),
        ],
        write: () => api().delete(`/categories/${cat.id}`),
        status: 204,
      }
    },
  },
  {
    route: 'POST /categories/:id/merge',
    what: 'the merged category is gone from every answer; its blogs (primary kept) and child move to the target',
    plan: async ({ u, s1, s2, cat, b, o, B, O }) => {
      const into = await createCategory(s1, `Into ${u}`)
      const child = await createCategory(s1, `Child ${u}`, cat.id)
      const B2 = { ...B, cats: [`${into.name}*`] }
      const O2 = { ...O, cats: [into.name] }
      return {
        probes: [
          read.published(s2)(items(B, O), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s1, b.id)(show(B), show(B2)),
          read.feed(s2)(feedOf(B, O), feedOf(B2, O2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 6])),
          read.category(s1, cat.id)(cat.name, NOT_FOUND),
          read.siteCategories(s1)(sorted([cat.name, into.name]), [into.name]),
          read.children(s1, into.id)([], [child.name]),
          read.contentCategories(s2, b.content_id)([`${cat.name}*`], [`${into.name}*`]),
          read.blogCounts(s1)(sorted([`${cat.name}=2`, `${child.name}=0`, `${into.name}=0`]), sorted([`${child.name}=0`, `${into.name}=2`])),
        ],
        write: () => api().post(`/categories/${cat.id}/merge`, { into_id: into.id }),
        status: 200,
      }
    },
  },

  // ---------------- assignments ----------------
  {
    route: 'POST /content/:content_id/tags',
    what: "a second tag shows on the blog's answers in both sites and raises the similarity",
    plan: async ({ u, s1, s2, tag, b, o, B, O }) => {
      const t2 = await createTag(s1, `Second ${u}`)
      await assignTag(o.content_id, t2.id)
      const O2 = { ...O, tags: [tag.name, t2.name] }
      const B2 = { ...B, tags: [tag.name, t2.name] }
      return {
        probes: [
          read.published(s2)(items(B, O2), items(B2, O2)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s1, b.id)(show(B), show(B2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 9])),
          read.contentTags(s2, b.content_id)([tag.name], sorted([tag.name, t2.name])),
        ],
        write: () => api().post(`/content/${b.content_id}/tags`, { tag_id: t2.id }),
        status: 204,
      }
    },
  },
  {
    route: 'DELETE /content/:content_id/tags/:tag_id',
    what: "the removed tag is gone from the blog's answers in both sites and lowers the similarity",
    plan: ({ s2, tag, b, o, B, O }) => {
      const B2 = { ...B, tags: [] }
      return {
        probes: [
          read.published(s2)(items(B, O), items(B2, O)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s2, b.id)(show(B), show(B2)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 3])),
          read.contentTags(s2, b.content_id)([tag.name], []),
        ],
        write: () => api().delete(`/content/${b.content_id}/tags/${tag.id}`),
        status: 204,
      }
    },
  },
  {
    route: 'POST /content/:content_id/categories',
    what: "a new primary category shows on the blog's answers, feed and counts in both sites",
    plan: async ({ u, s1, s2, cat, b, o, B, O }) => {
      const c2 = await createCategory(s1, `Primary ${u}`)
      const B2 = { ...B, cats: [cat.name, `${c2.name}*`] }
      return {
        probes: [
          read.published(s2)(items(B, O), items(B2, O)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s2, b.id)(show(B), show(B2)),
          read.feed(s2)(feedOf(B, O), feedOf(B2, O)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 6])),
          read.contentCategories(s2, b.content_id)([`${cat.name}*`], sorted([cat.name, `${c2.name}*`])),
          read.blogCounts(s1)(sorted([`${cat.name}=2`, `${c2.name}=0`]), sorted([`${cat.name}=2`, `${c2.name}=1`])),
        ],
        write: () => api().post(`/content/${b.content_id}/categories`, { category_id: c2.id, is_primary: true }),
        status: 204,
      }
    },
  },
  {
    route: 'DELETE /content/:content_id/categories/:category_id',
    what: "the removed category is gone from the blog's answers, feed and counts in both sites",
    plan: ({ s1, s2, cat, b, o, B, O }) => {
      const B2 = { ...B, cats: [] }
      return {
        probes: [
          read.published(s2)(items(B, O), items(B2, O)),
          read.featured(s2)(items(B), items(B2)),
          read.bySlug(s2, B.slug)(show(B), show(B2)),
          read.detail(s1, b.id)(show(B), show(B2)),
          read.feed(s2)(feedOf(B, O), feedOf(B2, O)),
          read.similar(s2, o.id)(similarOf([B, 6]), similarOf([B2, 4])),
          read.contentCategories(s2, b.content_id)([`${cat.name}*`], []),
          read.blogCounts(s1)([`${cat.name}=2`], [`${cat.name}=1`]),
        ],
        write: () => api().delete(`/content/${b.content_id}/categories/${cat.id}`),
        status: 204,
      }
    },
  },
  // ---------------- document attachments (documents module) ----------------
  {
    route: 'POST /blogs/:blog_id/documents',
    what: "an attached document appears in the blog's detail and by-slug answers in both sites",
    plan: async ({ u, s1, s2, b, B }) => {
      const doc = await createDocument(s1, `https://example.org/${u}.pdf`)
      return {
        probes: [
          read.detailDocs(s2, b.id)([], [`${doc.url}@3`]),
          read.slugDocs(s2, B.slug)([], [`${doc.url}@3`]),
          read.slugDocs(s1, B.slug)([], [`${doc.url}@3`]),
        ],
        write: () => api().post(`/blogs/${b.id}/documents`, { document_id: doc.id, display_order: 3 }),
        status: 204,
      }
    },
  },
  {
    route: 'DELETE /blogs/:blog_id/documents/:doc_id',
    what: "a detached document leaves the blog's detail and by-slug answers in both sites",
    plan: async ({ u, s1, s2, b, B }) => {
      const doc = await createDocument(s1, `https://example.org/${u}.pdf`)
      expectCode(await api().post(`/blogs/${b.id}/documents`, { document_id: doc.id }), 204)
      return {
        probes: [read.detailDocs(s2, b.id)([`${doc.url}@0`], []), read.slugDocs(s2, B.slug)([`${doc.url}@0`], [])],
        write: () => api().delete(`/blogs/${b.id}/documents/${doc.id}`),
        status: 204,
      }
    },
  },
]

async function createDocument(s: SiteFixture, url: string): Promise<{ id: string; url: string }> {
  return expectStatus<{ id: string; url: string }>(await api().post(`/sites/${s.id}/documents`, { document_type: 'pdf', url }), 201)
}

// ---- running the table ----

/** Ids and slugs of the world in a URL, named (failure messages). */
function named(w: World, url: string): string {
  const names: Array<[string, string]> = [
    [w.s1.id, '{S1}'],
    [w.s2.id, '{S2}'],
    [w.b.id, '{B}'],
    [w.o.id, '{O}'],
    [w.b.content_id, '{B.content}'],
    [w.o.content_id, '{O.content}'],
    [w.tag.id, '{T}'],
    [w.cat.id, '{C}'],
  ]
  return names.reduce((s, [id, name]) => s.split(id).join(name), url)
}

describe('a write on instance A is visible in the next read on instance B', () => {
  it('runs over two instances sharing one database and one cache', () => {
    expect(B.dbh).toBe(A.dbh)
    if (process.env.REDIS_URL) {
      expect(instances.caches.map((c) => c.kind)).toEqual(['redis', 'redis'])
      expect(A.deps.cache).not.toBe(B.deps.cache)
    } else {
      expect(A.deps.cache).toBe(B.deps.cache)
    }
  })

  it('the probed answers are really served from the cache on B (a change behind the API stays invisible until a write)', async () => {
    const w = await world()
    const probes = [
      read.published(w.s2),
      read.featured(w.s2),
      read.bySlug(w.s2, w.B.slug),
      read.liveBySlug(w.s2, w.B.slug),
      read.detail(w.s2, w.b.id),
      read.feed(w.s2),
      read.similar(w.s2, w.o.id),
    ].map((p) => p(null, null))
    const first = await Promise.all(probes.map(async (p) => p.view(await B.as(p.key).get(p.url))))
    // Behind the service's back: no version bump.
    await A.dbh.db.update(blogLocalizations).set({ title: 'Sneaky' }).where(eq(blogLocalizations.content_id, w.b.content_id))
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), `GET ${named(w, p.url)}`).toEqual(first[i])
    // Any write to the blog through A refreshes them all on B.
    await putBlog(w.b.id, { author: 'Ann' })
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), `GET ${named(w, p.url)}`).not.toEqual(first[i])
  })

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      const w = await world()
      const plan = await c.plan(w)
      for (const p of plan.probes) {
        expect(p.view(await B.as(p.key).get(p.url)), `before the write, on B: GET ${named(w, p.url)}`).toEqual(p.before)
      }
      expectCode(await plan.write(), plan.status)
      for (const p of plan.probes) {
        expect.soft(p.view(await B.as(p.key).get(p.url)), `stale after ${c.route}, on B: GET ${named(w, p.url)}`).toEqual(p.after)
      }
    })
  }
})

// ---- coverage: every write route of the blogs and taxonomy modules has a case ----

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const MODULE_TAGS = new Set(['Blogs', 'Taxonomy'])
/** Paths of the two modules, besides their OpenAPI tags (a new route forgetting its tag is still counted). */
const MODULE_PATHS = /^\/(blogs|tags|categories)(\/|$)|^\/sites\/:site_id\/(blogs|tags|categories|feed)|^\/content\/:content_id\/(tags|categories)(\/|$)/

function writeRoutesOf(routes: RouteOptions[]): string[] {
  const out = new Set<string>()
  for (const r of routes) {
    const path = r.url.replace(/^\/api\/v1/, '')
    const tags = (r.schema as { tags?: string[] } | undefined)?.tags ?? []
    if (!tags.some((t) => MODULE_TAGS.has(t)) && !MODULE_PATHS.test(path)) continue
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) if (WRITE_METHODS.has(m)) out.add(`${m} ${path}`)
  }
  return sorted([...out])
}

describe('coverage of the table', () => {
  it('names every write route of the blogs and taxonomy modules, and only routes that exist', async () => {
    const collected = await collectRoutes()
    try {
      const declared = writeRoutesOf(collected.api)
      const covered = new Set(CASES.map((c) => c.route))
      expect(declared.length).toBeGreaterThanOrEqual(19)
      expect(
        declared.filter((r) => !covered.has(r)),
        'write routes without a read-after-write case',
      ).toEqual([])
      expect(
        [...covered].filter((r) => !declared.includes(r)),
        'cases naming a route the app does not declare',
      ).toEqual([])
    } finally {
      await collected.close()
    }
  })
})
