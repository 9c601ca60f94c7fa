import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentVersion } from '../../../src/core/content-version.js'
import { contentCategories, contentTags } from '../../../src/db/schema/taxonomy.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { makeBlog, makeCategory, makeTag, softDeleteBlog, type BlogFixture, type CategoryBody, type TagBody } from './fixtures.js'
import { auditsOf, eventsFor, expectNoContent, historyOf } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

type ContentCategory = CategoryBody & { is_primary: boolean }
const field = (res: Res) => expectProblem(res, 400, 'VALIDATION_FAILED').errors?.[0]?.field
const tagsOf = async (key: string, blog: BlogFixture) => expectStatus<TagBody[]>(await t.as(key).get(`/content/${blog.content_id}/tags`), 200)
const catsOf = async (key: string, blog: BlogFixture) =>
  expectStatus<ContentCategory[]>(await t.as(key).get(`/content/${blog.content_id}/categories`), 200).map((c) => [c.id, c.is_primary])
const rawLinks = async (blog: BlogFixture) => ({
  tags: await t.dbh.db.select().from(contentTags).where(eq(contentTags.content_id, blog.content_id)),
  categories: await t.dbh.db.select().from(contentCategories).where(eq(contentCategories.content_id, blog.content_id)),
})

describe('tag assignment', () => {
  it('assigns, lists by name, is idempotent, removes; audited on the content with blog.updated', async () => {
    const blog = await makeBlog(t, [a.id])
    const zeta = await makeTag(t, a.keys.Write, a.id, 'zeta')
    const alpha = await makeTag(t, a.keys.Write, a.id, 'alpha')
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: zeta.id }))
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: alpha.id }))
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: alpha.id }))
    const listed = await tagsOf(a.keys.Read, blog)
    expect(listed.map((x) => x.id)).toEqual([alpha.id, zeta.id])
    expect(listed[0]).toMatchObject({ site_id: a.id, name: 'alpha', slug: alpha.slug })

    expectNoContent(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/tags/${zeta.id}`))
    expect((await tagsOf(a.keys.Read, blog)).map((x) => x.id)).toEqual([alpha.id])
    expectProblem(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/tags/${zeta.id}`), 404, 'NOT_FOUND')

    const audits = await auditsOf(t, 'content', blog.content_id)
    expect(audits.map((x) => x.action)).toEqual(['Update', 'Update', 'Update', 'Update'])
    expect(audits[0]!.metadata).toMatchObject({ change: 'tag_assigned', tag_id: zeta.id, tag_slug: zeta.slug, content_type: 'blog' })
    expect(audits[3]!.metadata).toMatchObject({ change: 'tag_removed', tag_id: zeta.id })
    const history = (await historyOf(t, 'content', blog.content_id)).filter((h) => h.field_name === 'tag_ids')
    expect(history.map((h) => h.new_value)).toContainEqual([alpha.id])
    const events = await eventsFor(t, 'blog.updated', blog.id)
    expect(events).toHaveLength(4)
    expect((events[0]!.payload as { data: Record<string, unknown> }).data).toMatchObject({ id: blog.id, content_id: blog.content_id, site_ids: [a.id] })
    expect((events[0]!.payload as { data: Record<string, unknown> }).data).not.toHaveProperty('created_by')
  })

  it("refuses another site's, deleted or unknown tags with 400 tag_id and changes nothing", async () => {
    const blog = await makeBlog(t, [a.id])
    const foreign = await makeTag(t, b.keys.Write, b.id)
    const gone = await makeTag(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/tags/${gone.id}`))
    for (const tagId of [foreign.id, gone.id, MISSING_ID]) {
      expect(field(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: tagId }))).toBe('tag_id')
    }
    expect(field(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, {}))).toBe('tag_id')
    expect(field(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: 'x' }))).toBe('tag_id')
    expect((await rawLinks(blog)).tags).toEqual([])
    expect(await auditsOf(t, 'content', blog.content_id)).toEqual([])
    // Removing a tag that is not the content site's is a 404.
    expectProblem(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/tags/${foreign.id}`), 404, 'NOT_FOUND')
  })

  it('hides soft-deleted tags from the content', async () => {
    const blog = await makeBlog(t, [a.id])
    const tag = await makeTag(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: tag.id }))
    expectNoContent(await t.as(a.keys.Write).delete(`/tags/${tag.id}`))
    expect(await tagsOf(a.keys.Read, blog)).toEqual([])
    expectProblem(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/tags/${tag.id}`), 404, 'NOT_FOUND')
  })
})

describe('category assignment', () => {
  it('assigns with is_primary, keeps one primary, updates is_primary on re-post, removes', async () => {
    const blog = await makeBlog(t, [a.id])
    const one = await makeCategory(t, a.keys.Write, a.id, { name: 'One' })
    const two = await makeCategory(t, a.keys.Write, a.id, { name: 'Two' })
    const three = await makeCategory(t, a.keys.Write, a.id, { name: 'Three' })
    const post = (categoryId: string, isPrimary?: boolean) =>
      t
        .as(a.keys.Write)
        .post(`/content/${blog.content_id}/categories`, { category_id: categoryId, ...(isPrimary === undefined ? {} : { is_primary: isPrimary }) })

    expectNoContent(await post(one.id, true))
    expectNoContent(await post(two.id))
    expect(await catsOf(a.keys.Read, blog)).toEqual([
      [one.id, true],
      [two.id, false],
    ])
    // A new primary clears the previous one.
    expectNoContent(await post(three.id, true))
    expect(await catsOf(a.keys.Read, blog)).toEqual([
      [three.id, true],
      [one.id, false],
      [two.id, false],
    ])
    // Re-posting updates is_primary of an existing assignment.
    expectNoContent(await post(two.id, true))
    expect(await catsOf(a.keys.Read, blog)).toEqual([
      [two.id, true],
      [one.id, false],
      [three.id, false],
    ])
    expectNoContent(await post(two.id, false))
    expect((await catsOf(a.keys.Read, blog)).filter(([, p]) => p)).toEqual([])
    expect((await rawLinks(blog)).categories.filter((l) => l.is_primary)).toHaveLength(0)

    expectNoContent(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/categories/${one.id}`))
    expect((await catsOf(a.keys.Read, blog)).map(([id]) => id)).toEqual([three.id, two.id])
    expectProblem(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/categories/${one.id}`), 404, 'NOT_FOUND')

    const audits = await auditsOf(t, 'content', blog.content_id)
    expect(audits[0]!.metadata).toMatchObject({ change: 'category_assigned', category_id: one.id, category_slug: one.slug, is_primary: true })
    const primaries = (await historyOf(t, 'content', blog.content_id)).filter((h) => h.field_name === 'primary_category_id')
    expect(primaries.map((h) => [h.old_value, h.new_value])).toEqual(
      expect.arrayContaining([
        [null, one.id],
        [one.id, three.id],
      ]),
    )
    expect(await eventsFor(t, 'blog.updated', blog.id)).toHaveLength(audits.length)
  })

  it("refuses another site's category with 400 category_id and changes nothing", async () => {
    const blog = await makeBlog(t, [a.id])
    const mine = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: mine.id, is_primary: true }))
    const before = await rawLinks(blog)
    const auditsBefore = (await auditsOf(t, 'content', blog.content_id)).length
    const foreign = await makeCategory(t, b.keys.Write, b.id)
    const gone = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${gone.id}`))
    for (const categoryId of [foreign.id, gone.id, MISSING_ID]) {
      const res = await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: categoryId, is_primary: true })
      expect(field(res)).toBe('category_id')
    }
    expect(field(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { is_primary: true }))).toBe('category_id')
    expect(field(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: mine.id, is_primary: 'yes' }))).toBe('is_primary')
    expect(await rawLinks(blog)).toEqual(before)
    expect(await auditsOf(t, 'content', blog.content_id)).toHaveLength(auditsBefore)
    expectProblem(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/categories/${foreign.id}`), 404, 'NOT_FOUND')
  })

  it('keeps exactly one primary when several primaries are posted at once', async () => {
    const blog = await makeBlog(t, [a.id])
    const cats: CategoryBody[] = []
    for (let i = 0; i < 5; i++) cats.push(await makeCategory(t, a.keys.Write, a.id))
    const answers = await Promise.all(
      cats.map((c) => t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: c.id, is_primary: true })),
    )
    for (const res of answers) expectNoContent(res)
    const links = (await rawLinks(blog)).categories
    expect(links).toHaveLength(5)
    expect(links.filter((l) => l.is_primary)).toHaveLength(1)
  })

  it('hides soft-deleted categories from the content', async () => {
    const blog = await makeBlog(t, [a.id])
    const cat = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: cat.id, is_primary: true }))
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${cat.id}`))
    expect(await catsOf(a.keys.Read, blog)).toEqual([])
  })
})

