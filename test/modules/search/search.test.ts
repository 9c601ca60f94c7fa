import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectNoContent } from '../../helpers/records.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createFileDoc, pdfBytes } from '../documents/fixtures.js'
import { blog, doc, page, q, searchOk, searchRes, word } from './fixtures.js'

/* GET /sites/{site_id}/search (decisions.md "Search"). Every test searches for words of its own. */

let t: TestApp
let a: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const hour = 3_600_000

describe('site search: hits', () => {
  it('finds blogs, pages and documents, each hit in the documented shape', async () => {
    const w = word()
    const b = await blog(t, a, [{ locale: 'en', title: 'A blog', body: `Body about ${w}.` }])
    const p = await page(t, a, [{ en: [null, 'Intro without the word'] }, { en: ['Second', `Section text with ${w}`] }, { en: ['Third', 'more'] }])
    const d = await doc(t, a, [{ locale: 'en', title: `Manual ${w}` }])
    const res = await searchRes(t, a, q(w))
    const out = expectStatus<{ data: Array<Record<string, unknown>>; meta: Record<string, number> }>(res, 200)
    expect(res.headers['x-total-count']).toBe('3')
    expect(out.meta).toEqual({ page: 1, per_page: 10, total: 3, total_pages: 1 })
    const byType = new Map(out.data.map((h) => [h.type, h]))
    expect(Object.keys(byType.get('blog')!).sort()).toEqual(['id', 'published_at', 'rank', 'route', 'slug', 'snippet', 'title', 'type'])
    expect(byType.get('blog')).toMatchObject({ id: b.id, slug: b.slug, route: null, title: 'A blog', snippet: `Body about <mark>${w}</mark>` })
    expect(byType.get('blog')!.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // A page's title is its first section title in display order; the snippet is cut from all its sections' text.
    expect(byType.get('page')).toMatchObject({ id: p.id, slug: null, route: p.route, title: 'Second' })
    expect(byType.get('page')!.snippet).toContain(`<mark>${w}</mark>`)
    expect(typeof byType.get('page')!.published_at).toBe('string')
    // A document with only a title (a link document has no file name): no text besides the title, snippet null.
    expect(byType.get('document')).toEqual({
      type: 'document',
      id: d.id,
      slug: null,
      route: null,
      title: `Manual ${w}`,
      snippet: null,
      rank: expect.any(Number),
      published_at: null,
    })
    for (const h of out.data) expect(h.rank).toBeGreaterThan(0)
  })

  it('ranks a record matching in its title and three times in its body above one mentioning the word once', async () => {
    const w = word()
    const weak = await blog(t, a, [{ locale: 'en', title: 'Other things', body: `Once we saw ${w} and then nothing more about it at all.` }])
    const strong = await blog(t, a, [{ locale: 'en', title: `All about ${w}`, body: `${w} here, ${w} there, and ${w} everywhere.` }])
    const out = await searchOk(t, a, q(w))
    expect(out.data.map((h) => h.id)).toEqual([strong.id, weak.id])
    expect(out.data[0]!.rank).toBeGreaterThan(out.data[1]!.rank)
  })

  it('stems English: "run" finds "running"', async () => {
    const w = word()
    const b = await blog(t, a, [{ locale: 'en', title: w, body: 'The dogs were running through the parks.' }])
    expect((await searchOk(t, a, q(`run ${w}`))).data.map((h) => h.id)).toEqual([b.id])
    expect((await searchOk(t, a, q(`parked ${w}`))).data.map((h) => h.id)).toEqual([b.id])
  })

  it('stems German with locale=de: "Haus" finds "Häuser", "Buch" finds "Bücher"; the locale picks the localization', async () => {
    const w = word()
    const b = await blog(t, a, [
      { locale: 'en', title: `English ${w}`, body: 'Houses and books.' },
      { locale: 'de', title: `Deutsch ${w}`, body: 'Die Häuser der Stadt und ihre Bücher.' },
    ])
    expect((await searchOk(t, a, q(`Haus ${w}`, '&locale=de'))).data.map((h) => [h.id, h.title])).toEqual([[b.id, `Deutsch ${w}`]])
    expect((await searchOk(t, a, q(`buch ${w}`, '&locale=DE'))).data.map((h) => h.id)).toEqual([b.id])
    // English content is searched with English stemming: "house" finds "Houses" there, "Haus" does not.
    expect((await searchOk(t, a, q(`Haus ${w}`, '&locale=en'))).data).toEqual([])
    expect((await searchOk(t, a, q(`house ${w}`))).data.map((h) => h.title)).toEqual([`English ${w}`])
  })

  it('finds content of one locale only with that locale (default: the site default locale)', async () => {
    const w = word()
    const b = await blog(t, a, [{ locale: 'de', title: 'Nur deutsch', body: `Ein Text über ${w}.` }])
    const d = await doc(t, a, [{ locale: 'de', title: `Handbuch ${w}` }])
    const p = await page(t, a, [{ de: ['Titel', `Seite ${w}`] }])
    expect((await searchOk(t, a, q(w, '&locale=de'))).data.map((h) => h.id).sort()).toEqual([b.id, d.id, p.id].sort())
    expect((await searchOk(t, a, q(w, '&locale=en'))).data).toEqual([])
    expect((await searchOk(t, a, q(w))).data).toEqual([])
  })

  it('filters by types', async () => {
    const w = word()
    const b = await blog(t, a, [{ locale: 'en', title: w }])
    const p = await page(t, a, [{ en: [w, null] }])
    const d = await doc(t, a, [{ locale: 'en', title: w }])
    expect((await searchOk(t, a, q(w, '&types=page'))).data.map((h) => h.id)).toEqual([p.id])
    expect((await searchOk(t, a, q(w, '&types=blog,%20document,blog'))).data.map((h) => h.id).sort()).toEqual([b.id, d.id].sort())
  })

  it('paginates with the true total, also past the end', async () => {
    const w = word()
    for (let i = 0; i < 5; i++) await blog(t, a, [{ locale: 'en', title: `${w} ${i}` }])
    const first = await searchOk(t, a, q(w, '&per_page=2'))
    const second = await searchOk(t, a, q(w, '&per_page=2&page=2'))
    const third = await searchOk(t, a, q(w, '&per_page=2&page=3'))
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 5, total_pages: 3 })
    expect([first, second, third].map((p) => p.data.length)).toEqual([2, 2, 1])
    expect(new Set([...first.data, ...second.data, ...third.data].map((h) => h.id)).size).toBe(5)
    const past = await searchRes(t, a, q(w, '&per_page=2&page=9'))
    expect(expectStatus<{ data: unknown[]; meta: { total: number } }>(past, 200)).toEqual({
      data: [],
      meta: { page: 9, per_page: 2, total: 5, total_pages: 3 },
    })
    expect(past.headers['x-total-count']).toBe('5')
  })

  it('answers the snippet HTML-escaped, with only <mark> as markup', async () => {
    const w = word()
    await blog(t, a, [{ locale: 'en', title: 'Unsafe', body: `Beware <script>alert(1)</script> & <img src=x onerror=alert(1)> "quotes" near ${w}` }])
    const [hit] = (await searchOk(t, a, q(w))).data
    expect(hit!.snippet).toContain(`<mark>${w}</mark>`)
    expect(hit!.snippet!.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>"]/)
    expect(hit!.snippet).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(hit!.snippet).toContain('&amp;')
  })
})

