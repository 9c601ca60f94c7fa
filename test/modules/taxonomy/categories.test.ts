import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { makeBlog, makeCategory, setBlogStatus, softDeleteBlog, type CategoryBody } from './fixtures.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

type Count = { id: string; parent_id: string | null; name: string; slug: string; blog_count: number }

const field = (res: Awaited<ReturnType<ReturnType<TestApp['as']>['get']>>) => expectProblem(res, 400, 'VALIDATION_FAILED').errors?.[0]?.field

describe('POST /categories', () => {
  it('creates root and nested categories with defaults, audit and category.created', async () => {
    const root = await makeCategory(t, a.keys.Write, a.id, { name: 'Food & Drink' })
    expect(root).toMatchObject({ site_id: a.id, parent_id: null, slug: 'food-drink', description: null, display_order: 0 })
    const child = await makeCategory(t, a.keys.Write, a.id, { name: 'Wine', parent_id: root.id, description: 'Reds and whites', display_order: 3 })
    expect(child).toMatchObject({ parent_id: root.id, description: 'Reds and whites', display_order: 3 })
    expect((await auditsOf(t, 'category', child.id)).map((x) => x.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'category.created', child.id)).toHaveLength(1)
  })

  it('refuses a parent from another site, a deleted or unknown parent (400 parent_id)', async () => {
    const foreign = await makeCategory(t, b.keys.Write, b.id)
    const gone = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${gone.id}`))
    for (const parent of [foreign.id, gone.id, MISSING_ID]) {
      expect(field(await t.as(a.keys.Write).post('/categories', { site_id: a.id, name: `x ${uid()}`, parent_id: parent }))).toBe('parent_id')
    }
  })

  it('refuses a duplicate slug in the site (409) but not in another site', async () => {
    const slug = `cat-${uid()}`
    await makeCategory(t, a.keys.Write, a.id, { slug })
    expectProblem(await t.as(a.keys.Write).post('/categories', { site_id: a.id, name: 'Other', slug }), 409, 'CONFLICT')
    await makeCategory(t, b.keys.Write, b.id, { slug })
  })

  it('validates the body and answers 401, 403, 404', async () => {
    const c = t.as(a.keys.Write)
    expect(field(await c.post('/categories', { site_id: a.id }))).toBe('name')
    expect(field(await c.post('/categories', { site_id: a.id, name: 'x', display_order: 1.5 }))).toBe('display_order')
    expect(field(await c.post('/categories', { site_id: a.id, name: 'x', display_order: '2' }))).toBe('display_order')
    expect(field(await c.post('/categories', { site_id: a.id, name: 'x', parent_id: 'nope' }))).toBe('parent_id')
    expect(field(await c.post('/categories', { site_id: a.id, name: 'x', description: 'd'.repeat(5001) }))).toBe('description')
    expectProblem(await t.as().post('/categories', { site_id: a.id, name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post('/categories', { site_id: a.id, name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post('/categories', { site_id: b.id, name: 'x' }), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/categories, /categories/{id}, /categories/{parent_id}/children', () => {
  it('lists roots only, ordered by display_order then name, paginated; children separately', async () => {
    const s = await makeSite(t)
    const beta = await makeCategory(t, s.keys.Write, s.id, { name: 'Beta', display_order: 1 })
    const alpha = await makeCategory(t, s.keys.Write, s.id, { name: 'Alpha', display_order: 1 })
    const first = await makeCategory(t, s.keys.Write, s.id, { name: 'Zulu', display_order: 0 })
    const kid2 = await makeCategory(t, s.keys.Write, s.id, { name: 'Kid two', parent_id: alpha.id, display_order: 2 })
    const kid1 = await makeCategory(t, s.keys.Write, s.id, { name: 'Kid one', parent_id: alpha.id, display_order: 1 })
    const grandkid = await makeCategory(t, s.keys.Write, s.id, { name: 'Grandkid', parent_id: kid1.id })

    const roots = expectStatus<Page<CategoryBody>>(await t.as(s.keys.Read).get(`/sites/${s.id}/categories`), 200)
    expect(roots.data.map((c) => c.id)).toEqual([first.id, alpha.id, beta.id])
    expect(roots.meta).toEqual({ page: 1, per_page: 10, total: 3, total_pages: 1 })
    const p2 = expectStatus<Page<CategoryBody>>(await t.as(s.keys.Read).get(`/sites/${s.id}/categories?per_page=2&page=2`), 200)
    expect(p2.data.map((c) => c.id)).toEqual([beta.id])

    const kids = expectStatus<CategoryBody[]>(await t.as(s.keys.Read).get(`/categories/${alpha.id}/children`), 200)
    expect(kids.map((c) => c.id)).toEqual([kid1.id, kid2.id])
    expect(expectStatus<CategoryBody[]>(await t.as(s.keys.Read).get(`/categories/${kid1.id}/children`), 200).map((c) => c.id)).toEqual([grandkid.id])
    expect(expectStatus<CategoryBody[]>(await t.as(s.keys.Read).get(`/categories/${grandkid.id}/children`), 200)).toEqual([])
    expect(expectStatus<CategoryBody>(await t.as(s.keys.Read).get(`/categories/${kid1.id}`), 200)).toMatchObject({ id: kid1.id, parent_id: alpha.id })
  })

  it('answers 400, 401 and 404 (other site, deleted, unknown)', async () => {
    const mine = await makeCategory(t, a.keys.Write, a.id)
    const gone = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${gone.id}`))
    expect(field(await t.as(a.keys.Read).get(`/sites/${a.id}/categories?per_page=0`))).toBe('per_page')
    expect(field(await t.as(a.keys.Read).get('/categories/xyz'))).toBe('id')
    expect(field(await t.as(a.keys.Read).get('/categories/xyz/children'))).toBe('parent_id')
    expectProblem(await t.as().get(`/sites/${a.id}/categories`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().get(`/categories/${mine.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${a.id}/categories`), 404, 'NOT_FOUND')
    for (const id of [gone.id, MISSING_ID]) {
      expectProblem(await t.as(a.keys.Read).get(`/categories/${id}`), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Read).get(`/categories/${id}/children`), 404, 'NOT_FOUND')
    }
    expectProblem(await t.as(b.keys.Read).get(`/categories/${mine.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).get(`/categories/${mine.id}/children`), 404, 'NOT_FOUND')
  })
})

describe('PUT /categories/{id}', () => {
  it('description: null clears it (unset text is null on the wire)', async () => {
    const cat = await makeCategory(t, a.keys.Write, a.id, { description: 'Some words' })
    expect(cat).toMatchObject({ description: 'Some words' })
    const cleared = expectStatus<{ description: string | null }>(await t.as(a.keys.Write).put(`/categories/${cat.id}`, { description: null }), 200)
    expect(cleared.description).toBeNull()
    expect(expectStatus<{ description: string | null }>(await t.as(a.keys.Read).get(`/categories/${cat.id}`), 200).description).toBeNull()
  })

  it('updates fields, moves under a parent and back to root, with history and category.updated', async () => {
    const p = await makeCategory(t, a.keys.Write, a.id)
    const c = await makeCategory(t, a.keys.Write, a.id, { name: 'Before' })
    const moved = expectStatus<CategoryBody>(
      await t.as(a.keys.Write).put(`/categories/${c.id}`, { name: 'After', parent_id: p.id, description: 'd', display_order: 7 }),
      200,
    )
    expect(moved).toMatchObject({ name: 'After', slug: c.slug, parent_id: p.id, description: 'd', display_order: 7 })
    expect(expectStatus<CategoryBody>(await t.as(a.keys.Write).put(`/categories/${c.id}`, { parent_id: null }), 200).parent_id).toBeNull()
    const history = await historyOf(t, 'category', c.id)
    expect(history.filter((h) => h.field_name === 'parent_id').map((h) => [h.old_value, h.new_value])).toEqual(
      expect.arrayContaining([
        [null, p.id],
        [p.id, null],
      ]),
    )
    expect(await eventsFor(t, 'category.updated', c.id)).toHaveLength(2)
  })

  it('refuses cycles, self-parenting and parents of another site with 400 parent_id, changing nothing', async () => {
    const top = await makeCategory(t, a.keys.Write, a.id)
    const mid = await makeCategory(t, a.keys.Write, a.id, { parent_id: top.id })
    const low = await makeCategory(t, a.keys.Write, a.id, { parent_id: mid.id })
    const foreign = await makeCategory(t, b.keys.Write, b.id)
    expect(field(await t.as(a.keys.Write).put(`/categories/${top.id}`, { parent_id: low.id }))).toBe('parent_id')
    expect(field(await t.as(a.keys.Write).put(`/categories/${top.id}`, { parent_id: mid.id }))).toBe('parent_id')
    expect(field(await t.as(a.keys.Write).put(`/categories/${top.id}`, { parent_id: top.id }))).toBe('parent_id')
    expect(field(await t.as(a.keys.Write).put(`/categories/${top.id}`, { parent_id: foreign.id, name: 'renamed' }))).toBe('parent_id')
    const after = expectStatus<CategoryBody>(await t.as(a.keys.Read).get(`/categories/${top.id}`), 200)
    expect(after).toMatchObject({ parent_id: null, name: top.name })
    expect((await auditsOf(t, 'category', top.id)).map((x) => x.action)).toEqual(['Create'])
    // A sideways move is fine: low goes directly under top.
    expect(expectStatus<CategoryBody>(await t.as(a.keys.Write).put(`/categories/${low.id}`, { parent_id: top.id }), 200).parent_id).toBe(top.id)
  })

  it('lets only one of two opposite concurrent moves through', async () => {
    const x = await makeCategory(t, a.keys.Write, a.id)
    const y = await makeCategory(t, a.keys.Write, a.id)
    const [r1, r2] = await Promise.all([
      t.as(a.keys.Write).put(`/categories/${x.id}`, { parent_id: y.id }),
      t.as(a.keys.Write).put(`/categories/${y.id}`, { parent_id: x.id }),
    ])
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 400])
    const px = expectStatus<CategoryBody>(await t.as(a.keys.Read).get(`/categories/${x.id}`), 200).parent_id
    const py = expectStatus<CategoryBody>(await t.as(a.keys.Read).get(`/categories/${y.id}`), 200).parent_id
    expect([px, py].filter((p) => p !== null)).toHaveLength(1)
  })

  it('refuses a taken slug (409) and answers 400, 401, 403, 404', async () => {
    const one = await makeCategory(t, a.keys.Write, a.id)
    const two = await makeCategory(t, a.keys.Write, a.id)
    expectProblem(await t.as(a.keys.Write).put(`/categories/${two.id}`, { slug: one.slug }), 409, 'CONFLICT')
    expectProblem(await t.as(a.keys.Write).put(`/categories/${two.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(field(await t.as(a.keys.Write).put(`/categories/${two.id}`, { name: '' }))).toBe('name')
    expectProblem(await t.as().put(`/categories/${two.id}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/categories/${two.id}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/categories/${two.id}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/categories/${MISSING_ID}`, { name: 'x' }), 404, 'NOT_FOUND')
  })
})

describe('DELETE /categories/{id}', () => {
  it('soft-deletes and moves its children up to its parent (or to root)', async () => {
    const top = await makeCategory(t, a.keys.Write, a.id)
    const mid = await makeCategory(t, a.keys.Write, a.id, { parent_id: top.id })
    const low1 = await makeCategory(t, a.keys.Write, a.id, { parent_id: mid.id })
    const low2 = await makeCategory(t, a.keys.Write, a.id, { parent_id: mid.id })
    expectProblem(await t.as().delete(`/categories/${mid.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).delete(`/categories/${mid.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/categories/${mid.id}`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${mid.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/categories/${mid.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).delete(`/categories/${mid.id}`), 404, 'NOT_FOUND')
    const kids = expectStatus<CategoryBody[]>(await t.as(a.keys.Read).get(`/categories/${top.id}/children`), 200)
    expect(kids.map((c) => c.id).sort()).toEqual([low1.id, low2.id].sort())
    expect(await eventsFor(t, 'category.deleted', mid.id)).toHaveLength(1)
    expect(await eventsFor(t, 'category.updated', low1.id)).toHaveLength(1)
    const audit = (await auditsOf(t, 'category', mid.id)).find((x) => x.action === 'Delete')
    expect(audit?.metadata).toMatchObject({ children_moved_to: top.id })

    // Deleting a root makes its children roots; the freed slug can be used again.
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${top.id}`))
    expect(expectStatus<CategoryBody>(await t.as(a.keys.Read).get(`/categories/${low1.id}`), 200).parent_id).toBeNull()
    await makeCategory(t, a.keys.Write, a.id, { slug: top.slug })
  })
})

describe('GET /sites/{site_id}/categories/blog-counts', () => {
  it('counts published, non-deleted blogs carried by the site, every category included', async () => {
    const s = await makeSite(t)
    const other = await makeSite(t)
    const news = await makeCategory(t, s.keys.Write, s.id, { name: 'News', display_order: 1 })
    const sport = await makeCategory(t, s.keys.Write, s.id, { name: 'Sport', display_order: 2 })
    const empty = await makeCategory(t, s.keys.Write, s.id, { name: 'Empty', display_order: 3 })
    const sub = await makeCategory(t, s.keys.Write, s.id, { name: 'Local news', parent_id: news.id, display_order: 4 })
    const gone = await makeCategory(t, s.keys.Write, s.id, { name: 'Gone', display_order: 5 })
    const otherCat = await makeCategory(t, other.keys.Write, other.id, { name: 'Elsewhere' })

    const assign = async (key: string, contentId: string, categoryId: string) =>
      expectNoContent(await t.as(key).post(`/content/${contentId}/categories`, { category_id: categoryId, is_primary: false }))

    // news: 2 published (one of them shared into the other site), 1 draft, 1 in review, 1 published-then-deleted.
    const p1 = await makeBlog(t, [s.id], { status: 'Published' })
    const shared = await makeBlog(t, [s.id, other.id], { status: 'Published' })
    const draft = await makeBlog(t, [s.id], { status: 'Draft' })
    const review = await makeBlog(t, [s.id], { status: 'InReview' })
    const deleted = await makeBlog(t, [s.id], { status: 'Published' })
    for (const blog of [p1, shared, draft, review, deleted]) await assign(s.keys.Write, blog.content_id, news.id)
    await softDeleteBlog(t, deleted)
    // sport: the shared one plus one that gets unpublished.
    const unpublished = await makeBlog(t, [s.id], { status: 'Published' })
    await assign(s.keys.Write, shared.content_id, sport.id)
    await assign(s.keys.Write, unpublished.content_id, sport.id)
    await setBlogStatus(t, unpublished, 'Draft')
    // sub: one published; the parent's count does not include it.
    const local = await makeBlog(t, [s.id], { status: 'Published' })
    await assign(s.keys.Write, local.content_id, sub.id)
    // gone: a published blog in a deleted category is not listed at all.
    await assign(s.keys.Write, p1.content_id, gone.id)
    expectNoContent(await t.as(s.keys.Write).delete(`/categories/${gone.id}`))
    // A blog of the other site shared into s: its categories are the other site's, never counted here.
    const foreign = await makeBlog(t, [other.id, s.id], { status: 'Published' })
    await assign(other.keys.Write, foreign.content_id, otherCat.id)

    const counts = expectStatus<Count[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/categories/blog-counts`), 200)
    expect(counts).toEqual([
      { id: news.id, parent_id: null, name: 'News', slug: news.slug, blog_count: 2 },
      { id: sport.id, parent_id: null, name: 'Sport', slug: sport.slug, blog_count: 1 },
      { id: empty.id, parent_id: null, name: 'Empty', slug: empty.slug, blog_count: 0 },
      { id: sub.id, parent_id: news.id, name: 'Local news', slug: sub.slug, blog_count: 1 },
    ])
    const otherCounts = expectStatus<Count[]>(await t.as(other.keys.Read).get(`/sites/${other.id}/categories/blog-counts`), 200)
    expect(otherCounts).toEqual([{ id: otherCat.id, parent_id: null, name: 'Elsewhere', slug: otherCat.slug, blog_count: 1 }])

    // Publishing the draft moves the count.
    await setBlogStatus(t, draft, 'Published')
    const after = expectStatus<Count[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/categories/blog-counts`), 200)
    expect(after.find((c) => c.id === news.id)?.blog_count).toBe(3)
  })

  it('answers an empty array for a site without categories, 401 and 404', async () => {
    const s = await makeSite(t)
    expect(expectStatus<Count[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/categories/blog-counts`), 200)).toEqual([])
    expectProblem(await t.as().get(`/sites/${s.id}/categories/blog-counts`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${s.id}/categories/blog-counts`), 404, 'NOT_FOUND')
    expect(field(await t.as(a.keys.Read).get('/sites/nope/categories/blog-counts'))).toBe('site_id')
  })
})
