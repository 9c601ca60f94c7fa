import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireRecord } from '../../../src/core/access.js'
import { makeCtx } from '../../../src/core/context.js'
import { system } from '../../../src/core/principal.js'
import type { Db, ReadDb } from '../../../src/db/client.js'
import type { Principal } from '../../../src/core/principal.js'
import { blogEntity } from '../../../src/modules/blogs/entity.js'
import * as blogs from '../../../src/modules/blogs/service.js'
import * as dq from '../../../src/modules/blogs/public-read.queries.js'
import type { BlogDetail, BlogListItem } from '../../../src/modules/blogs/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { countingCache } from '../../helpers/cache.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { addCategory, addTag, assignCategory, assignTag, createBlog, locId, publishedBlog } from './fixtures.js'
import { expectNoContent, type Page } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock
const day = 86_400_000

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('GET /sites/{site_id}/blogs (all statuses)', () => {
  it('lists every live blog of the site, paginated, with a status filter', async () => {
    const site = await makeSite(t)
    const draft = await createBlog(t, site)
    const pub = await publishedBlog(t, site)
    const gone = await createBlog(t, site)
    expectNoContent(await t.as(site.keys.Write).delete(`/blogs/${gone.id}`))
    const all = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs`), 200)
    expect(all.meta).toEqual({ page: 1, per_page: 10, total: 2, total_pages: 1 })
    expect(all.data.map((x) => x.id).sort()).toEqual([draft.id, pub.id].sort())
    const drafts = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs?status=Draft`), 200)
    expect(drafts.data.map((x) => x.id)).toEqual([draft.id])
    const paged = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs?per_page=1&page=3`), 200)
    expect(paged).toEqual({ data: [], meta: { page: 3, per_page: 1, total: 2, total_pages: 2 } })
  })

  it('400 for bad paging or status, 401, 404 for another site', async () => {
    for (const qs of ['per_page=101', 'page=0', 'page=x', 'status=Live']) {
      const p = expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs?${qs}`), 400, 'VALIDATION_FAILED')
      expect(p.errors?.[0]?.field).toBe(qs.split('=')[0])
    }
    expectProblem(await t.as().get(`/sites/${a.id}/blogs`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/blogs`), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/blogs/published', () => {
  it('only Published blogs, newest published_date first, with title, tags and categories of the chosen locale', async () => {
    const site = await makeSite(t)
    const older = await publishedBlog(t, site, {
      published_date: '2024-01-01',
      localizations: [
        { locale_id: locId(site, 'en'), title: 'Old', excerpt: 'old excerpt' },
        { locale_id: locId(site, 'de'), title: 'Alt', excerpt: 'alter Auszug' },
      ],
    })
    const newer = await publishedBlog(t, site, { published_date: '2024-06-01' })
    await createBlog(t, site)
    await createBlog(t, site, { status: 'InReview' })
    const tag = await addTag(t, site.id, 'Go')
    const cat = await addCategory(t, site.id, 'News')
    await assignTag(t, older.content_id, tag.id)
    await assignCategory(t, older.content_id, cat.id, true)

    const en = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200)
    expect(en.data.map((x) => x.id)).toEqual([newer.id, older.id])
    expect(en.meta.total).toBe(2)
    const old = en.data[1]!
    expect(old).toMatchObject({ title: 'Old', excerpt: 'old excerpt', locale: 'en', status: 'Published', site_ids: [site.id] })
    expect(old.tags).toEqual([{ id: tag.id, name: 'Go', slug: tag.slug }])
    expect(old.categories).toEqual([{ id: cat.id, name: 'News', slug: cat.slug, is_primary: true }])

    const de = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published?locale=de`), 200)
    expect(de.data[1]).toMatchObject({ title: 'Alt', locale: 'de' })
    expect(de.data[0]).toMatchObject({ locale: 'en' }) // no German localization: the default locale
    const fr = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published?locale=fr`), 200)
    expect(fr.data[1]).toMatchObject({ title: 'Old', locale: 'en' })
  })

  it('leaves out blogs whose publish_end has passed', async () => {
    const site = await makeSite(t)
    const ending = await publishedBlog(t, site, { publish_end: new Date(clock().now().getTime() + day).toISOString() })
    const staying = await publishedBlog(t, site)
    const before = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200)
    expect(before.data.map((x) => x.id).sort()).toEqual([ending.id, staying.id].sort())
    clock().advance(2 * day)
    const after = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200)
    expect(after.data.map((x) => x.id)).toEqual([staying.id])
    expect(after.meta.total).toBe(1)
  })

  it('pages through in a stable order', async () => {
    const site = await makeSite(t)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await publishedBlog(t, site, { published_date: `2024-03-0${i + 1}` })).id)
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) {
      const res = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published?per_page=2&page=${page}`), 200)
      expect(res.meta).toEqual({ page, per_page: 2, total: 5, total_pages: 3 })
      seen.push(...res.data.map((x) => x.id))
    }
    expect(seen).toEqual([...ids].reverse())
  })

  it('400 for per_page over 100 or a malformed locale, 401, 404 for another site', async () => {
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/published?per_page=101`), 400, 'VALIDATION_FAILED')
    expect(expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/published?locale=--x--`), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe(
      'locale',
    )
    expectProblem(await t.as().get(`/sites/${a.id}/blogs/published`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${a.id}/blogs/published`), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/blogs/featured', () => {
  it('published and featured only, a plain array with the total in X-Total-Count, limit/offset with defaults 10 and 0', async () => {
    const site = await makeSite(t)
    const f1 = await publishedBlog(t, site, { is_featured: true, published_date: '2024-01-01' })
    const f2 = await publishedBlog(t, site, { is_featured: true, published_date: '2024-02-01' })
    await publishedBlog(t, site)
    await createBlog(t, site, { is_featured: true })
    const res = await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/featured`)
    const all = expectStatus<BlogListItem[]>(res, 200)
    expect(Array.isArray(all)).toBe(true)
    expect(res.headers['x-total-count']).toBe('2')
    expect(all.map((x) => x.id)).toEqual([f2.id, f1.id])
    expect(all[0]).toMatchObject({ title: `Title ${f2.slug}`, subtitle: null, excerpt: null, locale: 'en' })
    const secondRes = await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/featured?limit=1&offset=1`)
    const second = expectStatus<BlogListItem[]>(secondRes, 200)
    expect(secondRes.headers['x-total-count']).toBe('2')
    expect(second.map((x) => x.id)).toEqual([f1.id])
    // Served again from the cache: same array, same header.
    const again = await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/featured?limit=1&offset=1`)
    expect(again.headers['x-total-count']).toBe('2')
    expect(again.body).toBe(secondRes.body)
    const past = await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/featured?offset=5`)
    expect(expectStatus<BlogListItem[]>(past, 200)).toEqual([])
    expect(past.headers['x-total-count']).toBe('2')
  })

  it('400 for limit over 100 or a negative offset, 401, 404 for another site', async () => {
    expect(expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/featured?limit=101`), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('limit')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/featured?offset=-1`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().get(`/sites/${a.id}/blogs/featured`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${a.id}/blogs/featured`), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/blogs/by-slug/{slug}', () => {
  it('answers the detail of the live blog with the slug; 404 for unknown, deleted or another site', async () => {
    const blog = await publishedBlog(t, a)
    const got = expectStatus<BlogDetail>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 200)
    expect(got.id).toBe(blog.id)
    expect(got.localizations).toHaveLength(1)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/no-such-${uid()}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${b.id}/blogs/by-slug/${blog.slug}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 401, 'UNAUTHENTICATED')
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${blog.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 404, 'NOT_FOUND')
  })

  it('public read: a Read key gets only live blogs (Draft, InReview, Scheduled, not yet started, expired → 404); Write and above see every status', async () => {
    const site = await makeSite(t)
    const now = clock().now().getTime()
    const iso = (ms: number) => new Date(ms).toISOString()
    const draft = await createBlog(t, site)
    const inReview = await createBlog(t, site)
    expectStatus(await t.as(site.keys.Write).put(`/blogs/${inReview.id}`, { status: 'InReview' }), 200)
    const scheduled = await createBlog(t, site, { status: 'Published', publish_start: iso(now + day) })
    expect(scheduled.status).toBe('Scheduled')
    const expired = await publishedBlog(t, site, { publish_start: iso(now - 2 * day), publish_end: iso(now + day) })
    const live = await publishedBlog(t, site, { publish_start: iso(now - day) })
    const bySlug = (key: string, slug: string) => t.as(key).get(`/sites/${site.id}/blogs/by-slug/${slug}`)
    // Warm both audiences' caches before the clock moves: the live answer must not outlive publish_end.
    expect(expectStatus<BlogDetail>(await bySlug(site.keys.Read, expired.slug), 200).id).toBe(expired.id)
    expect(expectStatus<BlogDetail>(await bySlug(site.keys.Write, expired.slug), 200).id).toBe(expired.id)
    clock().advance(2 * day)
    for (const b of [draft, inReview, expired]) {
      expectProblem(await bySlug(site.keys.Read, b.slug), 404, 'NOT_FOUND')
      // The preview answer is cached under its own key: a Write key sees it, a Read key asked after it still gets 404.
      expect(expectStatus<BlogDetail>(await bySlug(site.keys.Write, b.slug), 200).id).toBe(b.id)
      expectProblem(await bySlug(site.keys.Read, b.slug), 404, 'NOT_FOUND')
    }
    for (const key of [site.keys.Write, site.keys.Admin, site.keys.Master]) {
      expect(expectStatus<BlogDetail>(await bySlug(key, draft.slug), 200).status).toBe('Draft')
    }
    expect(expectStatus<BlogDetail>(await t.as(t.masterKey).get(`/sites/${site.id}/blogs/by-slug/${draft.slug}`), 200).id).toBe(draft.id)
    expect(expectStatus<BlogDetail>(await bySlug(site.keys.Read, live.slug), 200).id).toBe(live.id)
  })

  it('public read: a Scheduled blog is 404 for a Read key until published, then 200', async () => {
    const site = await makeSite(t)
    const start = new Date(clock().now().getTime() + day).toISOString()
    const scheduled = await createBlog(t, site, { status: 'Published', publish_start: start, localizations: [{ locale: 'en', title: 'Soon' }] })
    expect(scheduled.status).toBe('Scheduled')
    expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/by-slug/${scheduled.slug}`), 404, 'NOT_FOUND')
    expect(expectStatus<BlogDetail>(await t.as(site.keys.Write).get(`/sites/${site.id}/blogs/by-slug/${scheduled.slug}`), 200).status).toBe('Scheduled')
    expectStatus(await t.as(site.keys.Write).put(`/blogs/${scheduled.id}`, { publish_start: null, status: 'Published' }), 200)
    expect(expectStatus<BlogDetail>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/by-slug/${scheduled.slug}`), 200).status).toBe('Published')
  })
})