describe('site search: huge texts', () => {
  /** ~`chars` characters of varied filler words (a real text's many distinct lexemes), `first` among the first ones. */
  const filler = (chars: number, first: string) => {
    const parts = [`Opening words with ${first} in them.`]
    let n = parts[0]!.length
    for (let i = 0; n < chars; i++) {
      const p = `filler${(i * 7919) % 20_000} text${i % 97} about things ${i % 13}.`
      parts.push(p)
      n += p.length + 1
    }
    return parts.join(' ').slice(0, chars)
  }

  it('a word only deep in a 490 KB body is found by the stored vector; its snippet comes from the start, unmarked', async () => {
    const [near, deep, sect] = [word(), word(), word()]
    const text = filler(490_000, near)
    const b = await blog(t, a, [{ locale: 'en', title: 'Very long', body: `${text.slice(0, 490_000 - deep.length - 2)} ${deep}.` }])
    const p = await page(t, a, [{ en: ['Long page', `${filler(100_000, 'start').slice(0, 100_000 - sect.length - 2)} ${sect}.`] }])
    const found = await searchOk(t, a, q(deep))
    expect(found.data.map((h) => h.id)).toEqual([b.id])
    expect(found.data[0]!.rank).toBeGreaterThan(0)
    // The snippet is cut from the body's first SNIPPET_SOURCE_CHARS characters: the text there, no match marked.
    expect(found.data[0]!.snippet).toMatch(/^Opening words with/)
    expect(found.data[0]!.snippet).not.toContain('<mark>')
    const inPage = await searchOk(t, a, q(sect))
    expect(inPage.data.map((h) => [h.id, h.snippet?.includes('<mark>')])).toEqual([[p.id, false]])
    // A word near the start is marked as in any post.
    const early = await searchOk(t, a, q(near))
    expect(early.data.map((h) => h.id)).toEqual([b.id])
    expect(early.data[0]!.snippet).toContain(`<mark>${near}</mark>`)
  })
})