describe('content access', () => {
  it('reads through every carrying site; writes need Author on the owning site', async () => {
    const blog = await makeBlog(t, [a.id, b.id])
    const tag = await makeTag(t, a.keys.Write, a.id)
    const cat = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: tag.id }))
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: cat.id }))
    // The sharing site reads the owner's taxonomy on the content...
    expect((await tagsOf(b.keys.Read, blog)).map((x) => x.id)).toEqual([tag.id])
    expect((await catsOf(b.keys.Read, blog)).map(([id]) => id)).toEqual([cat.id])
    // ...but cannot change it, not even with Master on the sharing site: 403, since it can read it (decisions.md "Shared content").
    expectProblem(await t.as(b.keys.Master).post(`/content/${blog.content_id}/tags`, { tag_id: tag.id }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/content/${blog.content_id}/categories/${cat.id}`), 403, 'FORBIDDEN')
    // Read keys of the owner cannot write (spec table says Read; decisions.md requires Author).
    expectProblem(await t.as(a.keys.Read).post(`/content/${blog.content_id}/tags`, { tag_id: tag.id }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).post(`/content/${blog.content_id}/categories`, { category_id: cat.id, is_primary: true }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/content/${blog.content_id}/tags/${tag.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/content/${blog.content_id}/categories/${cat.id}`), 403, 'FORBIDDEN')
    expect((await rawLinks(blog)).categories.map((l) => l.is_primary)).toEqual([false])
  })

  it('answers 401, 400 for bad ids, and 404 for unknown, deleted and unreachable content', async () => {
    const blog = await makeBlog(t, [a.id])
    const tag = await makeTag(t, a.keys.Write, a.id)
    const other = await makeBlog(t, [b.id])
    const deleted = await makeBlog(t, [a.id])
    await softDeleteBlog(t, deleted)
    expectProblem(await t.as().get(`/content/${blog.content_id}/tags`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().post(`/content/${blog.content_id}/categories`, { category_id: MISSING_ID }), 401, 'UNAUTHENTICATED')
    expect(field(await t.as(a.keys.Read).get('/content/nope/tags'))).toBe('content_id')
    expect(field(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/tags/nope`))).toBe('tag_id')
    expect(field(await t.as(a.keys.Write).delete(`/content/${blog.content_id}/categories/nope`))).toBe('category_id')
    for (const id of [other.content_id, deleted.content_id, MISSING_ID]) {
      expectProblem(await t.as(a.keys.Read).get(`/content/${id}/tags`), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Read).get(`/content/${id}/categories`), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Write).post(`/content/${id}/tags`, { tag_id: tag.id }), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Write).delete(`/content/${id}/tags/${tag.id}`), 404, 'NOT_FOUND')
    }
  })

  it('bumps the content version of every carrying site when assignments or their tags change', async () => {
    const blog = await makeBlog(t, [a.id, b.id])
    const tag = await makeTag(t, a.keys.Write, a.id)
    const versions = async () => [await contentVersion(t.deps, a.id), await contentVersion(t.deps, b.id)]
    let before = await versions()
    expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: tag.id }))
    let after = await versions()
    expect(after[0]).not.toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    // Renaming the tag changes what the sharing site shows too.
    before = after
    expectStatus(await t.as(a.keys.Write).put(`/tags/${tag.id}`, { name: 'Renamed' }), 200)
    after = await versions()
    expect(after[1]).not.toBe(before[1])
    // A refused assignment changes nothing, the versions included.
    before = after
    const foreign = await makeCategory(t, b.keys.Write, b.id)
    const bBefore = await contentVersion(t.deps, b.id)
    expect(field(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: foreign.id }))).toBe('category_id')
    expect(await contentVersion(t.deps, a.id)).toBe(before[0])
    expect(await contentVersion(t.deps, b.id)).toBe(bBefore)
  })
})
