import type { AtriumClient } from '@atrium-cms/client'
import type { Locator, Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { expect, test, type SeededSite } from '../fixtures'
import { solidPng } from '../png'

/*
 * "Nothing lost", generated over every screen with a form: type into it, then try to leave by a link, by a reload and
 * by switching site. Each attempt must either ask first (and staying keeps the text) or find the text saved.
 */

interface FormScreen {
  name: string
  /** Records the screen needs, made through the API; answers the screen's path under /admin. */
  path: (atrium: AtriumClient, site: SeededSite) => string | Promise<string>
  /** Opens the form where it is behind a button (a dialog). */
  open?: (page: Page) => Promise<void>
  field: (page: Page) => Locator
  value: string
}

const dialog = (page: Page) => page.getByRole('dialog')
const newButton = (name: string) => async (page: Page) => page.getByRole('button', { name, exact: true }).click()

async function legalDoc(atrium: AtriumClient, site: SeededSite, document_type: 'Imprint' | 'CookieConsent'): Promise<string> {
  const slug = `${document_type.toLowerCase()}-${randomBytes(3).toString('hex')}`
  const doc = (await atrium.POST('/api/v1/sites/{site_id}/legal', { params: { path: { site_id: site.id } }, body: { document_type, slug } })).data!
  return `/sites/${site.id}/legal/${doc.id}`
}

const SCREENS: FormScreen[] = [
  {
    name: 'site settings, general',
    path: (_, site) => `/sites/${site.id}/settings`,
    field: (page) => page.getByRole('region', { name: 'Site' }).getByRole('textbox', { name: 'Description' }),
    value: 'Typed, never saved',
  },
  {
    name: 'site settings, options',
    path: (_, site) => `/sites/${site.id}/settings`,
    field: (page) => page.getByRole('region', { name: 'Options' }).getByRole('textbox', { name: 'Feed path' }),
    value: '/typed-feed.xml',
  },
  {
    name: 'site settings, new locale',
    path: (_, site) => `/sites/${site.id}/settings`,
    field: (page) => page.getByRole('textbox', { name: 'New locale code' }),
    value: 'fr',
  },
  { name: 'new site', path: () => '/sites', field: (page) => page.getByRole('textbox', { name: 'Name', exact: true }), value: 'A site never created' },
  {
    name: 'legal document, German texts',
    path: (atrium, site) => legalDoc(atrium, site, 'Imprint'),
    field: (page) => page.getByRole('textbox', { name: 'Title (de)' }),
    value: 'Impressum, ungespeichert',
  },
  {
    name: 'legal document, its fields',
    path: (atrium, site) => legalDoc(atrium, site, 'Imprint'),
    field: (page) => page.getByRole('form', { name: 'Document' }).getByRole('textbox', { name: 'Slug' }),
    value: 'typed-slug',
  },
  {
    name: 'cookie consent group',
    path: (atrium, site) => legalDoc(atrium, site, 'CookieConsent'),
    open: newButton('Add a group'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Group title' }),
    value: 'Marketing, never saved',
  },
  {
    name: 'cookie consent item',
    path: async (atrium, site) => {
      const path = await legalDoc(atrium, site, 'CookieConsent')
      const document_id = path.split('/').at(-1)!
      await atrium.POST('/api/v1/legal/{document_id}/groups', { params: { path: { document_id } }, body: { title: 'Statistics' } })
      return path
    },
    open: newButton('Add a cookie or service to Statistics'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Provider' }),
    value: 'Matomo, never saved',
  },
  {
    name: 'new legal document',
    path: (_, site) => `/sites/${site.id}/legal`,
    open: newButton('New legal document'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Slug' }),
    value: 'typed-legal',
  },
  {
    name: 'document texts',
    path: async (atrium, site) => {
      const doc = (
        await atrium.POST('/api/v1/sites/{site_id}/documents', {
          params: { path: { site_id: site.id } },
          body: { document_type: 'pdf', url: 'https://example.com/prices.pdf' },
        })
      ).data!
      return `/sites/${site.id}/documents/${doc.id}`
    },
    field: (page) => page.getByRole('textbox', { name: 'Title (de)' }),
    value: 'Preisliste, ungespeichert',
  },
  {
    name: 'navigation item',
    path: async (atrium, site) => {
      await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site.id } }, body: { name: 'Primary', slug: 'primary' } })
      return `/sites/${site.id}/navigation`
    },
    field: (page) => page.getByRole('textbox', { name: /^Title \(en, default\)/ }).first(),
    value: 'Typed item',
  },
  {
    name: 'menu item edit',
    path: async (atrium, site) => {
      const menu = (await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site.id } }, body: { name: 'Primary', slug: 'primary' } }))
        .data!
      await atrium.POST('/api/v1/menus/{menu_id}/items', { params: { path: { menu_id: menu.id } }, body: { title: 'Home', link_type: 'internal', url: '/' } })
      return `/sites/${site.id}/navigation`
    },
    open: newButton('Edit “Home”'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Title (de)' }),
    value: 'Startseite, ungespeichert',
  },
  {
    name: 'taxonomy',
    path: (_, site) => `/sites/${site.id}/taxonomy`,
    open: newButton('New category'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Name' }),
    value: 'Typed category',
  },
  {
    name: 'redirects',
    path: (_, site) => `/sites/${site.id}/redirects`,
    open: newButton('New redirect'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Source path' }),
    value: '/typed-source',
  },
  {
    name: 'templates',
    path: (_, site) => `/sites/${site.id}/templates`,
    open: newButton('New template'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Name' }),
    value: 'Typed template',
  },
  {
    name: 'use a template',
    path: async (atrium, site) => {
      await atrium.POST('/api/v1/sites/{site_id}/content-templates', {
        params: { path: { site_id: site.id } },
        body: { name: 'Recipe', content_type: 'blog', template_data: { localizations: [{ locale: 'en', title: 'A recipe' }] } },
      })
      return `/sites/${site.id}/templates`
    },
    open: newButton('Use Recipe'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Title of the new post' }),
    value: 'Plum cake, never created',
  },
  {
    name: 'review comment',
    path: (_, site) => `/sites/${site.id}/blogs/${site.posts.inReview}`,
    open: newButton('Request changes'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Comment for the author' }),
    value: 'The second paragraph, please',
  },
  {
    name: 'social links',
    path: (_, site) => `/sites/${site.id}/social`,
    open: newButton('New link'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Platform' }),
    value: 'typedplatform',
  },
  {
    name: 'skills',
    path: (_, site) => `/sites/${site.id}/skills`,
    open: newButton('New skill'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Name' }),
    value: 'Typed skill',
  },
  {
    name: 'CV',
    path: (_, site) => `/sites/${site.id}/cv`,
    open: newButton('New entry'),
    field: (page) => dialog(page).getByRole('textbox', { name: 'Title' }),
    value: 'Typed CV entry',
  },
  {
    name: 'AI settings',
    path: (_, site) => `/sites/${site.id}/ai`,
    field: (page) => page.getByRole('textbox', { name: 'Provider name' }),
    value: 'Typed provider',
  },
  {
    name: 'webhooks',
    path: (_, site) => `/sites/${site.id}/webhooks`,
    field: (page) => page.getByRole('textbox', { name: 'Receiver URL' }),
    value: 'https://example.com/typed-hook',
  },
  {
    name: 'API keys',
    path: (_, site) => `/sites/${site.id}/api-keys`,
    field: (page) => page.getByRole('textbox', { name: 'Name', exact: true }),
    value: 'Typed key',
  },
  {
    name: 'members, add by identity-provider id',
    path: (_, site) => `/sites/${site.id}/members`,
    field: (page) => page.getByRole('region', { name: 'Add someone who has not signed in yet' }).getByRole('textbox', { name: 'Identity-provider user id' }),
    value: 'typed-never-added',
  },
  {
    name: 'media metadata',
    path: async (_, site) => {
      const form = new FormData()
      form.append('site_ids', JSON.stringify([site.id]))
      form.append('file', new Blob([new Uint8Array(solidPng([90, 140, 60]))], { type: 'image/png' }), 'meadow.png')
      const res = await fetch(`${process.env.ATRIUM_E2E_URL}/api/v1/media/upload`, {
        method: 'POST',
        headers: { 'x-api-key': process.env.ATRIUM_E2E_KEY as string },
        body: form,
      })
      return `/sites/${site.id}/media?item=${((await res.json()) as { id: string }).id}`
    },
    field: (page) =>
      page
        .locator('section.media-details')
        .getByRole('group', { name: /\(en\)$/ })
        .getByRole('textbox', { name: 'Alt text' }),
    value: 'A meadow, typed, never saved',
  },
  {
    name: 'documents, add',
    path: (_, site) => `/sites/${site.id}/documents`,
    open: newButton('Add document'),
    field: (page) => page.getByRole('textbox', { name: 'Download name' }),
    value: 'typed-prices.pdf',
  },
  {
    name: 'documents, new folder',
    path: (_, site) => `/sites/${site.id}/documents`,
    open: newButton('New folder'),
    field: (page) => page.getByRole('textbox', { name: 'Folder name' }),
    value: 'Typed folder',
  },
  {
    name: 'page editor',
    path: async (atrium, site) => {
      const created = (await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route: `/typed-${randomBytes(3).toString('hex')}` } })).data!
      return `/sites/${site.id}/pages/${created.id}`
    },
    field: (page) => page.getByRole('textbox', { name: 'Page type' }),
    value: 'typed-landing',
  },
  {
    name: 'navigation, create a menu',
    path: (_, site) => `/sites/${site.id}/navigation`,
    field: (page) => page.getByRole('form', { name: 'New menu' }).getByRole('textbox', { name: 'Name', exact: true }),
    value: 'Typed menu',
  },
  {
    name: 'post editor',
    path: (_, site) => `/sites/${site.id}/blogs/${site.posts.draft}`,
    field: (page) => page.getByRole('textbox', { name: 'Title' }).first(),
    value: 'A draft about gardens, typed on',
  },
]

/** A second site to switch to (the switcher lists every site the key sees). */
async function otherSite(atrium: AtriumClient): Promise<string> {
  const slug = `e2e-other-${randomBytes(4).toString('hex')}`
  const name = `E2E other ${slug.slice(-8)}`
  await atrium.POST('/api/v1/sites', { body: { name, slug, locales: [{ code: 'en', is_default: true }] } })
  return name
}

const leavePrompt = (page: Page) => page.getByRole('dialog', { name: 'Leave with unsaved changes?' })

/** After an attempt to leave: either a prompt came (stay, and the text is still there) or the text was saved. */
async function keptOrSaved(page: Page, s: FormScreen, path: string, prompted: boolean, how: string): Promise<void> {
  if (prompted) {
    await expect(page, `${how}: staying stays`).toHaveURL(new RegExp(`/admin${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    await expect(s.field(page), `${how}: staying keeps the text`).toHaveValue(s.value)
    return
  }
  if (!page.url().endsWith(`/admin${path}`)) await page.goto(`/admin${path}`)
  await s.open?.(page)
  await expect(s.field(page), `${how} without a prompt: the text must have been saved`).toHaveValue(s.value, { timeout: 3000 })
}

/**
 * Tries to leave by `act`; answers whether the leave prompt came (and then stays). Known as soon as the prompt shows or
 * the screen's path changes (the router asks before it changes the path: no prompt comes after that). Neither within
 * 2.5 s: not asked.
 */
async function promptAfter(page: Page, act: () => Promise<unknown>): Promise<boolean> {
  const from = new URL(page.url()).pathname
  await act()
  const prompt = leavePrompt(page)
  const asked = await Promise.race([
    prompt.waitFor({ timeout: 2500 }).then(
      () => true,
      () => false,
    ),
    page
      .waitForURL((url) => url.pathname !== from, { timeout: 2500, waitUntil: 'commit' })
      .then(
        () => false,
        () => false,
      ),
  ])
  if (asked) {
    await prompt.getByRole('button', { name: 'Stay' }).click()
    await expect(prompt).toBeHidden()
  }
  return asked
}

for (const s of SCREENS) {
  test(`nothing lost: ${s.name}`, async ({ page, site, atrium, signInWithKey }) => {
    test.slow()
    const other = await otherSite(atrium)
    const path = await s.path(atrium, site)
    await signInWithKey(page)
    await page.goto(`/admin${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await s.open?.(page)
    const field = s.field(page)
    // A click first: the browser asks before unloading only a page the user interacted with.
    await field.click()
    await field.fill(s.value)

    // 1. A link (dispatched: a dialog's overlay covers the sidebar, and back/forward or the palette navigate the same way).
    const byLink = await promptAfter(page, () => page.locator('#main-nav').getByRole('link').first().dispatchEvent('click'))
    await keptOrSaved(page, s, path, byLink, 'a link')
    if (!byLink) {
      await s.field(page).fill(s.value)
    }

    // 2. A reload: the browser's own prompt, dismissed.
    let reloadAsked = false
    page.once('dialog', (d) => {
      reloadAsked = d.type() === 'beforeunload'
      void d.dismiss()
    })
    await page.reload({ timeout: 4000 }).catch(() => undefined)
    await keptOrSaved(page, s, path, reloadAsked, 'a reload')

    // 3. The site switcher (a dialog over the screen covers it: nothing to switch while one is open).
    if (await dialog(page).isVisible()) return
    if (!reloadAsked) await s.field(page).fill(s.value)
    // The site shown before the attempt (a screen outside any site, such as a new site, shows the remembered or first one).
    const shownSite = await page.getByRole('combobox', { name: 'Site', exact: true }).inputValue()
    const bySwitch = await promptAfter(page, async () => {
      await page.getByRole('combobox', { name: 'Site', exact: true }).click()
      await page.getByRole('option', { name: other }).click()
    })
    await keptOrSaved(page, s, path, bySwitch, 'a site switch')
    await expect(page.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue(shownSite)
  })
}

test('site settings: saving Options keeps the unsaved name, and leaving then still asks', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/settings`)
  const general = page.getByRole('region', { name: 'Site' })
  const options = page.getByRole('region', { name: 'Options' })
  await general.getByRole('textbox', { name: 'Name' }).fill(`${site.name} renamed`)
  await options.getByRole('textbox', { name: 'Feed path' }).fill('/saved-feed.xml')
  await options.getByRole('button', { name: 'Save' }).click()
  await expect(options.getByRole('status')).toHaveText('Saved.')
  expect((await atrium.GET('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: site.id } } })).data!.feed_path).toBe('/saved-feed.xml')
  await expect(general.getByRole('textbox', { name: 'Name' })).toHaveValue(`${site.name} renamed`)
  expect(await promptAfter(page, () => page.locator('#main-nav').getByRole('link').first().dispatchEvent('click'))).toBe(true)
  await expect(general.getByRole('textbox', { name: 'Name' })).toHaveValue(`${site.name} renamed`)
})

test('legal texts: “Save en” keeps the unsaved German texts, and leaving then still asks', async ({ page, site, atrium, signInWithKey }) => {
  const path = await legalDoc(atrium, site, 'Imprint')
  await signInWithKey(page)
  await page.goto(`/admin${path}`)
  await page.getByRole('textbox', { name: 'Title (de)' }).fill('Impressum')
  await page.getByRole('textbox', { name: 'Title (en)' }).fill('Imprint')
  await page.getByRole('button', { name: 'Save en' }).click()
  await expect(page.getByRole('form', { name: /\(en\)/ }).getByRole('status')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Title (de)' })).toHaveValue('Impressum')
  expect(await promptAfter(page, () => page.locator('#main-nav').getByRole('link').first().dispatchEvent('click'))).toBe(true)
  await expect(page.getByRole('textbox', { name: 'Title (de)' })).toHaveValue('Impressum')
})

/*
 * A form in a dialog closed with typed text, by Escape, by its Cancel button or by its close button: either it asks
 * first ("Keep editing" keeps the text) or the draft is kept (reopening shows it). Discarding on purpose drops it.
 */
const DIALOGS = new Set([
  'menu item edit',
  'cookie consent group',
  'cookie consent item',
  'use a template',
  'review comment',
  'new legal document',
  'taxonomy',
  'redirects',
  'templates',
  'social links',
  'skills',
  'CV',
])
const discardPrompt = (page: Page) => page.getByRole('dialog', { name: 'Discard what you typed?' })

/**
 * Closes the dialog by `close`; the typed text must be kept. Whether the discard prompt came is known as soon as it
 * shows or the dialog's field goes (closed without asking: the text must come back on reopening). Neither within
 * 2.5 s: not asked, the dialog stayed open.
 */
async function closeKeeps(page: Page, s: FormScreen, how: string, close: () => Promise<void>): Promise<void> {
  await close()
  const prompt = discardPrompt(page)
  const asked = await Promise.race([
    prompt.waitFor({ timeout: 2500 }).then(
      () => true,
      () => false,
    ),
    // The prompt opens over the dialog, so the field goes only on a close without one (checked once more all the same).
    s
      .field(page)
      .waitFor({ state: 'hidden', timeout: 2500 })
      .then(
        () => prompt.isVisible(),
        () => false,
      ),
  ])
  if (asked) {
    await expect(prompt.getByRole('button', { name: 'Keep editing' }), `${how}: the prompt's safe choice has the focus`).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(prompt).toBeHidden()
  } else if (!(await s.field(page).isVisible())) await s.open?.(page)
  await expect(s.field(page), `${how}: the typed text must be kept`).toHaveValue(s.value)
}

for (const s of SCREENS.filter((x) => DIALOGS.has(x.name))) {
  test(`nothing lost: closing the ${s.name} dialog`, async ({ page, site, atrium, signInWithKey }) => {
    test.slow()
    const path = await s.path(atrium, site)
    await signInWithKey(page)
    await page.goto(`/admin${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await s.open?.(page)
    await s.field(page).fill(s.value)
    await closeKeeps(page, s, 'Escape', async () => {
      await s.field(page).focus()
      await page.keyboard.press('Escape')
    })
    await closeKeeps(page, s, 'Cancel', () => dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click())
    await closeKeeps(page, s, 'the close button', () => dialog(page).locator('.mantine-Modal-close').click())
    // Discarding on purpose: the dialog closes, and a new one starts empty.
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click()
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await s.open?.(page)
    await expect(s.field(page)).not.toHaveValue(s.value)
  })
}

test('nothing lost: Cancel on the new-folder and add-document forms asks first', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/documents`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  for (const [button, field] of [
    ['New folder', 'Folder name'],
    ['Add document', 'Download name'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click()
    await page.getByRole('textbox', { name: field }).fill('Typed, never saved')
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(discardPrompt(page)).toBeVisible()
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click()
    await expect(page.getByRole('textbox', { name: field })).toHaveValue('Typed, never saved')
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click()
    await expect(page.getByRole('textbox', { name: field })).toHaveCount(0)
  }
})