describe('site search: visibility and tenancy', () => {
  it('Read-level callers find only live content; Write and above also drafts; nobody finds deleted records', async () => {
    const w = word()
    const now = t.clock.now().getTime()
    const loc = [{ locale: 'en', title: `Post ${w}` }]
    const live = await blog(t, a, loc)
    const draft = await blog(t, a, loc, { status: 'Draft' })
    const review = await blog(t, a, loc, { status: 'Draft' })
    expectStatus(await t.as(a.keys.Write).put(`/blogs/${review.id}`, { status: 'InReview' }), 200)
    const scheduled = await blog(t, a, loc, { publish_start: new Date(now + 24 * hour).toISOString() })
    const expired = await blog(t, a, loc, { publish_end: new Date(now + hour).toISOString() })
    const deleted = await blog(t, a, loc)
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${deleted.id}`))
    const livePage = await page(t, a, [{ en: [`Page ${w}`, null] }])
    const draftPage = await page(t, a, [{ en: [`Page ${w}`, null] }], { status: 'Draft' })
    const deletedPage = await page(t, a, [{ en: [`Page ${w}`, null] }])
    expectNoContent(await t.as(a.keys.Admin).delete(`/pages/${deletedPage.id}`))
    const liveDoc = await doc(t, a, [{ locale: 'en', title: `Doc ${w}` }])
    const deletedDoc = await doc(t, a, [{ locale: 'en', title: `Doc ${w}` }])
    expectNoContent(await t.as(a.keys.Admin).delete(`/documents/${deletedDoc.id}`))
    ;(t.clock as ManualClock).advance(2 * hour)

    const ids = async (key: string) => (await searchOk(t, a, q(w, '&per_page=100'), key)).data.map((h) => h.id).sort()
    expect(await ids(a.keys.Read)).toEqual([live.id, livePage.id, liveDoc.id].sort())
    const all = [live.id, draft.id, review.id, scheduled.id, expired.id, livePage.id, draftPage.id, liveDoc.id].sort()
    expect(await ids(a.keys.Write)).toEqual(all)
    expect(await ids(a.keys.Master)).toEqual(all)
  })

  it('finds a shared blog through a carrying site (by locale code), and never content of another site', async () => {
    const owner = await makeSite(t)
    const carrier = await makeSite(t)
    const other = await makeSite(t)
    const w = word()
    const shared = await blog(t, owner, [{ locale: 'de', title: `Geteilt ${w}` }], {}, [owner.id, carrier.id])
    await blog(t, other, [{ locale: 'de', title: `Fremd ${w}` }])
    await doc(t, other, [{ locale: 'de', title: `Fremd ${w}` }])
    await page(t, other, [{ de: [`Fremd ${w}`, null] }])
    expect((await searchOk(t, carrier, q(w, '&locale=de'))).data.map((h) => [h.id, h.slug])).toEqual([[shared.id, shared.slug]])
    expect((await searchOk(t, owner, q(w, '&locale=de'))).data.map((h) => h.id)).toEqual([shared.id])
    expect((await searchOk(t, other, q(w, '&locale=de'))).data.map((h) => h.id)).not.toContain(shared.id)
    // Another site's key: the site is out of scope (404); no key: 401.
    expectProblem(await searchRes(t, carrier, q(w), other.keys.Master), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/sites/${carrier.id}/search?${q(w)}`), 401, 'UNAUTHENTICATED')
  })

  it('a soft-deleted site answers 404', async () => {
    const gone = await makeSite(t)
    expectNoContent(await t.as(t.masterKey).delete(`/sites/${gone.id}`))
    expectProblem(await searchRes(t, gone, q('anything'), t.masterKey), 404, 'NOT_FOUND')
  })

  it('keeps document vectors current when the file name or a localization changes', async () => {
    const w = word()
    const d = await doc(t, a, [{ locale: 'en', title: 'Some title', description: 'old words' }])
    expect((await searchOk(t, a, q(w))).data).toEqual([])
    const [loc] = expectStatus<Array<{ id: string }>>(await t.as(a.keys.Read).get(`/documents/${d.id}/localizations`), 200)
    expectStatus(await t.as(a.keys.Write).put(`/documents/localizations/${loc!.id}`, { description: `new ${w} words` }), 200)
    expect((await searchOk(t, a, q(w))).data.map((h) => [h.id, h.snippet])).toEqual([[d.id, `new <mark>${w}</mark> words`]])

    const file = await createFileDoc(t, a, pdfBytes(), 'report.pdf')
    expectStatus(await t.as(a.keys.Write).post(`/documents/${file.id}/localizations`, { locale: 'en', title: 'Quarterly' }), 201)
    expect((await searchOk(t, a, q(`report ${w}`, '&types=document'))).data).toEqual([])
    expect((await searchOk(t, a, q('report.pdf', '&types=document'))).data.map((h) => h.id)).toContain(file.id)
    expectStatus(await t.as(a.keys.Write).put(`/documents/${file.id}`, { file_name: `${w}-report.pdf` }), 200)
    // A description (weight B) outranks a file name (weight C).
    expect((await searchOk(t, a, q(w, '&types=document'))).data.map((h) => [h.id, h.title, h.snippet])).toEqual([
      [d.id, 'Some title', `new <mark>${w}</mark> words`],
      [file.id, 'Quarterly', `${w}-report.pdf`],
    ])
  })
})

describe('site search: bad input', () => {
  it.each([
    ['no q', ''],
    ['blank q', 'q=%20%20'],
    ['q over 200 characters', `q=${'a'.repeat(201)}`],
    ['unknown type', 'q=x&types=blog,video'],
    ['empty type', 'q=x&types=blog,'],
    ['unknown locale', 'q=x&locale=fr'],
    ['malformed locale', 'q=x&locale=%20'],
    ['per_page over 100', 'q=x&per_page=101'],
    ['page 0', 'q=x&page=0'],
  ])('%s → 400', async (_name, query) => {
    const body = expectProblem(await searchRes(t, a, query), 400, 'VALIDATION_FAILED')
    expect(body.errors?.length ?? 0).toBeGreaterThan(0)
  })

  it('accepts 200 characters after trimming, and any syntax', async () => {
    expectStatus(await searchRes(t, a, `q=${encodeURIComponent(`  ${'b'.repeat(200)}  `)}`), 200)
    for (const text of ['"unterminated', 'a & | ! ( :*', '-', 'or or', 'the']) expect((await searchOk(t, a, q(text))).data).toEqual([])
  })
})
