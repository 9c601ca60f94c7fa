import AxeBuilder from '@axe-core/playwright'
import { createAtriumClient, type AtriumClient } from '@atrium-cms/client'
import { request, type IncomingMessage } from 'node:http'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, type Stack } from './harness/stack'

let stack: Stack
let atrium: AtriumClient

beforeAll(async () => {
  stack = await startStack()
  atrium = createAtriumClient({ baseUrl: stack.atriumUrl, apiKey: stack.masterKey })
})
afterAll(async () => {
  await stack?.stop()
})

interface Got {
  status: number
  headers: Headers
  html: string
}

async function get(path: string, init: RequestInit = {}): Promise<Got> {
  const res = await fetch(`${stack.starterUrl}${path}`, { redirect: 'manual', ...init })
  return { status: res.status, headers: res.headers, html: await res.text() }
}

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.trim()
const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${new URL(m[2]!).pathname}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('every route renders', () => {
  it('home: hero section, latest posts, both menus, locale switcher, hreflang, cookie banner', async () => {
    const { status, html, headers } = await get('/')
    expect(status).toBe(200)
    expect(html).toContain('<html lang="en">')
    expect(h1(html)).toBe('Welcome to the starter')
    expect(html).toContain('Latest posts')
    expect(html).toContain('href="/blog/post-12/"')
    expect(html).toMatch(/<nav class="primary-nav" aria-label="Main">[\s\S]*href="\/blog\/"[\s\S]*href="\/about"[\s\S]*Introduction[\s\S]*target="_blank"/)
    expect(html).toMatch(/<nav aria-label="Footer">[\s\S]*href="\/legal\/privacy\/"[\s\S]*href="\/legal\/cookies\/"/)
    expect(html).toMatch(/<nav class="locales" aria-label="Language">[\s\S]*href="\/de\/"[^>]*hreflang="de"/)
    expect(hreflangs(html)).toEqual(['en /', 'de /de/', 'x-default /'])
    expect(html).toContain('data-consent-banner')
    expect(html).toContain('Statistics')
    expect(html).toContain('<script src="/consent.js" data-cookie="starter_consent">')
    expect(headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=30')
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('blog list: 10 posts a page, newest first, pagination, no drafts; past the last page is a 404', async () => {
    const first = await get('/blog/')
    expect(first.status).toBe(200)
    const titles = [...first.html.matchAll(/<h2><a href="\/blog\/post-\d+\/">([^<]+)<\/a><\/h2>/g)].map((m) => m[1])
    expect(titles).toEqual(Array.from({ length: 10 }, (_, i) => `Post number ${12 - i}`))
    expect(first.html).not.toContain('Secret draft')
    expect(first.html).toContain('href="/blog/page/2/" rel="next"')
    const second = await get('/blog/page/2/')
    expect(second.status).toBe(200)
    expect(second.html).toContain('Post number 1<')
    expect(second.html).toContain('href="/blog/" rel="prev"')
    expect((await get('/blog/page/3/')).status).toBe(404)
  })

  it('post: Markdown body with raw HTML shown as text, its locales only in hreflang, the German version', async () => {
    const post = await get('/blog/post-4/')
    expect(post.status).toBe(200)
    expect(h1(post.html)).toBe('Post number 4')
    expect(post.html).toContain('<strong>post 4</strong>')
    expect(post.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(post.html).not.toContain('<script>alert(1)</script>')
    expect(hreflangs(post.html)).toEqual(['en /blog/post-4/', 'de /de/blog/post-4/', 'x-default /blog/post-4/'])
    expect(hreflangs((await get('/blog/post-3/')).html)).toEqual(['en /blog/post-3/'])
    const german = await get('/de/blog/post-4/')
    expect(german.html).toContain('<html lang="de">')
    expect(h1(german.html)).toBe('Beitrag Nummer 4')
    expect(german.html).toContain('Datenschutz')
  })

  it('a draft, an unknown post and a draft page are 404 pages with the site around them', async () => {
    for (const path of ['/blog/secret-draft/', '/blog/no-such-post/', '/hidden', '/no/such/page']) {
      const got = await get(path)
      expect(got.status, path).toBe(404)
      expect(got.html, path).toContain('Page not found')
      expect(got.html, path).toContain('Starter Test Site')
    }
  })

  it('the site’s own words follow the route’s locale (German under /de/, English at the root)', async () => {
    const german = await get('/de/blog/')
    expect(german.html).toContain('<html lang="de">')
    expect(german.html).toContain('Ältere Beiträge →')
    expect(german.html).toContain('Seite 1 von 2')
    expect(german.html).toContain('aria-label="Hauptmenü"')
    expect(german.html).toContain('Zum Inhalt springen')
    // The cookie document has no German text: its words fall back to English, the buttons do not.
    expect(german.html).toContain('Nur notwendige')
    expect(german.html).toContain('We use cookies')
    const english = await get('/blog/')
    expect(english.html).toContain('Older posts →')
    expect(english.html).toContain('Only necessary')
    const missing = await get('/de/blog/no-such-post/')
    expect(missing.status).toBe(404)
    expect(h1(missing.html)).toBe('Seite nicht gefunden')
    expect(h1((await get('/blog/no-such-post/')).html)).toBe('Page not found')
  })

  it('an image Atrium serves gets a srcset of renditions in fmt=auto; a # heading in the text is an h2 under the title', async () => {
    // The starter reads Atrium through the proxy here, so Atrium's files are on the proxy's origin.
    const image = `${stack.proxy.url}/api/v1/media/files/bus.jpg?v=0a1b2c3d`
    await atrium.POST('/api/v1/blogs', {
      body: {
        site_ids: [stack.seeded.siteId],
        slug: 'with-image',
        status: 'Published',
        published_date: '2025-01-01',
        localizations: [
          { locale: 'en', title: 'With an image', body: `# A heading\n\n![A red bus](${image})\n\n![Elsewhere](https://elsewhere.example/a.png)` },
        ],
      },
    })
    const { html } = await get('/blog/with-image/')
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(html).toContain('<h2>A heading</h2>')
    const img = /<img [^>]*alt="A red bus"[^>]*>/.exec(html)![0]
    expect(img).toContain(`srcset="${image.replace(/&/g, '&amp;')}&amp;w=320&amp;fmt=auto 320w, `)
    expect(img).toContain('sizes="(min-width: 46rem) 46rem, 100vw"')
    expect(img).toContain('loading="lazy"')
    expect(/<img [^>]*alt="Elsewhere"[^>]*>/.exec(html)![0]).not.toContain('srcset')
  })

  it('covers embedded in the answers get a srcset in fmt=auto, with their dimensions, and cost no API call of their own', async () => {
    // A 1×1 PNG: enough for a media record with dimensions.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const form = new FormData()
    form.append('site_ids', JSON.stringify([stack.seeded.siteId]))
    form.append('file', new Blob([png], { type: 'image/png' }), 'cover.png')
    const upload = await fetch(`${stack.atriumUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': stack.masterKey }, body: form })
    expect(upload.ok).toBe(true)
    const media = (await upload.json()) as { id: string }
    await atrium.POST('/api/v1/blogs', {
      body: {
        site_ids: [stack.seeded.siteId],
        slug: 'with-cover',
        status: 'Published',
        published_date: '2024-12-31',
        cover_image_id: media.id,
        localizations: [{ locale: 'en', title: 'With a cover', body: 'Text.' }],
      },
    })
    await stack.proxy.settle()
    stack.proxy.reset()
    const { html } = await get('/blog/with-cover/')
    await stack.proxy.settle()
    expect(stack.proxy.calls.length, stack.proxy.calls.join(', ')).toBeLessThanOrEqual(4)
    const cover = /<img [^>]*class="post-image"[^>]*>/.exec(html)![0]
    // A 1×1 image: one candidate, never wider than the image (Atrium does not upscale).
    expect(cover).toMatch(/ srcset="http:[^" ]*\/api\/v1\/media\/files\/[^" ]*\?v=[0-9a-f]{8}&(amp;)?w=1&(amp;)?fmt=auto 1w"/)
    expect(cover).toContain('width="1" height="1"')
    expect(cover).toContain('loading="eager"')
    // The list's second page may be in the starter's cache from an earlier test: served once more, then refreshed.
    let thumbnail: string | undefined
    for (const until = Date.now() + 5000; !thumbnail && Date.now() < until; await sleep(200))
      thumbnail = /<img [^>]*class="post-cover"[^>]*>/.exec((await get('/blog/page/2/')).html)?.[0]
    expect(thumbnail).toBeDefined()
    expect(thumbnail).toMatch(/ alt(="")?[ >]/)
    expect(thumbnail).toMatch(/ srcset="[^"]*&(amp;)?w=1&(amp;)?h=1&(amp;)?fmt=auto 1w"/)
  })

  it('tag and category pages (a parent category lists its children’s posts)', async () => {
    const tag = await get('/blog/tag/astro/')
    expect(tag.status).toBe(200)
    expect(h1(tag.html)).toBe('Posts tagged “Astro”')
    expect([...tag.html.matchAll(/href="\/blog\/(post-\d+)\/"/g)].map((m) => m[1])).toEqual(['post-3', 'post-2', 'post-1'])
    for (const slug of ['guides', 'tutorials']) {
      const category = await get(`/blog/category/${slug}/`)
      expect(category.status).toBe(200)
      expect([...category.html.matchAll(/<h2><a href="\/blog\/(post-\d+)\/"/g)].map((m) => m[1])).toEqual(['post-2', 'post-1'])
    }
    expect((await get('/blog/tag/nope/')).status).toBe(404)
    expect((await get('/blog/category/nope/')).status).toBe(404)
  })

  it('pages by route, nested too, with their sections, in both locales', async () => {
    const about = await get('/about')
    expect(about.status).toBe(200)
    expect(h1(about.html)).toBe('About us')
    expect(about.html).toContain('Who we are.')
    expect(about.html).toContain('aria-current="page"')
    const ueber = await get('/de/about')
    expect(h1(ueber.html)).toBe('Über uns')
    expect(ueber.html).toContain('href="/de/about"')
    const intro = await get('/docs/intro')
    expect(intro.status).toBe(200)
    expect(h1(intro.html)).toBe('Introduction')
    expect(intro.html).toContain('A nested page.')
  })

  it('legal pages: the privacy policy, and the cookie document with its groups and cookies', async () => {
    const privacy = await get('/legal/privacy/')
    expect(privacy.status).toBe(200)
    expect(h1(privacy.html)).toBe('Privacy policy')
    expect(privacy.html).toContain('<h2>What we collect</h2>')
    expect(h1((await get('/de/legal/privacy/')).html)).toBe('Datenschutzerklärung')
    const cookies = await get('/legal/cookies/')
    expect(h1(cookies.html)).toBe('Cookie settings')
    expect(cookies.html).toContain('<td>_stats</td>')
    expect(cookies.html).toContain('data-consent-open')
  })

  it('the cookie banner works without JavaScript: the choice goes into the consent cookie', async () => {
    // node:http, not fetch: a form post carries the page's Origin, which fetch in Node does not send as given.
    const post = (origin: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = request(`${stack.starterUrl}/api/consent`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin } })
        req.on('response', resolve).on('error', reject)
        req.end(new URLSearchParams({ choice: 'necessary', return: '/about' }).toString())
      })
    const foreign = await post('https://elsewhere.example')
    foreign.resume()
    expect(foreign.statusCode).toBe(403)
    const res = await post(stack.starterUrl)
    res.resume()
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/about')
    const cookie = res.headers['set-cookie']?.[0] ?? ''
    expect(cookie).toMatch(/^starter_consent=/)
    expect(JSON.parse(decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!))).toEqual({ necessary: true, statistics: false })
  })

  it('RSS and the site’s redirects', async () => {
    const rss = await fetch(`${stack.starterUrl}/rss.xml`)
    expect(rss.status).toBe(200)
    expect(rss.headers.get('content-type')).toContain('application/rss+xml')
    const xml = await rss.text()
    expect(xml).toContain('<rss')
    expect(xml).toContain('Post number 12')
    expect(xml).not.toContain('Secret draft')
    const moved = await get('/old-about')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/about')
  })
})

describe('API calls', () => {
  const VIEWS = [
    '/',
    '/blog/',
    '/blog/page/2/',
    '/blog/post-6/',
    '/de/blog/post-6/',
    '/blog/tag/astro/',
    '/blog/category/guides/',
    '/about',
    '/de/about',
    '/docs/intro',
    '/legal/privacy/',
    '/legal/cookies/',
    '/rss.xml',
    '/blog/no-such-post/',
  ]

  it('one page view makes at most 4 calls to Atrium, counted at the wire, while content goes stale and refreshes', async () => {
    const counts: Record<string, number[]> = {}
    let total = 0
    // Three rounds over every kind of page, one second apart: each round finds the previous round's answers stale
    // (CMS_CACHE_SECONDS=1) and the menus, locales and consent due for a refresh too.
    for (let round = 0; round < 3; round++) {
      for (const path of VIEWS) {
        await stack.proxy.settle()
        stack.proxy.reset()
        const got = await get(path)
        expect(got.status, path).toBeLessThan(500)
        await stack.proxy.settle()
        ;(counts[path] ??= []).push(stack.proxy.calls.length)
        total += stack.proxy.calls.length
        expect(stack.proxy.calls.length, `${path}: ${stack.proxy.calls.join(', ')}`).toBeLessThanOrEqual(4)
      }
      await sleep(1100)
    }
    console.log('API calls per view (3 rounds):', JSON.stringify(counts))
    // The proxy does see the starter's calls: content goes stale every second.
    expect(total).toBeGreaterThan(VIEWS.length)
  })

  it('a published change shows within seconds', async () => {
    const post = stack.seeded.posts.find((p) => p.slug === 'post-5')!
    expect(h1((await get('/blog/post-5/')).html)).toBe('Post number 5')
    const localizations = (await atrium.GET('/api/v1/blogs/{id}/localizations', { params: { path: { id: post.id } } })).data!
    const en = (localizations as { id: string; title: string | null }[]).find((l) => l.title === 'Post number 5')!
    await atrium.PUT('/api/v1/blogs/localizations/{loc_id}', { params: { path: { loc_id: en.id } }, body: { title: 'Post number 5, revised' } })
    const changed = Date.now()
    let seen = false
    while (!seen && Date.now() - changed < 5000) {
      seen = h1((await get('/blog/post-5/')).html) === 'Post number 5, revised'
      if (!seen) await sleep(200)
    }
    expect(seen).toBe(true)
    console.log(`published change visible after ${Date.now() - changed} ms`)
  })

  it('a 429 from Atrium is an error page that says so, never an empty page; cached pages keep being served', async () => {
    await get('/blog/')
    // Use up the limited key's one request of this minute, so that Atrium itself answers the starter 429.
    const limited = createAtriumClient({ baseUrl: stack.atriumUrl, apiKey: stack.seeded.exhaustedKey })
    const status = () =>
      limited.GET('/api/v1/sites/{id}', { params: { path: { id: stack.seeded.siteId } } }).then(
        () => 200,
        (err: { status: number }) => err.status,
      )
    while ((await status()) !== 429);
    stack.proxy.swapKey(stack.seeded.exhaustedKey)
    try {
      const page = await get('/blog/post-11/')
      expect(page.status).toBe(503)
      expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(page.html).toContain('Too many requests')
      expect(page.html).toContain('rate limiting')
      expect(page.html).toContain('Starter Test Site')
      expect(page.headers.get('cache-control')).toBe('no-store')
      // A page still in the cache (stale but within its window) is served as it was.
      const cached = await get('/blog/')
      expect(cached.status).toBe(200)
      expect(cached.html).toContain('Post number 12')
    } finally {
      stack.proxy.swapKey(null)
    }
    expect((await get('/blog/post-11/')).status).toBe(200)
  })
})

describe('preview', () => {
  it('a token Atrium does not know: a 404 page, never indexed, never cached, framed only by Atrium', async () => {
    const got = await get('/api/preview?token=prv_unknown&path=/blog/secret-draft/')
    expect(got.status).toBe(404)
    expect(got.html).toContain('Preview link not valid')
    expect(got.html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(got.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(got.headers.get('cache-control')).toBe('no-store')
    expect(got.headers.get('referrer-policy')).toBe('no-referrer')
    expect(got.headers.get('content-security-policy')).toContain(`frame-ancestors ${new URL(stack.proxy.url).origin}`)
    expect(got.headers.get('x-frame-options')).toBeNull()
  })

  it('a draft through a preview token: banner, noindex, the latest save on every request; the public page stays 404', async (ctx) => {
    const created = await fetch(`${stack.atriumUrl}/api/v1/sites/${stack.seeded.siteId}/previews`, {
      method: 'POST',
      headers: { 'x-api-key': stack.masterKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'blog', id: stack.seeded.draftPostId }),
    })
    // The preview API arrives with issue 39's server part; until this Atrium has it, there is nothing to exchange.
    if (created.status === 404) ctx.skip()
    expect(created.status).toBe(201)
    const { token, id } = (await created.json()) as { token: string; id: string }
    const path = `/api/preview?token=${encodeURIComponent(token)}&path=${encodeURIComponent('/blog/secret-draft/')}`
    const first = await get(path)
    expect(first.status).toBe(200)
    expect(first.html).toContain('class="preview-banner"')
    expect(h1(first.html)).toBe('Secret draft')
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.html).toContain('noindex')

    const localizations = (await atrium.GET('/api/v1/blogs/{id}/localizations', { params: { path: { id: stack.seeded.draftPostId } } })).data!
    const loc = (localizations as { id: string }[])[0]!
    await atrium.PUT('/api/v1/blogs/localizations/{loc_id}', { params: { path: { loc_id: loc.id } }, body: { title: 'Secret draft, edited' } })
    expect(h1((await get(path)).html)).toBe('Secret draft, edited')
    expect((await get('/blog/secret-draft/')).status).toBe(404)

    await fetch(`${stack.atriumUrl}/api/v1/previews/${id}`, { method: 'DELETE', headers: { 'x-api-key': stack.masterKey } })
    const revoked = await get(path)
    expect(revoked.status).toBe(404)
    expect(revoked.html).toContain('Preview link not valid')

    // A token of another site, sent to this site's frontend: the same 404.
    const other = (await atrium.POST('/api/v1/sites', { body: { name: 'Other site', slug: `other-${Date.now().toString(36)}`, locales: [{ code: 'en' }] } }))
      .data!
    const foreignPost = (
      await atrium.POST('/api/v1/blogs', {
        body: { site_ids: [other.id], status: 'Draft', localizations: [{ locale: 'en', title: 'Foreign draft', body: 'x' }] },
      })
    ).data!
    const foreign = (await (
      await fetch(`${stack.atriumUrl}/api/v1/sites/${other.id}/previews`, {
        method: 'POST',
        headers: { 'x-api-key': stack.masterKey, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'blog', id: foreignPost.id }),
      })
    ).json()) as { token: string }
    const refused = await get(`/api/preview?token=${encodeURIComponent(foreign.token)}&path=/`)
    expect(refused.status).toBe(404)
    expect(refused.html).not.toContain('Foreign draft')
  })

  it('a page draft through a preview token: its sections', async (ctx) => {
    const page = (
      await atrium.POST('/api/v1/pages', {
        body: {
          site_ids: [stack.seeded.siteId],
          route: '/coming-soon',
          status: 'Draft',
          sections: [{ section_type: 'hero', localizations: [{ locale: 'en', title: 'Coming soon', text: 'A page not yet **published**.' }] }],
        },
      })
    ).data!
    const created = await fetch(`${stack.atriumUrl}/api/v1/sites/${stack.seeded.siteId}/previews`, {
      method: 'POST',
      headers: { 'x-api-key': stack.masterKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'page', id: page.id, locale: 'de' }),
    })
    if (created.status === 404) ctx.skip()
    const { token } = (await created.json()) as { token: string }
    const got = await get(`/api/preview?token=${encodeURIComponent(token)}&path=/coming-soon`)
    expect(got.status).toBe(200)
    expect(got.html).toContain('<html lang="de">')
    expect(h1(got.html)).toBe('Coming soon')
    expect(got.html).toContain('<strong>published</strong>')
    // The preview's words are in its locale too.
    expect(got.html).toContain('href="/de/coming-soon">Veröffentlichte Fassung</a>')
    expect(got.html).toContain('<strong>Vorschau</strong>')
    expect((await get('/coming-soon')).status).toBe(404)
  })
})

describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each(['/', '/blog/', '/blog/post-4/', '/de/about', '/legal/cookies/', '/blog/no-such-post/', '/api/preview?token=prv_unknown&path=/'])(
    '%s has no violations, with the cookie banner open, and no CSP violation',
    async (path) => {
      const context = await browser.newContext()
      const page = await context.newPage()
      const csp: string[] = []
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) csp.push(msg.text())
      })
      await page.goto(`${stack.starterUrl}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
      expect(csp).toEqual([])
      await context.close()
    },
  )

  it('the cookie banner: choosing hides it and keeps it hidden on the next page; "Cookie settings" opens it again', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${stack.starterUrl}/`)
    const banner = page.getByRole('region', { name: 'Cookie settings' })
    await expect(banner.isVisible()).resolves.toBe(true)
    await page.getByRole('button', { name: 'Only necessary' }).click()
    await expect(banner.isVisible()).resolves.toBe(false)
    await page.goto(`${stack.starterUrl}/about`)
    await expect(page.getByRole('region', { name: 'Cookie settings' }).isVisible()).resolves.toBe(false)
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await expect(page.getByRole('region', { name: 'Cookie settings' }).isVisible()).resolves.toBe(true)
    const cookie = (await context.cookies()).find((c) => c.name === 'starter_consent')
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ necessary: true, statistics: false })
    await context.close()
  })
})
