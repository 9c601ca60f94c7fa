import { eq } from 'drizzle-orm'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemCtx } from '../../../src/core/context.js'
import { blogLocalizations } from '../../../src/db/schema/blogs.js'
import { cutOnWord, etagMatches, markdownText, renderRss, rfc822, xmlSafe, type FeedItem } from '../../../src/modules/blogs/feed.rules.js'
import type { BlogDetail } from '../../../src/modules/blogs/schemas.js'
import { scheduledBlogs } from '../../../src/modules/blogs/workflow.service.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { publishDue } from '../../../src/kits/content-workflow/scheduled-publish.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, type Res } from '../../helpers/http.js'
import { createBlog, locId } from './fixtures.js'

interface RssItem {
  title: string
  link?: string
  description?: string
  pubDate?: string
  author?: string
  guid: { '#text': string; '@_isPermaLink': string }
  category?: string[]
}
interface Rss {
  rss: {
    '@_version': string
    channel: { title: string; link: string; description: string; language?: string; 'atom:link'?: { '@_href': string; '@_rel': string }; item?: RssItem[] }
  }
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false, isArray: (name) => name === 'item' || name === 'category' })

/** Validates (well-formed XML) and parses an RSS document. */
function parseRss(xml: string): Rss['rss']['channel'] & { items: RssItem[] } {
  expect(XMLValidator.validate(xml)).toBe(true)
  const doc = parser.parse(xml) as Rss
  expect(doc.rss['@_version']).toBe('2.0')
  return { ...doc.rss.channel, items: doc.rss.channel.item ?? [] }
}

const NASTY = 'Fish & <Chips> "quoted" \'single\' ]]> end 😀 ünïcödé'

describe('renderRss (pure)', () => {
  const item = (p: Partial<FeedItem> = {}): FeedItem => ({
    title: 'T',
    description: 'D',
    link: 'http://x/1',
    guid: 'g',
    pubDate: null,
    author: null,
    categories: [],
    ...p,
  })
  const channel = { title: 'C', description: 'Desc', link: 'http://x/', selfUrl: 'http://x/feed.rss', language: 'en', generator: 'Atrium' }

  it('escapes markup characters and keeps emoji, so the text round-trips', () => {
    const xml = renderRss({ ...channel, title: NASTY, description: `${NASTY} <script>alert(1)</script>` }, [
      item({ title: NASTY, description: NASTY, guid: NASTY, categories: [NASTY] }),
    ])
    expect(xml).not.toContain('<Chips>')
    expect(xml).not.toContain('<script>')
    expect(xml).not.toMatch(/]]>(?! end)/) // only ever as escaped ]]&gt;
    const ch = parseRss(xml)
    expect(ch.title).toBe(NASTY)
    expect(ch.description).toBe(`${NASTY} <script>alert(1)</script>`)
    expect(ch.items[0]!.title).toBe(NASTY)
    expect(ch.items[0]!.guid).toEqual({ '#text': NASTY, '@_isPermaLink': 'false' })
    expect(ch.items[0]!.category).toEqual([NASTY])
  })

  it('drops characters XML 1.0 cannot carry (control characters, lone surrogates)', () => {
    const bad = `a\u0000b\u0001c\u0008d\u000Be\u001Ff\uFFFEg\uD800h`
    expect(xmlSafe(bad)).toBe('abcdefgh')
    expect(xmlSafe('tab\tnewline\ncr\r😀')).toBe('tab\tnewline\ncr\r😀')
    const ch = parseRss(renderRss(channel, [item({ title: bad })]))
    expect(ch.items[0]!.title).toBe('abcdefgh')
  })

  it('writes RFC 822 dates and renders an empty channel', () => {
    expect(rfc822(new Date('2024-03-05T07:08:09Z'))).toBe('Tue, 05 Mar 2024 07:08:09 GMT')
    const ch = parseRss(renderRss(channel, []))
    expect(ch.items).toEqual([])
    expect(ch.title).toBe('C')
  })

  it('writes <author> when there is one, and atom:link rel="self" only when there is a self URL', () => {
    const withSelf = parseRss(renderRss(channel, [item({ author: 'Ada & Co' }), item({ guid: 'h' })]))
    expect(withSelf['atom:link']).toMatchObject({ '@_href': 'http://x/feed.rss', '@_rel': 'self' })
    expect(withSelf.items.map((i) => i.author)).toEqual(['Ada & Co', undefined])
    const without = renderRss({ ...channel, selfUrl: null }, [item()])
    expect(parseRss(without)['atom:link']).toBeUndefined()
    expect(without).not.toContain('atom:link')
  })

  it('turns Markdown into plain text: markup, code blocks, images, HTML and link targets go, their text stays', () => {
    const md = [
      '# A *big* title',
      '',
      'Some **bold**, _em_ and `code` with a [link](https://example.com/x "t") and snake_case_name.',
      '![an image](https://example.com/i.png)',
      '```ts',
      'const hidden = 1',
      '```',
      '> quoted <b>html</b>',
      '- item one',
      '1. item two',
      '[ref]: https://example.com/ref',
      '---',
      'A \\*literal\\* star and <https://auto.example>',
    ].join('\n')
    expect(markdownText(md)).toBe(
      'A big title Some bold, em and code with a link and snake_case_name. quoted html item one item two A *literal* star and https://auto.example',
    )
  })

  it('cuts a description after a whole word near 300 characters, with an ellipsis', () => {
    expect(cutOnWord('short text')).toBe('short text')
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')
    const cut = cutOnWord(long)
    expect(cut.endsWith('…')).toBe(true)
    expect([...cut].length).toBeLessThanOrEqual(301)
    expect([...cut].length).toBeGreaterThan(250)
    expect(long.startsWith(cut.slice(0, -1))).toBe(true)
    expect(long[cut.length - 1]).toBe(' ') // the cut is on a word boundary
    expect(cutOnWord('x'.repeat(400))).toBe(`${'x'.repeat(300)}…`)
    expect(cutOnWord(`${'é'.repeat(299)} 😀😀`)).toBe(`${'é'.repeat(299)}…`)
  })

  it('If-None-Match: exact, weak, in a list, or *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true)
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true)
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true)
    expect(etagMatches('*', '"abc"')).toBe(true)
    expect(etagMatches('"abd"', '"abc"')).toBe(false)
    expect(etagMatches(undefined, '"abc"')).toBe(false)
  })
})

