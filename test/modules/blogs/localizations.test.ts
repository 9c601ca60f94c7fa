import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readingTimeMinutes } from '../../../src/modules/blogs/localization.service.js'
import { eq } from 'drizzle-orm'
import { blogLocalizations } from '../../../src/db/schema/blogs.js'
import type { Blog, BlogListItem, BlogLocalization } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createBlog, locId, writeCounts } from './fixtures.js'
import { expectNoContent, historyOf } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

describe('readingTimeMinutes', () => {
  it('~200 words a minute, at least 1 when there is text, 0 without', () => {
    expect(readingTimeMinutes('')).toBe(0)
    expect(readingTimeMinutes(null)).toBe(0)
    expect(readingTimeMinutes('  # \n\n---  ')).toBe(0)
    expect(readingTimeMinutes('one')).toBe(1)
    expect(readingTimeMinutes(words(200))).toBe(1)
    expect(readingTimeMinutes(words(201))).toBe(2)
    expect(readingTimeMinutes(`[${words(3)}](https://example.com/a/very/long/url) ![alt](img.png)`)).toBe(1)
  })
})

/* What is particular to blogs; the kit's contract (by code or id, list order, 400, 409, 401, 403, 404, audit, events) is in
   localizations-contract.test.ts. */
describe('GET/POST /blogs/{id}/localizations', () => {
  it('adds localizations (201) with null texts where unset, Draft translation status; reading time from the default locale', async () => {
    const blog = await createBlog(t, a)
    const de = expectStatus<BlogLocalization>(
      await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: locId(a, 'de'), title: 'Hallo', body: words(900) }),
      201,
    )
    expect(de).toMatchObject({
      content_id: blog.content_id,
      locale_id: locId(a, 'de'),
      title: 'Hallo',
      translation_status: 'Draft',
      subtitle: null,
      excerpt: null,
      meta_title: null,
      meta_description: null,
    })
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(0)
    const en = await t
      .as(a.keys.Write)
      .post(`/blogs/${blog.id}/localizations`, { locale_id: locId(a, 'en'), title: 'Hello', body: words(401), translation_status: 'Complete' })
    expect(expectStatus<BlogLocalization>(en, 201).translation_status).toBe('Complete')
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(3)
  })

  it('400 naming a text of the wrong type, and for an id that is no uuid; nothing is written', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), title: 'x' }] })
    const before = await writeCounts(t)
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: MISSING_ID }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).post('/blogs/nope/localizations', { locale: 'de' }), 400, 'VALIDATION_FAILED')
    expect(
      expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: locId(a, 'de'), title: 5 }), 400, 'VALIDATION_FAILED')
        .errors?.[0]?.field,
    ).toBe('title')
    expect(await writeCounts(t)).toEqual(before)
  })
})

describe('PUT/DELETE /blogs/localizations/{loc_id}', () => {
  it('updates texts with change history; the locale stays', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), title: 'Before', body: 'short' }] })
    const loc = blog.localizations[0]!
    const res = expectStatus<BlogLocalization>(
      await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: 'After', body: words(250), locale_id: locId(a, 'de') }),
      200,
    )
    expect(res).toMatchObject({ id: loc.id, title: 'After', locale_id: locId(a, 'en') })
    expect((await historyOf(t, 'blog_localization', loc.id, 'title')).map((h) => [h.old_value, h.new_value])).toEqual([['Before', 'After']])
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(2)
  })

  it('unset texts are null (stored as NULL); null clears a text; a null body reads 0 minutes; translation_status stays a string', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale: 'en', title: 'Kept', subtitle: null, body: words(250) }] })
    const loc = blog.localizations[0]!
    expect(loc).toMatchObject({ title: 'Kept', subtitle: null, excerpt: null, meta_title: null, meta_description: null, translation_status: 'Draft' })
    expect(blog.reading_time_minutes).toBe(2)
    const cleared = expectStatus<BlogLocalization>(
      await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: null, body: null, excerpt: 'An excerpt' }),
      200,
    )
    expect(cleared).toMatchObject({ title: null, body: null, excerpt: 'An excerpt', subtitle: null, translation_status: 'Draft' })
    expect((await historyOf(t, 'blog_localization', loc.id, 'title')).map((h) => [h.old_value, h.new_value])).toEqual([['Kept', null]])
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(0)
    const [row] = await t.dbh.db.select().from(blogLocalizations).where(eq(blogLocalizations.id, loc.id))
    expect(row).toMatchObject({ title: null, subtitle: null, body: null, meta_title: null })
    // The list item takes title/subtitle/excerpt from that localization: null where unset, never "".
    const items = expectStatus<{ data: BlogListItem[] }>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs?per_page=100`), 200).data
    expect(items.find((x) => x.id === blog.id)).toMatchObject({ title: null, subtitle: null, excerpt: 'An excerpt', locale: 'en', author: 'Ann' })
    expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { translation_status: null }), 400, 'VALIDATION_FAILED')
  })

  it('deleting the default-locale localization recomputes reading time', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), body: 'some words' }] })
    expect(blog.reading_time_minutes).toBe(1)
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/localizations/${blog.localizations[0]!.id}`))
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(0)
  })

  it('400 for a bad body or id, 401 without a key', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), title: 'T' }] })
    const loc = blog.localizations[0]!
    expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(
      expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: 'x'.repeat(501) }), 400, 'VALIDATION_FAILED').errors?.[0]?.field,
    ).toBe('title')
    expectProblem(await t.as(a.keys.Write).put('/blogs/localizations/nope', { title: 'x' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().put(`/blogs/localizations/${loc.id}`, { title: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().delete(`/blogs/localizations/${loc.id}`), 401, 'UNAUTHENTICATED')
  })
})
