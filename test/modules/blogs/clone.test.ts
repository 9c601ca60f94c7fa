import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Blog, BlogDetail } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { addCategory, addTag, assignCategory, assignTag, createBlog, locId, publishedBlog } from './fixtures.js'
import { eventsFor, expectNoContent } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('POST /blogs/{id}/clone', () => {
  it('makes a Draft copy with localizations, categories and tags; the source is unchanged', async () => {
    const source = await publishedBlog(t, a, {
      is_featured: true,
      localizations: [
        { locale_id: locId(a, 'en'), title: 'Original', body: 'text here' },
        { locale_id: locId(a, 'de'), title: 'Original DE' },
      ],
    })
    const tag = await addTag(t, a.id, 'Copyme')
    const cat = await addCategory(t, a.id, 'Cat')
    await assignTag(t, source.content_id, tag.id)
    await assignCategory(t, source.content_id, cat.id, true)
    const sourceBefore = expectStatus<BlogDetail>(await t.as(a.keys.Read).get(`/blogs/${source.id}/detail`), 200)

    const copy = expectStatus<BlogDetail>(await t.as(a.keys.Write).post(`/blogs/${source.id}/clone`), 201)
    expect(copy.id).not.toBe(source.id)
    expect(copy.content_id).not.toBe(source.content_id)
    expect(copy).toMatchObject({ slug: `${source.slug}-copy`, status: 'Draft', published_at: null, published_date: null, is_featured: true, site_ids: [a.id] })
    expect(copy.reading_time_minutes).toBe(source.reading_time_minutes)
    expect(copy.localizations.map((l) => [l.locale_id, l.title])).toEqual([
      [locId(a, 'en'), 'Original'],
      [locId(a, 'de'), 'Original DE'],
    ])
    expect(copy.localizations.every((l) => l.content_id === copy.content_id)).toBe(true)
    expect(copy.tags.map((x) => x.id)).toEqual([tag.id])
    expect(copy.categories).toEqual([{ id: cat.id, name: 'Cat', slug: cat.slug, is_primary: true }])
    expect(await eventsFor(t, 'blog.created', copy.id)).toHaveLength(1)
    expect(expectStatus<BlogDetail>(await t.as(a.keys.Read).get(`/blogs/${source.id}/detail`), 200)).toEqual(sourceBefore)
  })

  it('numbers repeated clones -copy, -copy-2, -copy-3 and reuses a freed suffix', async () => {
    const slug = `story-${uid()}`
    const source = await createBlog(t, a, { slug })
    const slugs: string[] = []
    for (let i = 0; i < 3; i++) slugs.push(expectStatus<Blog>(await t.as(a.keys.Write).post(`/blogs/${source.id}/clone`), 201).slug)
    expect(slugs).toEqual([`${slug}-copy`, `${slug}-copy-2`, `${slug}-copy-3`])
    const second = expectStatus<BlogDetail>(await t.as(a.keys.Write).get(`/sites/${a.id}/blogs/by-slug/${slug}-copy-2`), 200)
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${second.id}`))
    expect(expectStatus<Blog>(await t.as(a.keys.Write).post(`/blogs/${source.id}/clone`), 201).slug).toBe(`${slug}-copy-2`)
  })

  it('20 concurrent clones of one blog all succeed, with 20 distinct slugs', async () => {
    const slug = `busy-${uid()}`
    const source = await createBlog(t, a, { slug, localizations: [{ locale: 'en', title: 'Busy' }] })
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.as(a.keys.Write).post(`/blogs/${source.id}/clone`)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201))
    const slugs = answers.map((r) => r.json<Blog>().slug)
    expect(new Set(slugs).size).toBe(20)
    expect(new Set(slugs)).toEqual(new Set([`${slug}-copy`, ...Array.from({ length: 19 }, (_, i) => `${slug}-copy-${i + 2}`)]))
  })

  it('concurrent clones of a shared blog, through its owner, all succeed in every carrying site', async () => {
    const slug = `busy-shared-${uid()}`
    const source = await createBlog(t, a, { slug }, t.masterKey, [a.id, b.id])
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.as(t.masterKey).post(`/blogs/${source.id}/clone`)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 201))
    expect(new Set(answers.map((r) => r.json<Blog>().slug)).size).toBe(10)
  })

  it('skips a suffix taken in any carrying site', async () => {
    const slug = `shared-${uid()}`
    await createBlog(t, b, { slug: `${slug}-copy` })
    const source = await createBlog(t, a, { slug }, t.masterKey, [a.id, b.id])
    const copy = expectStatus<BlogDetail>(await t.as(t.masterKey).post(`/blogs/${source.id}/clone`), 201)
    expect(copy).toMatchObject({ slug: `${slug}-copy-2`, site_ids: [a.id, b.id] })
  })

  it('401, 403 for a Read key, 404 for another site, unknown or deleted; nothing is created', async () => {
    const source = await createBlog(t, a)
    expectProblem(await t.as().post(`/blogs/${source.id}/clone`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/blogs/${source.id}/clone`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/blogs/${source.id}/clone`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${MISSING_ID}/clone`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post('/blogs/xyz/clone'), 400, 'VALIDATION_FAILED')
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${source.id}`))
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${source.id}/clone`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).get(`/sites/${a.id}/blogs/by-slug/${source.slug}-copy`), 404, 'NOT_FOUND')
  })
})
