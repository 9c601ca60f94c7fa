import { createAtriumClient } from '@atrium-cms/client'
import type { Browser, Page } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SCREENS, SYSTEM_SCREENS } from '../../src/app/areas'
import { expect, seedSite, test, type SeededSite } from '../fixtures'
import { solidPng } from '../png'
import { axeFindings, layoutFindings, recordChecked, settle, stateKey } from '../themes'

/*
 * Looks, on every screen (issue 38, item 8): each screen of the admin, in the light and the dark theme, at a desktop
 * width and a phone's, is checked for
 *   - axe (WCAG 2.1 A and AA): no serious or critical finding;
 *   - no horizontal page scroll (the page never scrolls sideways; wide content scrolls inside its own box);
 *   - no visible button whose text is clipped.
 * The screens are generated from the sidebar's list (areas.ts) plus the screens outside it, so a new area is checked
 * without touching this file; and every record screen (an editor, a detail, a transfer) is visited on a record seeded
 * for it, so the axe scan runs in both themes and at phone size on those too.
 */

const WIDTHS = [1280, 390] as const
const THEMES = ['light', 'dark'] as const

/** Records the record screens open, seeded once per worker (beforeAll). */
interface Records {
  page: string
  media: string
  document: string
  legal: string
  apiKey: string
  webhook: string
  delivery: string
}

interface Route {
  name: string
  path: (site: SeededSite, records: Records) => string
}

const ROUTES: Route[] = [
  { name: 'home', path: () => '/admin/' },
  { name: 'sites', path: () => '/admin/sites' },
  { name: 'profile', path: () => '/admin/profile' },
  { name: 'notifications', path: () => '/admin/notifications' },
  ...SYSTEM_SCREENS.map((s) => ({ name: s.id, path: () => `/admin${s.to}` })),
  ...SCREENS.map((screen) => ({
    name: screen,
    path: (site: SeededSite) => (screen === 'dashboard' ? `/admin/sites/${site.id}` : `/admin/sites/${site.id}/${screen}`),
  })),
  { name: 'blogs/new', path: (site) => `/admin/sites/${site.id}/blogs/new` },
  { name: 'blogs/edit', path: (site) => `/admin/sites/${site.id}/blogs/${site.posts.published}` },
  { name: 'pages/new', path: (site) => `/admin/sites/${site.id}/pages/new` },
  // Record screens.
  { name: 'pages/edit', path: (site, r) => `/admin/sites/${site.id}/pages/${r.page}` },
  { name: 'media/details', path: (site, r) => `/admin/sites/${site.id}/media?item=${r.media}` },
  { name: 'documents/edit', path: (site, r) => `/admin/sites/${site.id}/documents/${r.document}` },
  { name: 'legal/edit', path: (site, r) => `/admin/sites/${site.id}/legal/${r.legal}` },
  { name: 'api-keys/usage', path: (site, r) => `/admin/sites/${site.id}/api-keys/${r.apiKey}` },
  { name: 'webhooks/deliveries', path: (site, r) => `/admin/sites/${site.id}/webhooks/${r.webhook}` },
  { name: 'webhooks/edit', path: (site, r) => `/admin/sites/${site.id}/webhooks/${r.webhook}/edit` },
  { name: 'webhooks/delivery', path: (site, r) => `/admin/sites/${site.id}/webhooks/${r.webhook}/deliveries/${r.delivery}` },
  { name: 'sites/export', path: (site) => `/admin/sites/${site.id}/export` },
  { name: 'sites/import', path: () => '/admin/sites/import' },
]

/**
 * Findings known on main, in feature screens other work is fixing, as `<route> <width> <theme> <check>` (the check's
 * first word: axe rule id, `hscroll` or `clipped`). Each is listed with its reason. A finding not in this set fails the
 * test; a listed one that no longer occurs is reported as an annotation, so it can be removed.
 */
const knownFailures = new Set<string>([])

/** The router's paths (router.tsx and every feature's routes.ts) that are screens of their own. */
function routerPaths(): string[] {
  const src = new URL('../../src/', import.meta.url)
  const files = [new URL('app/router.tsx', src), new URL('app/baseRoutes.ts', src)]
  const walk = (dir: URL): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir))
      else if (entry.name === 'routes.ts') files.push(new URL(entry.name, dir))
    }
  }
  walk(new URL('features/', src))
  // Not screens: sign-in and its callback have their own specs; the generic area routes are the areas' placeholders.
  const notScreens = new Set(['/sign-in', '/auth/callback', '/sites/$siteId/$area', '/sites/$siteId/$area/$recordId'])
  return files
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/(?:(?<![A-Za-z])path: |featureRoute\(\s*)'([^']+)'/g)].map((m) => m[1]!))
    .filter((p) => !notScreens.has(p))
}

