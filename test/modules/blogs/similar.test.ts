import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogs } from '../../../src/db/schema/blogs.js'
import { categories, tags } from '../../../src/db/schema/taxonomy.js'
import type { SimilarBlog } from '../../../src/modules/blogs/workflow.schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { addCategory, addTag, assignCategory, assignTag, createBlog, locId } from './fixtures.js'
import { BLOGS, CATEGORIES, DELETED_CATEGORIES, DELETED_TAGS, EXPECTED, NOW, SOURCE, TAGS, type FixtureBlog } from './similar-fixture.js'

let t: TestApp
let s: SiteFixture
let o: SiteFixture
const ids = new Map<string, string>()
const keyOf = new Map<string, string>()
const id = (key: string) => ids.get(key)!

async function build(b: FixtureBlog, tagIds: Map<string, string>, catIds: Map<string, string>): Promise<void> {
  const placement = b.placement ?? 'site'
  const owner = placement === 'site' ? s : o
  const siteIds = placement === 'shared' ? [o.id, s.id] : [owner.id]
  const blog = await createBlog(
    t,
    owner,
    {
      slug: `sim-${b.key.toLowerCase()}-${uid()}`,
      author: b.author,
      status: b.status === 'Published' ? 'Published' : 'Draft',
      localizations: [{ locale_id: locId(owner, 'en'), title: `Title ${b.key}`, excerpt: `About ${b.key}` }],
    },
    t.masterKey,
    siteIds,
  )
  ids.set(b.key, blog.id)
  keyOf.set(blog.id, b.key)
  if (b.status === 'InReview') expectStatus(await t.as(t.masterKey).put(`/blogs/${blog.id}`, { status: 'InReview' }), 200)
  for (const tag of b.tags) await assignTag(t, blog.content_id, tagIds.get(tag)!)
  for (const cat of b.categories) await assignCategory(t, blog.content_id, catIds.get(cat)!, cat === b.primary)
  // Dates as the fixture gives them (the trigger copies them to every carrying site's read-path row).
  await t.dbh.db
    .update(blogs)
    .set({
      published_date: b.publishedDate,
      published_at: b.publishedAt === null ? null : new Date(b.publishedAt),
      publish_end: b.expired ? new Date(Date.parse(NOW) - 86_400_000) : null,
    })
    .where(eq(blogs.id, blog.id))
  if (b.deleted) expect((await t.as(t.masterKey).delete(`/blogs/${blog.id}`)).statusCode).toBe(204)
}

beforeAll(async () => {
  t = await testApp()
  ;(t.clock as ManualClock).set(new Date(NOW))
  s = await makeSite(t)
  o = await makeSite(t)
  const tagIds = new Map<string, string>()
  const catIds = new Map<string, string>()
  for (const name of TAGS) tagIds.set(name, (await addTag(t, s.id, name)).id)
  for (const name of CATEGORIES) catIds.set(name, (await addCategory(t, s.id, name)).id)
  for (const name of DELETED_TAGS)
    await t.dbh.db
      .update(tags)
      .set({ deleted_at: new Date(NOW) })
      .where(eq(tags.id, tagIds.get(name)!))
  for (const name of DELETED_CATEGORIES)
    await t.dbh.db
      .update(categories)
      .set({ deleted_at: new Date(NOW) })
      .where(eq(categories.id, catIds.get(name)!))
  for (const b of [SOURCE, ...BLOGS]) await build(b, tagIds, catIds)
})
afterAll(() => t.close())

const similar = async (blogKey: string, query = '', key = s.keys.Read, siteId = s.id) =>
  expectStatus<SimilarBlog[]>(await t.as(key).get(`/sites/${siteId}/blogs/${id(blogKey)}/similar${query}`), 200)
const ranked = (items: SimilarBlog[]) => items.map((i) => [keyOf.get(i.id) ?? i.id, i.score])

describe('GET /sites/{site_id}/blogs/{id}/similar', () => {
  it('scores and orders exactly as the spec (and the pure scorer) say, up to the maximum of 10', async () => {
    const items = await similar('src', '?limit=10')
    expect(ranked(items)).toEqual(EXPECTED.slice(0, 10))
  })

  it('answers list items (title from the default locale, tags, categories with is_primary)', async () => {
    const [first] = await similar('src', '?limit=1')
    expect(first).toMatchObject({ id: id('A'), title: 'Title A', excerpt: 'About A', locale: 'en', status: 'Published', site_id: s.id, score: 11 })
    expect(first!.tags.map((x) => x.name).sort()).toEqual(['t1', 't2'])
    expect(first!.categories).toEqual([expect.objectContaining({ name: 'c1', is_primary: true })])
  })

  it('limit defaults to 3', async () => {
    expect(ranked(await similar('src'))).toEqual(EXPECTED.slice(0, 3))
  })

  it('includes a blog another site owns and shares with this one; leaves out blogs the site does not carry', async () => {
    const keys = (await similar('src', '?limit=10')).map((i) => keyOf.get(i.id))
    expect(keys).toContain('S')
    for (const excluded of ['src', 'Dr', 'R', 'Del', 'Exp', 'Foreign', 'G', 'H']) expect(keys).not.toContain(excluded)
  })

  it('works for a source in any status (a Draft), never listing the source itself', async () => {
    const keys = (await similar('Dr', '?limit=10')).map((i) => keyOf.get(i.id))
    expect(keys[0]).toBe('src')
    expect(keys).not.toContain('Dr')
  })

  it('is an empty array when nothing is similar', async () => {
    const lonely = await createBlog(t, s, { author: '' })
    const res = expectStatus<SimilarBlog[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/${lonely.id}/similar`), 200)
    expect(res).toEqual([])
  })

  it('an unset (null) author is no shared author', async () => {
    await createBlog(t, s, { author: null, status: 'Published' })
    const lonely = await createBlog(t, s, { author: null })
    expect(lonely.author).toBeNull()
    expect(expectStatus<SimilarBlog[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/${lonely.id}/similar`), 200)).toEqual([])
  })

  it('400 for a limit outside 1..10 or not an integer', async () => {
    for (const q of ['?limit=0', '?limit=11', '?limit=abc', '?limit=2.5', '?limit=-1']) {
      expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/${id('src')}/similar${q}`), 400, 'VALIDATION_FAILED')
    }
    expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/not-a-uuid/similar`), 400, 'VALIDATION_FAILED')
  })

  it('401 without credentials; 404 for a blog the site does not carry, a deleted or unknown blog, or a site out of reach', async () => {
    expectProblem(await t.as().get(`/sites/${s.id}/blogs/${id('src')}/similar`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/${id('Foreign')}/similar`), 404, 'NOT_FOUND')
    expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/${id('Del')}/similar`), 404, 'NOT_FOUND')
    expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/${MISSING_ID}/similar`), 404, 'NOT_FOUND')
    expectProblem(await t.as(o.keys.Master).get(`/sites/${s.id}/blogs/${id('src')}/similar`), 404, 'NOT_FOUND')
    expectProblem(await t.as(s.keys.Master).get(`/sites/${MISSING_ID}/blogs/${id('src')}/similar`), 404, 'NOT_FOUND')
    // 403 cannot happen here: Read is the lowest level, so every key of the site may read.
  })

  it('through the sharing site only what that site carries counts', async () => {
    // Seen from o, the shared blog S has the o-owned foreign blog as its only other published neighbour (same author Ann).
    const items = expectStatus<SimilarBlog[]>(await t.as(o.keys.Read).get(`/sites/${o.id}/blogs/${id('S')}/similar`), 200)
    expect(ranked(items)).toEqual([['Foreign', 1]])
  })
})
