import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogs } from '../../../src/db/schema/blogs.js'
import { categories, tags } from '../../../src/db/schema/taxonomy.js'
import type { BlogDetail, BlogListItem } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import type { Page } from '../../helpers/records.js'
import { addCategory, addTag, assignCategory, assignTag, createBlog, locId } from './fixtures.js'

/*
 * GET /sites/{site_id}/blogs: the author, tag and category filters, the sort orders, and how they combine with the
 * status filter and paging. One site with six posts whose dates, titles, authors and taxonomy are set explicitly.
 */

let t: TestApp
let site: SiteFixture
let other: SiteFixture
const posts: Record<string, BlogDetail> = {}
let tagGo: { id: string }
let tagRust: { id: string }
let tagGone: { id: string }
let parent: { id: string }
let child: { id: string }
let grandchild: { id: string }
let goneChild: { id: string }
let otherCat: { id: string }

/** Post name → author, status, created/updated day, published_date, en/de titles, tags, categories. */
const SPEC = {
  a: { author: 'Ann', status: 'Published', created: 1, updated: 6, published: '2024-03-01', en: 'banana', de: 'Zebra' },
  b: { author: 'Bob', status: 'Draft', created: 2, updated: 5, published: null, en: 'Apple', de: 'Yak' },
  c: { author: 'Ann', status: 'Draft', created: 3, updated: 4, published: '2024-01-01', en: 'cherry', de: null },
  d: { author: 'ann', status: 'Published', created: 4, updated: 3, published: '2024-02-01', en: null, de: 'Xylophon' },
  e: { author: null, status: 'InReview', created: 5, updated: 2, published: null, en: 'Date', de: 'Wal' },
  f: { author: 'Ann', status: 'Published', created: 6, updated: 1, published: '2024-02-01', en: 'elder', de: 'Vogel' },
} as const
type Name = keyof typeof SPEC

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12))

beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t)
  other = await makeSite(t)
  for (const [name, s] of Object.entries(SPEC)) {
    const localizations = [
      ...(s.en !== null ? [{ locale_id: locId(site, 'en'), title: s.en }] : []),
      ...(s.de !== null ? [{ locale_id: locId(site, 'de'), title: s.de }] : []),
    ]
    const post = await createBlog(t, site, { slug: `post-${name}-${site.slug}`, author: s.author, status: s.status, localizations })
    await t.dbh.db
      .update(blogs)
      .set({ created_at: day(s.created), updated_at: day(10 + s.updated), published_date: s.published })
      .where(eq(blogs.id, post.id))
    posts[name] = post
  }
  // A post of another site, with the same author and taxonomy of its own.
  await createBlog(t, other, { author: 'Ann' })

  tagGo = await addTag(t, site.id, 'Go')
  tagRust = await addTag(t, site.id, 'Rust')
  tagGone = await addTag(t, site.id, 'Gone')
  for (const n of ['a', 'c', 'e'] as const) await assignTag(t, posts[n]!.content_id, tagGo.id)
  await assignTag(t, posts.b!.content_id, tagRust.id)
  await assignTag(t, posts.f!.content_id, tagGone.id)
  await t.dbh.db.update(tags).set({ deleted_at: new Date() }).where(eq(tags.id, tagGone.id))

  // parent > child > grandchild, parent > goneChild (deleted); otherCat beside them.
  parent = await addCategory(t, site.id, 'Parent')
  child = await addCategory(t, site.id, 'Child')
  grandchild = await addCategory(t, site.id, 'Grandchild')
  goneChild = await addCategory(t, site.id, 'GoneChild')
  otherCat = await addCategory(t, site.id, 'Other')
  await t.dbh.db.update(categories).set({ parent_id: parent.id }).where(eq(categories.id, child.id))
  await t.dbh.db.update(categories).set({ parent_id: child.id }).where(eq(categories.id, grandchild.id))
  await t.dbh.db.update(categories).set({ parent_id: parent.id, deleted_at: new Date() }).where(eq(categories.id, goneChild.id))
  await assignCategory(t, posts.a!.content_id, parent.id, true)
  await assignCategory(t, posts.b!.content_id, child.id, true)
  await assignCategory(t, posts.c!.content_id, grandchild.id, true)
  await assignCategory(t, posts.c!.content_id, otherCat.id)
  await assignCategory(t, posts.d!.content_id, goneChild.id)
  await assignCategory(t, posts.e!.content_id, otherCat.id, true)
})
afterAll(() => t.close())