let t: TestApp
let site: SiteFixture
let other: SiteFixture
const clock = () => t.clock as ManualClock
const feedOf = (s: SiteFixture, headers: Record<string, string> = {}, key = s.keys.Read) => t.as(key).get(`/sites/${s.id}/feed.rss`, headers)

function rssOk(res: Res) {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
  expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
  return parseRss(res.body)
}

/** A published blog with en and de localizations, published_date as given. */
function post(s: SiteFixture, title: string, extra: Record<string, unknown> = {}, key = s.keys.Write, siteIds = [s.id]): Promise<BlogDetail> {
  return createBlog(
    t,
    s,
    {
      slug: `feed-${uid()}`,
      status: 'Published',
      localizations: [
        { locale_id: locId(s, 'en'), title, excerpt: `Excerpt of ${title}` },
        { locale_id: locId(s, 'de'), title: `DE ${title}`, excerpt: `Auszug ${title}` },
      ],
      ...extra,
    },
    key,
    siteIds,
  )
}

beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t, { name: `Café <News> & "More" ${uid()}`, description: 'All the news ]]> & more 📰' })
  other = await makeSite(t)
})
afterAll(() => t.close())

describe('GET /sites/{site_id}/feed.rss', () => {
  it('is well-formed RSS 2.0 with the site as channel and escaped, round-tripping item text', async () => {
    clock().advance(1000)
    const blog = await post(site, NASTY, { published_date: '2024-05-01' })
    const ch = rssOk(await feedOf(site))
    const name = expectStatusName(await t.as(site.keys.Read).get(`/sites/${site.id}`))
    expect(ch.title).toBe(name)
    expect(ch.description).toBe('All the news ]]> & more 📰')
    expect(ch.language).toBe('en')
    expect(ch.link).toBe('/') // no site url
    const item = ch.items.find((i) => i.guid['#text'] === blog.id)!
    expect(item.title).toBe(NASTY)
    expect(item.description).toBe(`Excerpt of ${NASTY}`)
    expect(item.guid['@_isPermaLink']).toBe('false')
    expect(item.link).toBe(`/blog/${blog.slug}`) // the bare post_path without a site url
    expect(item.pubDate).toBe('Wed, 01 May 2024 00:00:00 GMT') // published_date, not published_at
    expect(ch['atom:link']).toBeUndefined() // no site url: no self link, and never one to the API
  })

  it('dates a backdated post by its published_date, not by when it was published, and orders by it', async () => {
    const s = await makeSite(t)
    clock().advance(1000)
    const recent = await post(s, 'Recent', { published_date: '2025-06-30' })
    clock().advance(60_000)
    const old = await post(s, 'Backdated', { published_date: '2019-03-04' })
    expect(new Date(old.published_at as string).getTime()).toBeGreaterThan(new Date(recent.published_at as string).getTime())
    const ch = rssOk(await feedOf(s))
    expect(ch.items.map((i) => [i.guid['#text'], i.pubDate])).toEqual([
      [recent.id, 'Mon, 30 Jun 2025 00:00:00 GMT'],
      [old.id, 'Mon, 04 Mar 2019 00:00:00 GMT'],
    ])
  })

  it("carries the post's author, and describes a post without excerpt by the start of its body as plain text", async () => {
    const s = await makeSite(t)
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')
    const body = `## Heading\n\nIntro with **bold** and a [link](https://example.com/a).\n\n\`\`\`\nhidden code\n\`\`\`\n\n${words}`
    const long = await createBlog(t, s, { status: 'Published', author: 'Ada Lovelace', localizations: [{ locale: 'en', title: 'Long', body }] })
    const withExcerpt = await createBlog(t, s, {
      status: 'Published',
      author: null,
      localizations: [{ locale: 'en', title: 'Short', excerpt: 'The excerpt', body: 'Not this' }],
    })
    const german = await createBlog(t, s, {
      status: 'Published',
      localizations: [
        { locale: 'de', title: 'Nur deutsch', body: 'Deutscher *Text*' },
        { locale: 'en', title: 'English', body: 'English text' },
      ],
    })
    const byId = new Map(rssOk(await feedOf(s)).items.map((i) => [i.guid['#text'], i]))
    const desc = byId.get(long.id)?.description ?? ''
    expect(desc.slice(0, 60)).toBe('Heading Intro with bold and a link. word0 word1 word2 word3 ')
    expect(desc.startsWith('Heading Intro with bold and a link. word0 word1')).toBe(true)
    expect(desc).not.toMatch(/[#*[\]()`]|hidden code|example\.com/)
    expect(desc.endsWith('…')).toBe(true)
    expect([...desc].length).toBeLessThanOrEqual(301)
    expect(`${desc.slice(0, -1)} `).toMatch(/word\d+ $/) // cut after a whole word
    expect(byId.get(long.id)?.author).toBe('Ada Lovelace')
    expect(byId.get(withExcerpt.id)).toMatchObject({ description: 'The excerpt' })
    expect(byId.get(withExcerpt.id)).not.toHaveProperty('author')
    expect(byId.get(german.id)).toMatchObject({ title: 'English', description: 'English text' }) // the body of the locale shown
  })

  it('names itself (atom:link rel="self") by the site url + feed_path only when the site has a url; a feed_path change shows at the next read', async () => {
    const s = await makeSite(t)
    await post(s, 'Self')
    const self = async () => rssOk(await feedOf(s))['atom:link']
    expect(await self()).toBeUndefined()
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}`, { url: 'https://news.example.org/' })).statusCode).toBe(200)
    expect(await self()).toMatchObject({ '@_href': 'https://news.example.org/rss.xml', '@_rel': 'self', '@_type': 'application/rss+xml' })
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { feed_path: '/feeds/all.xml' })).statusCode).toBe(200)
    expect(await self()).toMatchObject({ '@_href': 'https://news.example.org/feeds/all.xml' })
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}`, { url: null })).statusCode).toBe(200)
    expect(await self()).toBeUndefined()
  })

  it("uses the site's default locale", async () => {
    const de = await makeSite(t, { locales: [{ code: 'de', is_default: true }, { code: 'en' }] })
    await post(de, 'Hello')
    const ch = rssOk(await feedOf(de))
    expect(ch.language).toBe('de')
    expect(ch.items.map((i) => [i.title, i.description])).toEqual([['DE Hello', 'Auszug Hello']])
  })

  it('carries only published blogs (no Draft, InReview, Scheduled, expired or deleted) and blogs shared with the site', async () => {
    const s = await makeSite(t)
    const live = await post(s, 'Live', { published_date: '2024-01-02' })
    const shared = await post(other, 'Shared in', { published_date: '2024-01-03' }, t.masterKey, [other.id, s.id])
    await createBlog(t, s, { status: 'Draft' })
    const review = await createBlog(t, s)
    await t.as(s.keys.Write).put(`/blogs/${review.id}`, { status: 'InReview' })
    await createBlog(t, s, { status: 'Scheduled', publish_start: '2999-01-01T00:00:00Z' })
    const ending = await post(s, 'Ending soon', { publish_end: new Date(clock().now().getTime() + 60_000).toISOString() })
    const deleted = await post(s, 'Deleted')
    expect((await t.as(s.keys.Write).delete(`/blogs/${deleted.id}`)).statusCode).toBe(204)
    const guids = (r: Res) => rssOk(r).items.map((i) => i.guid['#text'])
    expect(new Set(guids(await feedOf(s)))).toEqual(new Set([live.id, shared.id, ending.id]))
    // publish_end passing changes the feed without any write: the cached copy is not served past it.
    clock().advance(120_000)
    expect(new Set(guids(await feedOf(s)))).toEqual(new Set([live.id, shared.id]))
  })

  it('holds the last 50 published blogs, newest first', async () => {
    const s = await makeSite(t)
    const made: Array<{ id: string; date: string }> = []
    for (let i = 0; i < 55; i++) {
      const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)
      made.push({ id: (await post(s, `Post ${i}`, { published_date: date })).id, date })
    }
    const ch = rssOk(await feedOf(s))
    expect(ch.items).toHaveLength(50)
    const newest = [...made].reverse().slice(0, 50)
    expect(ch.items.map((i) => i.guid['#text'])).toEqual(newest.map((m) => m.id))
  })

  it('is cached (a change that bypasses the API is not seen) and refreshed at once by a publish, an update and a delete', async () => {
    const s = await makeSite(t)
    const first = await post(s, 'First', { published_date: '2024-02-01' })
    const titles = async () => rssOk(await feedOf(s)).items.map((i) => i.title)
    expect(await titles()).toEqual(['First'])
    const enLoc = first.localizations.find((l) => l.locale_id === locId(s, 'en'))!
    await t.dbh.db.update(blogLocalizations).set({ title: 'Sneaky' }).where(eq(blogLocalizations.id, enLoc.id))
    expect(await titles()).toEqual(['First']) // served from the cache

    await post(s, 'Second', { published_date: '2024-02-02' })
    expect(await titles()).toEqual(['Second', 'Sneaky']) // a publish refreshes it

    expect((await t.as(s.keys.Write).put(`/blogs/localizations/${enLoc.id}`, { title: 'Edited' })).statusCode).toBe(200)
    expect(await titles()).toEqual(['Second', 'Edited']) // an update refreshes it

    expect((await t.as(s.keys.Write).delete(`/blogs/${first.id}`)).statusCode).toBe(204)
    expect(await titles()).toEqual(['Second']) // a delete refreshes it

    const sched = await post(s, 'Later', { publish_start: new Date(clock().now().getTime() + 60_000).toISOString() })
    expect(sched.status).toBe('Scheduled')
    expect(await titles()).toEqual(['Second'])
    clock().advance(120_000)
    expect(await publishDue(systemCtx(t.deps), scheduledBlogs)).toEqual([sched.id])
    expect((await titles())[0]).toBe('Later') // the scheduler's publish refreshes it
  })

  it('answers If-None-Match with 304 while the feed is unchanged, and 200 with a new ETag after a change', async () => {
    const s = await makeSite(t)
    await post(s, 'One')
    const first = await feedOf(s)
    rssOk(first)
    const etag = first.headers.etag as string
    const again = await feedOf(s)
    expect(again.headers.etag).toBe(etag)
    expect(again.body).toBe(first.body)
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await feedOf(s, { 'if-none-match': inm })
      expect(res.statusCode).toBe(304)
      expect(res.body).toBe('')
      expect(res.headers.etag).toBe(etag)
    }
    rssOk(await feedOf(s, { 'if-none-match': '"stale"' }))
    clock().advance(1000)
    await post(s, 'Two')
    const changed = await feedOf(s, { 'if-none-match': etag })
    expect(rssOk(changed).items.map((i) => i.title)).toEqual(['Two', 'One'])
    expect(changed.headers.etag).not.toBe(etag)
  })

  it("links to the site's frontend: url + post_path with {slug} filled in, the channel to url; a site or settings change refreshes the cached feed", async () => {
    const s = await makeSite(t)
    const blog = await post(s, 'Linked')
    const links = async () => {
      const ch = rssOk(await feedOf(s))
      return { channel: ch.link, item: ch.items.find((i) => i.guid['#text'] === blog.id)?.link }
    }
    expect(await links()).toEqual({ channel: '/', item: `/blog/${blog.slug}` })
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}`, { url: 'https://www.example.com/' })).statusCode).toBe(200)
    expect(await links()).toEqual({ channel: 'https://www.example.com/', item: `https://www.example.com/blog/${blog.slug}` })
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { post_path: '/posts/{slug}/' })).statusCode).toBe(200)
    expect(await links()).toEqual({ channel: 'https://www.example.com/', item: `https://www.example.com/posts/${blog.slug}/` })
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}`, { url: 'http://localhost:3000/base' })).statusCode).toBe(200)
    expect(await links()).toEqual({ channel: 'http://localhost:3000/base', item: `http://localhost:3000/base/posts/${blog.slug}/` })
    expect((await t.as(s.keys.Admin).put(`/sites/${s.id}`, { url: null })).statusCode).toBe(200)
    expect(await links()).toEqual({ channel: '/', item: `/posts/${blog.slug}/` })
  })

  it('an item without title shows its slug, one without excerpt or body no description; the site without description still renders', async () => {
    const s = await makeSite(t)
    const bare = await createBlog(t, s, { status: 'Published', localizations: [{ locale: 'en', body: 'Words' }] })
    expect(bare.localizations[0]).toMatchObject({ title: null, subtitle: null, excerpt: null, meta_title: null, meta_description: null })
    const none = await createBlog(t, s, { status: 'Published' })
    const ch = rssOk(await feedOf(s))
    expect(ch.description).toBe('')
    const bySlug = new Map(ch.items.map((i) => [i.guid['#text'], i]))
    expect(bySlug.get(bare.id)).toMatchObject({ title: bare.slug, link: `/blog/${bare.slug}`, description: 'Words' })
    expect(bySlug.get(none.id)).toMatchObject({ title: none.slug })
    expect(bySlug.get(none.id)).not.toHaveProperty('description')
  })

  it('401 without credentials; 404 for another site, an unknown site or a deleted one; 400 for a bad id', async () => {
    expectProblem(await t.as().get(`/sites/${site.id}/feed.rss`), 401, 'UNAUTHENTICATED')
    expectProblem(await feedOf(site, {}, other.keys.Master), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/sites/${MISSING_ID}/feed.rss`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get('/sites/nope/feed.rss'), 400, 'VALIDATION_FAILED')
    const gone = await makeSite(t)
    rssOk(await feedOf(gone, {}, t.masterKey))
    expect((await t.as(t.masterKey).delete(`/sites/${gone.id}`)).statusCode).toBe(204)
    expectProblem(await feedOf(gone, {}, t.masterKey), 404, 'NOT_FOUND')
    // 403 cannot happen here: Read is the lowest level, so every key of the site may read the feed.
  })
})

function expectStatusName(res: Res): string {
  expect(res.statusCode).toBe(200)
  return res.json<{ name: string }>().name
}
