import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readingTimeMinutes } from '../../../src/modules/blogs/localization.service.js'
import { eq } from 'drizzle-orm'
import { blogLocalizations } from '../../../src/db/schema/blogs.js'
import type { Blog, BlogListItem, BlogLocalization } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createBlog, locId, writeCounts } from './fixtures.js'
import { eventsFor, expectNoContent, historyOf } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
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

describe('GET/POST /blogs/{id}/localizations', () => {
  it('adds localizations (201), lists them default first, updates reading time from the default locale', async () => {
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
    const en = expectStatus<BlogLocalization>(
      await t
        .as(a.keys.Write)
        .post(`/blogs/${blog.id}/localizations`, { locale_id: locId(a, 'en'), title: 'Hello', body: words(401), translation_status: 'Complete' }),
      201,
    )
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(3)
    const list = expectStatus<BlogLocalization[]>(await t.as(a.keys.Read).get(`/blogs/${blog.id}/localizations`), 200)
    expect(list.map((l) => l.id)).toEqual([en.id, de.id])
    expect(await eventsFor(t, 'blog.updated', blog.id)).toHaveLength(2)
  })

  it('400 for a locale of another site, 409 for a second one of a locale; nothing is written', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), title: 'x' }] })
    const before = await writeCounts(t)
    const bad = expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: locId(b, 'de') }), 400, 'VALIDATION_FAILED')
    expect(bad.errors?.[0]?.field).toBe('locale_id')
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: MISSING_ID }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: locId(a, 'en') }), 409, 'CONFLICT')
    expect(
      expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { title: 'no locale' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field,
    ).toBe('locale_id')
    expect(
      expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: locId(a, 'de'), title: 5 }), 400, 'VALIDATION_FAILED')
        .errors?.[0]?.field,
    ).toBe('title')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('401, 403 for a Read key writing, 404 for another site or an unknown blog', async () => {
    const blog = await createBlog(t, a)
    const body = { locale_id: locId(a, 'de') }
    expectProblem(await t.as().get(`/blogs/${blog.id}/localizations`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().post(`/blogs/${blog.id}/localizations`, body), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/blogs/${blog.id}/localizations`, body), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).get(`/blogs/${blog.id}/localizations`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).post(`/blogs/${blog.id}/localizations`, body), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${MISSING_ID}/localizations`, body), 404, 'NOT_FOUND')
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

  it('deletes with Editor (Write key) and recomputes reading time; a Read key gets 403', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), body: 'some words' }] })
    const loc = blog.localizations[0]!
    expectProblem(await t.as(a.keys.Read).delete(`/blogs/localizations/${loc.id}`), 403, 'FORBIDDEN')
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/localizations/${loc.id}`))
    expect(expectStatus<BlogLocalization[]>(await t.as(a.keys.Read).get(`/blogs/${blog.id}/localizations`), 200)).toEqual([])
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).reading_time_minutes).toBe(0)
    expectProblem(await t.as(a.keys.Write).delete(`/blogs/localizations/${loc.id}`), 404, 'NOT_FOUND')
  })

  it('400 for a bad body or id, 401, 403, 404 for another site, an unknown id, or a deleted blog', async () => {
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), title: 'T' }] })
    const loc = blog.localizations[0]!
    expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(
      expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: 'x'.repeat(501) }), 400, 'VALIDATION_FAILED').errors?.[0]?.field,
    ).toBe('title')
    expectProblem(await t.as(a.keys.Write).put('/blogs/localizations/nope', { title: 'x' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().put(`/blogs/localizations/${loc.id}`, { title: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/blogs/localizations/${loc.id}`, { title: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/blogs/localizations/${loc.id}`, { title: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).delete(`/blogs/localizations/${loc.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${MISSING_ID}`, { title: 'x' }), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${blog.id}`))
    expectProblem(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: 'x' }), 404, 'NOT_FOUND')
  })
})