async function list(qs: string): Promise<Page<BlogListItem>> {
  return expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs?${qs}`), 200)
}
/** The post names of a page, in order. */
const names = (page: Page<BlogListItem>): string[] => page.data.map((x) => Object.keys(posts).find((n) => posts[n]!.id === x.id) ?? x.id)
const ids = (...ns: Name[]) => ns.map((n) => posts[n]!.id)

describe('filters', () => {
  it('author: exact and case-sensitive, this site only', async () => {
    expect(names(await list('author=Ann'))).toEqual(['f', 'c', 'a'])
    expect(names(await list('author=ann'))).toEqual(['d'])
    expect(names(await list('author=Nobody'))).toEqual([])
    expect(names(await list(`author=${encodeURIComponent('Ann ')}`))).toEqual([])
  })

  it('tag: blogs with the tag; a deleted, unknown or other kind of id lists nothing', async () => {
    expect(names(await list(`tag=${tagGo.id}`))).toEqual(['e', 'c', 'a'])
    expect(names(await list(`tag=${tagRust.id}`))).toEqual(['b'])
    expect((await list(`tag=${tagGone.id}`)).meta.total).toBe(0)
    expect((await list(`tag=${MISSING_ID}`)).meta.total).toBe(0)
    expect((await list(`tag=${parent.id}`)).meta.total).toBe(0)
  })

  it('category: the category and its live descendants, never its ancestors', async () => {
    expect(names(await list(`category=${parent.id}`))).toEqual(['c', 'b', 'a'])
    expect(names(await list(`category=${child.id}`))).toEqual(['c', 'b'])
    expect(names(await list(`category=${grandchild.id}`))).toEqual(['c'])
    expect(names(await list(`category=${otherCat.id}`))).toEqual(['e', 'c'])
    expect((await list(`category=${goneChild.id}`)).meta.total).toBe(0)
    expect((await list(`category=${MISSING_ID}`)).meta.total).toBe(0)
  })

  it('category: a cycle in the tree ends (every category of the cycle is one tree)', async () => {
    await t.dbh.db.update(categories).set({ parent_id: grandchild.id }).where(eq(categories.id, parent.id))
    try {
      expect(names(await list(`category=${grandchild.id}`))).toEqual(['c', 'b', 'a'])
    } finally {
      await t.dbh.db.update(categories).set({ parent_id: null }).where(eq(categories.id, parent.id))
    }
  })

  it('filters combine with each other, with status and with paging (totals count the filtered set)', async () => {
    expect(names(await list(`author=Ann&tag=${tagGo.id}`))).toEqual(['c', 'a'])
    expect(names(await list(`author=Ann&status=Published`))).toEqual(['f', 'a'])
    expect(names(await list(`category=${parent.id}&status=Draft`))).toEqual(['c', 'b'])
    expect(names(await list(`category=${otherCat.id}&tag=${tagGo.id}&author=Ann`))).toEqual(['c'])
    expect(names(await list(`category=${otherCat.id}&tag=${tagGo.id}&status=Published`))).toEqual([])

    const p2 = await list(`author=Ann&per_page=2&page=2`)
    expect(names(p2)).toEqual(['a'])
    expect(p2.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 })
    const t1 = await list(`tag=${tagGo.id}&per_page=2&sort=title`)
    expect(names(t1)).toEqual(['a', 'c'])
    expect(t1.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 })
    const past = await list(`category=${parent.id}&per_page=2&page=5`)
    expect(past).toEqual({ data: [], meta: { page: 5, per_page: 2, total: 3, total_pages: 2 } })
  })
})

describe('sort', () => {
  it('defaults to -created_at (newest created first, as before)', async () => {
    const all = await list('')
    expect(names(all)).toEqual(['f', 'e', 'd', 'c', 'b', 'a'])
    expect(names(await list('sort=-created_at'))).toEqual(names(all))
    expect(names(await list('sort=created_at'))).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it('updated_at both ways', async () => {
    expect(names(await list('sort=-updated_at'))).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(names(await list('sort=updated_at'))).toEqual(['f', 'e', 'd', 'c', 'b', 'a'])
  })

  it('published_date: no date last either way, ties on published_at then created_at', async () => {
    // d and f share 2024-02-01; both published through the API at nearly the same instant, so set published_at apart.
    await t.dbh.db
      .update(blogs)
      .set({ published_at: day(20) })
      .where(eq(blogs.id, posts.d!.id))
    await t.dbh.db
      .update(blogs)
      .set({ published_at: day(21) })
      .where(eq(blogs.id, posts.f!.id))
    await t.dbh.db.update(blogs).set({ published_at: null }).where(eq(blogs.id, posts.c!.id))
    expect(names(await list('sort=-published_date'))).toEqual(['a', 'f', 'd', 'c', 'e', 'b'])
    expect(names(await list('sort=published_date'))).toEqual(['c', 'd', 'f', 'a', 'b', 'e'])
  })

  it('title: case-insensitive title of the shown localization, untitled last, following the locale query', async () => {
    // en (default): Apple, banana, cherry, Date, elder; d has only a German title.
    const en = await list('sort=title')
    expect(names(en)).toEqual(['b', 'a', 'c', 'e', 'f', 'd'])
    expect(en.data.map((x) => x.title)).toEqual(['Apple', 'banana', 'cherry', 'Date', 'elder', 'Xylophon'])
    expect(names(await list('sort=-title'))).toEqual(['d', 'f', 'e', 'c', 'a', 'b'])
    // de: Vogel, Wal, Xylophon, Yak, Zebra; c has no German localization and shows (and sorts by) its English one.
    const de = await list('sort=title&locale=de')
    expect(de.data.map((x) => x.title)).toEqual(['cherry', 'Vogel', 'Wal', 'Xylophon', 'Yak', 'Zebra'])
  })

  it('ties break on the id in the sort direction, so pages never repeat or skip a post', async () => {
    await t.dbh.db
      .update(blogs)
      .set({ updated_at: day(30) })
      .where(eq(blogs.site_id, site.id))
    try {
      const asc = [...ids('a', 'b', 'c', 'd', 'e', 'f')].sort()
      const paged: string[] = []
      for (const page of [1, 2, 3]) paged.push(...(await list(`sort=updated_at&per_page=2&page=${page}`)).data.map((x) => x.id))
      expect(paged).toEqual(asc)
      expect((await list('sort=-updated_at')).data.map((x) => x.id)).toEqual([...asc].reverse())
    } finally {
      for (const [n, s] of Object.entries(SPEC))
        await t.dbh.db
          .update(blogs)
          .set({ updated_at: day(10 + s.updated) })
          .where(eq(blogs.id, posts[n]!.id))
    }
  })
})

describe('bad values', () => {
  it('400 VALIDATION_FAILED on the field', async () => {
    const cases: Array<[string, string]> = [
      ['author=', 'author'],
      [`author=${'x'.repeat(201)}`, 'author'],
      ['tag=go', 'tag'],
      ['tag=', 'tag'],
      ['category=12', 'category'],
      ['sort=name', 'sort'],
      ['sort=%2Btitle', 'sort'],
      ['sort=TITLE', 'sort'],
      ['sort=', 'sort'],
    ]
    for (const [qs, field] of cases) {
      const p = expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs?${qs}`), 400, 'VALIDATION_FAILED')
      expect(p.errors?.[0]?.field, qs).toBe(field)
    }
  })
})
