import { createAtriumClient, type AtriumClient, type Media } from '@atrium-cms/client'
import { test as base, expect, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Where the README's screenshots are written (docs/screenshots/ of the repository). */
export const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
mkdirSync(SCREENSHOTS, { recursive: true })

export interface SeededSite {
  id: string
  name: string
  slug: string
  timezone: string
  posts: { draft: string; inReview: string; scheduled: string; published: string }
  scheduledAt: string
}

const env = (name: string): string => {
  const v = process.env[name]
  if (!v) throw new Error(`${name} unset: the global setup did not run`)
  return v
}

/** A fresh site with two locales, a time zone and one post per status, seeded through the client package with the Master key. */
export async function seedSite(atrium: AtriumClient, label: string): Promise<SeededSite> {
  const slug = `e2e-${label}-${randomBytes(4).toString('hex')}`
  const name = `E2E ${label} ${slug.slice(-8)}`
  const site = (await atrium.POST('/api/v1/sites', { body: { name, slug, locales: [{ code: 'en', is_default: true }, { code: 'de' }] } })).data!
  const timezone = 'America/New_York'
  await atrium.PUT('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: site.id } }, body: { timezone } })
  const post = async (title: string, status: 'Draft' | 'InReview' | 'Published' | 'Scheduled', extra: Record<string, string> = {}) =>
    (await atrium.POST('/api/v1/blogs', { body: { site_ids: [site.id], status, ...extra, localizations: [{ locale: 'en', title, body: `# ${title}` }] } }))
      .data!.id
  const scheduledAt = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '.000Z')
  const posts = {
    draft: await post('A draft about gardens', 'Draft'),
    inReview: await post('Waiting for a reviewer', 'InReview'),
    scheduled: await post('Coming next week', 'Scheduled', { publish_start: scheduledAt }),
    published: await post('Hello, world', 'Published'),
  }
  return { id: site.id, name, slug, timezone, posts, scheduledAt }
}

/** A PNG put into the site's library through the upload API with the Master key (as a frontend's import would); 201 expected. */
export async function uploadPng(baseUrl: string, masterKey: string, siteId: string, name: string, png: Buffer): Promise<Media> {
  const form = new FormData()
  form.append('site_ids', JSON.stringify([siteId]))
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name)
  const res = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': masterKey }, body: form })
  expect(res.status).toBe(201)
  return (await res.json()) as Media
}

interface Fixtures {
  baseUrl: string
  masterKey: string
  atrium: AtriumClient
  site: SeededSite
  /** Signs this page in with an API key (sessionStorage of the tab, as the sign-in screen does). */
  signInWithKey: (page: Page, key?: string) => Promise<void>
}

export const test = base.extend<Fixtures>({
  // The one Atrium of the run (global-setup.ts); its port is known only once the setup ran.
  baseURL: async ({}, use) => use(env('ATRIUM_E2E_URL')),
  baseUrl: async ({}, use) => use(env('ATRIUM_E2E_URL')),
  masterKey: async ({}, use) => use(env('ATRIUM_E2E_KEY')),
  atrium: async ({ baseUrl, masterKey }, use) => use(createAtriumClient({ baseUrl, apiKey: masterKey })),
  site: async ({ atrium }, use, info) =>
    use(
      await seedSite(
        atrium,
        info.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .slice(0, 20)
          .replace(/^-+|-+$/g, ''),
      ),
    ),
  signInWithKey: async ({ masterKey }, use) =>
    use(async (page, key = masterKey) => {
      await page.addInitScript((k) => sessionStorage.setItem('atrium-admin:credential', JSON.stringify({ kind: 'api_key', apiKey: k })), key)
    }),
})

/** Fails the test on any CSP violation the page reports (the admin's CSP forbids inline script and style elements). */
export function watchCsp(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text())
  })
  return violations
}

export { expect }
export { expectAccessible } from './themes'
