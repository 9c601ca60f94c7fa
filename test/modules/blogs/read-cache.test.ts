import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogLocalizations } from '../../../src/db/schema/blogs.js'
import { contentSites } from '../../../src/db/schema/content.js'
import type { BlogDetail, BlogListItem } from '../../../src/modules/blogs/schemas.js'
import { openCache, type Cache } from '../../../src/platform/cache/index.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createBlog, publishedBlog } from './fixtures.js'
import { expectNoContent } from '../../helpers/records.js'

/*
 * Published lists, featured lists and by-slug answers are cached under the site's content version.
 * These tests show that the cache is really used (a change made behind the service's back stays invisible)
 * and that every write through the API is visible at once, on this instance and on another one.
 */

let cache: Cache
let first: TestApp
let second: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  cache = openCache(process.env.REDIS_URL, `atrium:t:${randomBytes(6).toString('hex')}:`)
  first = await testApp({ cache })
  second = await testApp({ dbh: first.dbh, cache })
  a = await makeSite(first)
  b = await makeSite(first)
})
afterAll(async () => {
  await second?.close()
  await first?.close()
  await cache?.close()
})

const published = async (t: TestApp, site: SiteFixture, qs = '') =>
  expectStatus<{ data: BlogListItem[]; meta: { total: number } }>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published${qs}`), 200)

describe('cached reads', () => {
  it('serves the published list from the cache until a write through the API', async () => {
    const blog = await publishedBlog(first, a)
    const titleOf = async () => (await published(first, a)).data.find((x) => x.id === blog.id)?.title
    expect(await titleOf()).toBe(`Title ${blog.slug}`)
    // Behind the service's back: no version bump, so the cached answer stays.
    await first.dbh.db.update(blogLocalizations).set({ title: 'Sneaky' }).where(eq(blogLocalizations.content_id, blog.content_id))
    expect(await titleOf()).toBe(`Title ${blog.slug}`)
    expectStatus(await first.as(a.keys.Write).put(`/blogs/${blog.id}`, { author: 'Someone' }), 200)
    expect(await titleOf()).toBe('Sneaky')
  })

  it("the list's total is counted once for all its pages and featured windows, and counted again after any write", async () => {
    const site = await makeSite(first)
    const blogs = [await publishedBlog(first, site), await publishedBlog(first, site), await publishedBlog(first, site)]
    expect((await published(first, site, '?page=1&per_page=2')).meta.total).toBe(3)
    // Behind the service's back one blog leaves the published set. Page 2 is a new answer (its window is read now)
    // but its total is the one counted for page 1.
    await first.dbh.db.update(contentSites).set({ status: 'Draft' }).where(eq(contentSites.content_id, blogs[0]!.content_id))
    const page2 = await published(first, site, '?page=2&per_page=2')
    expect(page2.meta.total).toBe(3)
    expect(page2.data).toHaveLength(0)
    // Any write through the API that the site's lists show counts again, on every instance.
    expectStatus(await first.as(site.keys.Write).put(`/blogs/${blogs[1]!.id}`, { author: 'Someone' }), 200)
    for (const t of [first, second]) {
      expect((await published(t, site, '?page=2&per_page=2')).meta.total).toBe(2)
      expect((await published(t, site, '?page=1&per_page=1')).meta.total).toBe(2)
    }
  })

  it('read-after-write on the list: localization, status, new and deleted blogs show at once', async () => {
    const site = await makeSite(first)
    const blog = await publishedBlog(first, site)
    expect((await published(first, site)).data.map((x) => x.title)).toEqual([`Title ${blog.slug}`])
    const loc = blog.localizations[0]!
    expectStatus(await first.as(site.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: 'Renamed' }), 200)
    expect((await published(first, site)).data.map((x) => x.title)).toEqual(['Renamed'])
    const next = await publishedBlog(first, site, { published_date: '2999-01-01' })
    expect((await published(first, site)).data.map((x) => x.id)).toEqual([next.id, blog.id])
    expectStatus(await first.as(site.keys.Write).put(`/blogs/${next.id}`, { status: 'Draft' }), 200)
    expect((await published(first, site)).data.map((x) => x.id)).toEqual([blog.id])
    expectNoContent(await first.as(site.keys.Write).delete(`/blogs/${blog.id}`))
    expect((await published(first, site)).meta.total).toBe(0)
  })

  it('the featured list follows is_featured changes at once', async () => {
    const site = await makeSite(first)
    const blog = await publishedBlog(first, site, { is_featured: true })
    const featured = async () => expectStatus<BlogListItem[]>(await first.as(site.keys.Read).get(`/sites/${site.id}/blogs/featured`), 200).map((x) => x.id)
    expect(await featured()).toEqual([blog.id])
    expectStatus(await first.as(site.keys.Write).put(`/blogs/${blog.id}`, { is_featured: false }), 200)
    expect(await featured()).toEqual([])
  })

  it('by-slug follows slug and text changes at once', async () => {
    const blog = await publishedBlog(first, a)
    const url = (slug: string) => `/sites/${a.id}/blogs/by-slug/${slug}`
    expect(expectStatus<BlogDetail>(await first.as(a.keys.Read).get(url(blog.slug)), 200).localizations[0]!.title).toBe(`Title ${blog.slug}`)
    expectStatus(await first.as(a.keys.Write).put(`/blogs/localizations/${blog.localizations[0]!.id}`, { title: 'New title' }), 200)
    expect(expectStatus<BlogDetail>(await first.as(a.keys.Read).get(url(blog.slug)), 200).localizations[0]!.title).toBe('New title')
    const slug = `moved-${uid()}`
    expectStatus(await first.as(a.keys.Write).put(`/blogs/${blog.id}`, { slug }), 200)
    expectProblem(await first.as(a.keys.Read).get(url(blog.slug)), 404, 'NOT_FOUND')
    expect(expectStatus<BlogDetail>(await first.as(a.keys.Read).get(url(slug)), 200).id).toBe(blog.id)
  })

  it('a write on one instance is visible on the other at once', async () => {
    const site = await makeSite(first)
    const blog = await publishedBlog(first, site)
    expect((await published(second, site)).data.map((x) => x.id)).toEqual([blog.id])
    expectStatus(await first.as(site.keys.Write).put(`/blogs/${blog.id}`, { status: 'Draft' }), 200)
    expect((await published(second, site)).data).toEqual([])
    const again = await createBlog(second, site, { status: 'Published' })
    expect((await published(first, site)).data.map((x) => x.id)).toEqual([again.id])
  })

  it("a write through the owning site refreshes every carrying site's cached list", async () => {
    const shared = await createBlog(first, a, { status: 'Published' }, first.masterKey, [a.id, b.id])
    expect((await published(first, b)).data.map((x) => x.id)).toContain(shared.id)
    expectStatus(await first.as(a.keys.Write).put(`/blogs/${shared.id}`, { status: 'Draft' }), 200)
    expect((await published(first, b)).data.map((x) => x.id)).not.toContain(shared.id)
  })
})

describe('invalidation per record', () => {
  const bySlug = async (t: TestApp, site: SiteFixture, slug: string) =>
    expectStatus<BlogDetail>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/by-slug/${slug}`), 200)
  const detail = async (t: TestApp, site: SiteFixture, id: string) => expectStatus<BlogDetail>(await t.as(site.keys.Read).get(`/blogs/${id}/detail`), 200)

  it("a write to one post refreshes its answers and the lists, and leaves other posts' cached answers alone", async () => {
    const [x, y] = [await publishedBlog(first, a), await publishedBlog(first, a)]
    for (const t of [first, second]) {
      await bySlug(t, a, x.slug)
      await bySlug(t, a, y.slug)
      await detail(t, a, y.id)
    }
    // Y changes behind the service's back: its cached answers keep the old title (they are really cached)...
    await first.dbh.db.update(blogLocalizations).set({ title: 'Y behind the back' }).where(eq(blogLocalizations.content_id, y.content_id))
    expectStatus(await first.as(a.keys.Write).put(`/blogs/${x.id}`, { author: 'Changed through the API' }), 200)
    for (const t of [first, second]) {
      // ...after a write to X: X is fresh on both instances, Y still served from the cache.
      expect((await bySlug(t, a, x.slug)).author).toBe('Changed through the API')
      expect((await bySlug(t, a, y.slug)).localizations[0]?.title).not.toBe('Y behind the back')
      expect((await detail(t, a, y.id)).localizations[0]?.title).not.toBe('Y behind the back')
      // The lists can include X: they are refreshed (and so show Y's new title too).
      expect((await published(t, a)).data.find((i) => i.id === y.id)?.title).toBe('Y behind the back')
    }
  })

  it('a renamed post is found by its new slug and no longer by the old one, on both instances', async () => {
    const x = await publishedBlog(first, a)
    for (const t of [first, second]) await bySlug(t, a, x.slug)
    const renamed = `${x.slug}-renamed`
    expectStatus(await first.as(a.keys.Write).put(`/blogs/${x.id}`, { slug: renamed }), 200)
    for (const t of [first, second]) {
      expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${x.slug}`), 404, 'NOT_FOUND')
      expect((await bySlug(t, a, renamed)).id).toBe(x.id)
    }
  })

  it('a tag rename refreshes the posts that show it (their detail embeds the tag)', async () => {
    const x = await publishedBlog(first, a)
    const tag = expectStatus<{ id: string }>(await first.as(a.keys.Write).post('/tags', { site_id: a.id, name: 'Before' }), 201)
    expectNoContent(await first.as(a.keys.Write).post(`/content/${x.content_id}/tags`, { tag_id: tag.id }))
    for (const t of [first, second]) expect((await bySlug(t, a, x.slug)).tags.map((g) => g.name)).toEqual(['Before'])
    expectStatus(await first.as(a.keys.Write).put(`/tags/${tag.id}`, { name: 'After' }), 200)
    for (const t of [first, second]) expect((await bySlug(t, a, x.slug)).tags.map((g) => g.name)).toEqual(['After'])
  })
})

describe('remembered access scopes', () => {
  it('a deleted blog is 404 on every instance at once, by id, detail and localizations, although its scope was remembered', async () => {
    const x = await publishedBlog(first, a)
    for (const t of [first, second]) {
      for (const url of [`/blogs/${x.id}`, `/blogs/${x.id}/detail`, `/blogs/${x.id}/localizations`]) expectStatus(await t.as(a.keys.Read).get(url), 200)
    }
    expectNoContent(await first.as(a.keys.Write).delete(`/blogs/${x.id}`))
    for (const t of [second, first]) {
      for (const url of [`/blogs/${x.id}`, `/blogs/${x.id}/detail`, `/blogs/${x.id}/localizations`])
        expectProblem(await t.as(a.keys.Read).get(url), 404, 'NOT_FOUND')
    }
  })
})