describe('bounded queries', () => {
  /** A ReadDb that counts the statements started through it. */
  function counting(db: ReadDb): { db: ReadDb; count: () => number } {
    if (t.dbh.kind === 'pglite') return countingEmbedded(db)
    let n = 0
    const proxy = new Proxy(db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver)
        // Named statements (db/named.ts) go straight to the server's pool.
        if (prop === '$client' && value instanceof pg.Pool) {
          return new Proxy(value, {
            get(pool, p) {
              const member: unknown = Reflect.get(pool, p, pool)
              if (p !== 'query' || typeof member !== 'function') return member
              return (...args: unknown[]) => {
                n++
                return (member as (...a: unknown[]) => unknown).apply(pool, args)
              }
            },
          })
        }
        if ((prop === 'select' || prop === 'execute') && typeof value === 'function') {
          return (...args: unknown[]) => {
            n++
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return value
      },
    })
    return { db: proxy, count: () => n }
  }

  /**
   * Embedded, every statement (the query builder's and the named ones of db/named.ts) goes through PGlite's query,
   * counted in place until count() is read. A named statement's PREPARE, once per connection, is not a statement of
   * the read, as a server's parse is not.
   */
  function countingEmbedded(db: ReadDb): { db: ReadDb; count: () => number } {
    let n = 0
    const client = (db as unknown as { $client: { query: (text: string, ...rest: unknown[]) => Promise<unknown> } }).$client
    const query = client.query
    client.query = (text, ...rest) => {
      if (!/^prepare /i.test(text)) n++
      return query.call(client, text, ...rest)
    }
    return {
      db,
      count: () => {
        client.query = query
        return n
      },
    }
  }

  it('a miss of the published list (without its total), the detail and by slug is one statement each, for 3 or 30 blogs', async () => {
    const site = await makeSite(t)
    const tag = await addTag(t, site.id, 'T')
    for (let i = 0; i < 30; i++) {
      const blog = await publishedBlog(t, site)
      await assignTag(t, blog.content_id, tag.id)
    }
    const run = async (size: number) => {
      const c = counting(t.dbh.db)
      const items = await dq.publishedItems(c.db, site.id, clock().now(), size, 0, false, 'de')
      expect(items).toHaveLength(size)
      expect(items.every((x) => x.tags.length === 1 && x.title?.startsWith('Title') === true)).toBe(true)
      return c.count()
    }
    expect(await run(3)).toBe(1)
    expect(await run(30)).toBe(1)
    const counted = counting(t.dbh.db)
    expect((await dq.publishedCount(counted.db, site.id, clock().now(), false)).total).toBe(30)
    expect(counted.count()).toBe(1)

    const [first] = await dq.publishedItems(t.dbh.db, site.id, clock().now(), 1, 0, false, undefined)
    const byId = counting(t.dbh.db)
    expect((await dq.detailById(byId.db, first!.id))?.tags).toHaveLength(1)
    expect(byId.count()).toBe(1)
    const bySlug = counting(t.dbh.db)
    expect((await dq.detailBySlug(bySlug.db, site.id, first!.slug))?.id).toBe(first!.id)
    expect(bySlug.count()).toBe(1)
  })

  it("GET /blogs/{id}/detail of a blog not seen before: the access check and the answer are the detail's one statement", async () => {
    const site = await makeSite(t)
    const blog = await publishedBlog(t, site)
    // The site is known live once a request has reached it (its liveness is not the blog's statement).
    expectStatus(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200)
    const c = counting(t.dbh.db)
    const ctx = makeCtx(t.deps, system, 'detail-miss', t.deps.log, c.db as Db)
    const scope = await requireRecord(ctx, blogEntity, blog.id, 'Read', blogs.detailScope)
    expect(scope).toEqual({ siteId: site.id, siteIds: [site.id] })
    const answer = JSON.parse((await blogs.detail(ctx, blog.id, scope)).toString()) as BlogDetail
    expect(answer.id).toBe(blog.id)
    expect(c.count()).toBe(1)
    // The same answer as a request gets, and a blog that does not exist is still 404.
    expect(expectStatus<BlogDetail>(await t.as(site.keys.Read).get(`/blogs/${blog.id}/detail`), 200)).toEqual(answer)
    await expect(requireRecord(makeCtx(t.deps, system, 'unknown'), blogEntity, randomUUID(), 'Read', blogs.detailScope)).rejects.toMatchObject({ status: 404 })
  })

  it('a detail miss through a site key asks the shared cache for versions once, and not for the answer it loaded', async () => {
    const site = await makeSite(t)
    const blog = await publishedBlog(t, site)
    expectStatus(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200)
    // A shared cache (kind redis) over the app's own, counting what a request asks of it; a new object, so no scope
    // or answer of this blog is remembered for it yet.
    const { cache: shared, asked } = countingCache(t.deps.cache, 'redis')
    const key: Principal = { kind: 'api_key', keyId: randomUUID(), permission: 'Read', siteId: site.id, rateLimitPerMinute: 1000, actorId: 'api_key:test' }
    const read = async () => {
      const ctx = makeCtx({ ...t.deps, cache: shared }, key, 'detail-miss')
      return (await blogs.detail(ctx, blog.id, await requireRecord(ctx, blogEntity, blog.id, 'Read', blogs.detailScope))).toString()
    }
    const first = await read()
    // The record's version with the key's site's versions in one round trip; the answer loaded by the access check is
    // stored, not first looked for.
    expect(asked).toEqual({ versions: 1, answers: 0, stored: 1 })
    // The next request: its scope is remembered, the answer found shared.
    expect(await read()).toBe(first)
    expect(asked).toEqual({ versions: 2, answers: 1, stored: 1 })
    expect((JSON.parse(first) as BlogDetail).id).toBe(blog.id)
  })

  // Embedded, every statement of a request goes through PGlite's query (counted in place); background work (usage)
  // does not. On a server the route's statements go through the shared pool with the background's, so this runs embedded.
  it.skipIf(!!process.env.DATABASE_URL)('the route itself answers the detail of a blog not seen before with one statement', async () => {
    const site = await makeSite(t)
    const blog = await publishedBlog(t, site)
    expectStatus(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200)
    const c = countingEmbedded(t.dbh.db)
    const answer = expectStatus<BlogDetail>(await t.as(site.keys.Read).get(`/blogs/${blog.id}/detail`), 200)
    expect(c.count()).toBe(1)
    expect(answer.id).toBe(blog.id)
  })
})