test('every screen of the router is in the looks routes', () => {
  const fake = new Proxy({}, { get: (_, key) => (key === 'posts' ? fake : 'ID') }) as SeededSite & Records
  const [fakeSite, fakeRecords] = [fake, fake]
  const visited = ROUTES.map(
    (r) =>
      r
        .path(fakeSite, fakeRecords)
        .replace(/^\/admin/, '')
        .replace(/\?.*$/, '')
        .replace(/\/$/, '') || '/',
  )
  const paths = routerPaths()
  expect(paths.length).toBeGreaterThan(30)
  const missing = paths.filter((p) => {
    const pattern = new RegExp(`^${p.replace(/\$[A-Za-z]+/g, '[^/]+')}$`)
    return !visited.some((v) => pattern.test(v))
  })
  expect(missing).toEqual([])
})

let page: Page
let site: SeededSite
let records: Records
let receiver: Server | undefined

/** One record of each kind a record screen shows, seeded through the API; a webhook's delivery needs a receiver. */
async function seedRecords(atrium: ReturnType<typeof createAtriumClient>, site: SeededSite): Promise<Records> {
  const baseUrl = process.env.ATRIUM_E2E_URL!
  const key = process.env.ATRIUM_E2E_KEY!
  const page = (
    await atrium.POST('/api/v1/pages', {
      body: {
        site_ids: [site.id],
        route: '/about',
        status: 'Draft',
        sections: [{ section_type: 'text', localizations: [{ locale: 'en', title: 'Who we are', text: '## A small team\n\nWe **grow** tulips.' }] }],
      },
    })
  ).data!.id
  const form = new FormData()
  form.append('site_ids', JSON.stringify([site.id]))
  form.append('file', new Blob([new Uint8Array(solidPng([40, 110, 170], 640, 400))], { type: 'image/png' }), 'harbour-view.png')
  const upload = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': key }, body: form })
  const media = ((await upload.json()) as { id: string }).id
  const document = (
    await atrium.POST('/api/v1/sites/{site_id}/documents', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'pdf', url: 'https://example.com/prices.pdf' },
    })
  ).data!.id
  await atrium.POST('/api/v1/documents/{id}/localizations', { params: { path: { id: document } }, body: { locale: 'en', title: 'Price list' } })
  const legal = (
    await atrium.POST('/api/v1/sites/{site_id}/legal', { params: { path: { site_id: site.id } }, body: { document_type: 'Imprint', slug: 'imprint' } })
  ).data!.id
  await atrium.POST('/api/v1/legal/{id}/localizations', { params: { path: { id: legal } }, body: { locale: 'en', title: 'Imprint', body: 'Atrium Ltd.' } })
  const apiKey = (await atrium.POST('/api/v1/api-keys', { body: { name: 'Frontend', permission: 'Read', site_id: site.id } })).data!.id
  let received = 0
  receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received++
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  const webhook = (await atrium.POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: site.id } }, body: { url, events: ['tag.created'] } }))
    .data!.id
  await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: 'Rail travel' } })
  await expect.poll(() => received, { timeout: 20_000 }).toBe(1)
  const deliveries = async () => (await atrium.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id: webhook } } })).data!.data
  await expect.poll(async () => (await deliveries()).length, { timeout: 10_000 }).toBeGreaterThan(0)
  const delivery = (await deliveries())[0]!.id
  return { page, media, document, legal, apiKey, webhook, delivery }
}

/** One page and one seeded site for the whole file (per worker), signed in with the Master key as the other specs are. */
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000)
  const atrium = createAtriumClient({ baseUrl: process.env.ATRIUM_E2E_URL!, apiKey: process.env.ATRIUM_E2E_KEY! })
  site = await seedSite(atrium, 'looks')
  records = await seedRecords(atrium, site)
  const context = await browser.newContext({ baseURL: process.env.ATRIUM_E2E_URL, reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'Europe/Berlin' })
  page = await context.newPage()
  await page.addInitScript((k) => sessionStorage.setItem('atrium-admin:credential', JSON.stringify({ kind: 'api_key', apiKey: k })), process.env.ATRIUM_E2E_KEY)
})

test.afterAll(async () => {
  await page?.context().close()
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)))
})

for (const route of ROUTES) {
  test(`looks: ${route.name}`, async () => {
    test.slow()
    const found: string[] = []
    await page.setViewportSize({ width: WIDTHS[0], height: 800 })
    await page.goto(route.path(site, records))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Lists, forms and the site switcher fill in after the heading; scan what a user sees once loading has ended.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
    await page
      .locator('.mantine-Loader-root, [aria-busy="true"]')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined)
    const state = await stateKey(page)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
      for (const theme of THEMES) {
        await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), theme)
        await settle(page)
        for (const f of [...(await axeFindings(page)), ...(await layoutFindings(page))]) found.push(`${route.name} ${width} ${theme} ${f}`)
      }
    }
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'))
    const key = (f: string) => f.split(' ').slice(0, 4).join(' ').replace(/:$/, '')
    const unexpected = found.filter((f) => !knownFailures.has(key(f)))
    for (const known of knownFailures) {
      if (known.startsWith(`${route.name} `) && !found.some((f) => key(f) === known)) {
        test.info().annotations.push({ type: 'fixed', description: `${known} no longer occurs: remove it from knownFailures` })
      }
    }
    expect(unexpected).toEqual([])
    // This screen's state (as loaded, at the desktop width) is checked four ways: a spec's expectAccessible on it need
    // not repeat that (themes.ts).
    if (found.length === 0) recordChecked(state)
  })
}
