import type { Locator, Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, watchCsp } from '../fixtures'
import { solidPng } from '../png'

/*
 * Issue 38's "Done when": the eleven everyday tasks, each by keyboard alone. No mouse click: focus moves with Tab and
 * Shift+Tab (a bounded number of presses, so an unreachable control fails), controls are worked with Enter, Space,
 * the arrows and typing. Locators only assert, or check where the focus is. A screen is opened by its address, as
 * one typed into the address bar (or from the palette, task 7).
 */

/** Is `target` (or something inside it) the focused element? The Markdown body lives in a shadow root. */
const hasFocus = (target: Locator) =>
  target.evaluate((el) => {
    const active = (el.getRootNode() as Document | ShadowRoot).activeElement
    return active !== null && (el === active || el.contains(active))
  })

/** Is the focus in a Markdown body (CodeMirror)? There Tab indents: Escape first lets the next Tab leave it. */
const inMarkdown = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return (active?.closest('.cm-editor') ?? null) !== null
  })

/** Tab (or Shift+Tab) until `target` has the focus, at most `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  await expect(target).toBeVisible()
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return
    if (i === max) break
    if (await inMarkdown(page)) await page.keyboard.press('Escape')
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)}`)
}

/** Tab to a control and press a key on it. */
async function pressOn(page: Page, target: Locator, key = 'Enter', opts: { max?: number; back?: boolean } = {}): Promise<void> {
  await tabTo(page, target, opts)
  await page.keyboard.press(key)
}

/** A Mantine select (or combobox) that has the focus: ArrowDown walks the options to `name`; Enter takes it. */
async function chooseByKeys(page: Page, name: string): Promise<void> {
  const option = page.getByRole('option', { name, exact: true })
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('listbox')).toBeVisible()
  for (let i = 0; i < 40 && (await option.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown')
  await expect(option).toHaveAttribute('data-combobox-selected')
  await page.keyboard.press('Enter')
}

/** The first Tab of a freshly loaded screen reaches the skip link; Enter puts focus on the screen's h1. */
async function startAtHeading(page: Page, title: string | RegExp): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(title)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(heading).toBeFocused()
}

/** Selects all the text of the focused field and types over it. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

async function upload(baseUrl: string, masterKey: string, siteId: string, name: string, rgb: [number, number, number]): Promise<string> {
  const form = new FormData()
  form.append('site_ids', JSON.stringify([siteId]))
  form.append('file', new Blob([new Uint8Array(solidPng(rgb))], { type: 'image/png' }), name)
  const res = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': masterKey }, body: form })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

test.describe.configure({ timeout: 120_000 })

test('1. publish a post with cover, tags and translation, by keyboard', async ({ page, site, atrium, baseUrl, masterKey, signInWithKey }) => {
  const csp = watchCsp(page)
  await upload(baseUrl, masterKey, site.id, 'harbour.png', [30, 90, 160])
  await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: 'Harbours' } })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/blogs/new`)
  await startAtHeading(page, 'New post')
  const title = page.getByRole('textbox', { name: 'Title', exact: true })
  const body = page.getByRole('textbox', { name: 'Body (Markdown)' })
  await tabTo(page, title, { max: 10 })
  await page.keyboard.type('Boats in the harbour')
  await tabTo(page, body, { max: 10 })
  await page.keyboard.type('The boats are *back*.')
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page).toHaveURL(/\/blogs\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').pop()!
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('Boats in the harbour')
  await expect(heading).toBeFocused()

  // The translation: the German tab of the locale bar, then its texts; Ctrl+S saves them.
  const german = page.getByRole('navigation', { name: 'Languages of this post' }).locator('[data-locale="de"]')
  await pressOn(page, german, 'Enter', { max: 15 })
  await expect(german).toHaveAttribute('aria-current', /.+/)
  await tabTo(page, title, { max: 10 })
  await page.keyboard.type('Boote im Hafen')
  await tabTo(page, body, { max: 10 })
  await page.keyboard.type('Die Boote sind *zurück*.')
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved')

  // The cover: the picker opens from its button; the image is chosen with Enter, then "Use this image".
  const cover = page.getByRole('group', { name: 'Cover image' })
  const choose = cover.getByRole('button', { name: 'Choose: Cover image' })
  await pressOn(page, choose, 'Enter', { max: 80 })
  const dialog = page.getByRole('dialog', { name: 'Choose: Cover image' })
  await expect(dialog).toBeVisible()
  await pressOn(page, dialog.getByRole('button', { name: 'harbour.png', exact: true }), 'Enter', { max: 30 })
  await pressOn(page, dialog.getByRole('button', { name: 'Use this image' }), 'Enter', { max: 30 })
  await expect(dialog).toBeHidden()
  await expect(cover.getByTestId('media-picker-filename')).toHaveText('harbour.png')
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved')

  // Tags: "Harb" + Enter takes the existing tag.
  const tags = page.getByRole('group', { name: 'Tags', exact: true })
  await tabTo(page, tags.getByRole('combobox', { name: 'Add a tag' }), { max: 80 })
  await page.keyboard.type('Harb')
  await expect(page.getByRole('option', { name: 'Harbours', exact: true })).toHaveAttribute('data-combobox-selected')
  await page.keyboard.press('Enter')
  await expect(tags.getByRole('button', { name: 'Remove tag “Harbours”' })).toBeVisible()

  // Publish: back up to the workflow buttons.
  await pressOn(page, page.getByRole('button', { name: 'Publish', exact: true }), 'Enter', { back: true, max: 150 })
  await expect(page.getByTestId('blog-status')).toHaveAttribute('data-status', 'Published')

  const detail = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })).data!
  expect(detail.status).toBe('Published')
  expect(detail.localizations.map((l) => l.title).sort()).toEqual(['Boats in the harbour', 'Boote im Hafen'])
  expect(detail.cover_image_id).toMatch(/^[0-9a-f-]{36}$/)
  expect(detail.tags.map((t) => t.name)).toEqual(['Harbours'])
  expect(csp).toEqual([])
})

test('2. schedule a post, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/blogs/${site.posts.draft}`)
  await startAtHeading(page, 'A draft about gardens')
  const year = new Date().getUTCFullYear() + 1
  // The native date-and-time field: its parts typed in turn (the browser's en-US order), Tab between date and time.
  const start = page.getByLabel('Publish from', { exact: true })
  await tabTo(page, start, { max: 80 })
  await page.keyboard.type(`0701${year}`)
  await page.keyboard.press('Tab')
  await page.keyboard.type('0900AM')
  await expect(start).toHaveValue(`${year}-07-01T09:00`)
  const schedule = page.getByRole('button', { name: 'Schedule', exact: true })
  await pressOn(page, schedule, 'Enter', { back: true, max: 100 })
  await expect(page.getByTestId('blog-status')).toHaveAttribute('data-status', 'Scheduled')
  const blog = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.draft } } })).data!
  expect(blog.status).toBe('Scheduled')
  // 09:00 in New York in July (EDT, UTC-4).
  expect(new Date(blog.publish_start!).toISOString()).toBe(`${year}-07-01T13:00:00.000Z`)
})

test('3. reorder a menu, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  const menu = (await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site.id } }, body: { name: 'Primary', slug: 'primary' } }))
    .data!
  for (const [i, title] of ['Home', 'Blog', 'Contact'].entries())
    await atrium.POST('/api/v1/menus/{menu_id}/items', {
      params: { path: { menu_id: menu.id } },
      body: { title, link_type: 'internal', url: `/${i === 0 ? '' : title.toLowerCase()}`, display_order: i },
    })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/navigation`)
  await startAtHeading(page, 'Navigation')
  const rows = page.getByRole('list', { name: 'Items of the menu, in order' }).getByRole('listitem')
  await expect(rows).toHaveCount(3)
  const up = page.getByRole('button', { name: 'Move “Contact” up', exact: true })
  await pressOn(page, up, 'Enter', { max: 80 })
  await expect(page.getByTestId('nav-announcer')).toHaveText('“Contact” moved: top level, position 2 of 3.')
  await expect(up).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('nav-announcer')).toHaveText('“Contact” moved: top level, position 1 of 3.')
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'saved')
  const tree = (await atrium.GET('/api/v1/menus/{menu_id}/tree', { params: { path: { menu_id: menu.id } } })).data!
  expect(tree.map((n) => n.title)).toEqual(['Contact', 'Home', 'Blog'])
})

test('4. use an uploaded image in a page, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  const created = (
    await atrium.POST('/api/v1/pages', {
      body: { site_ids: [site.id], route: '/harbour', sections: [{ section_type: 'hero', localizations: [{ locale: 'en', title: 'The harbour' }] }] },
    })
  ).data!
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/pages/${created.id}`)
  await startAtHeading(page, '/harbour')
  const cover = page.getByRole('article', { name: 'section “The harbour” (hero)' }).getByRole('group', { name: 'Cover image' })
  await pressOn(page, cover.getByRole('button', { name: 'Choose: Cover image' }), 'Enter', { max: 80 })
  const dialog = page.getByRole('dialog', { name: 'Choose: Cover image' })
  // The upload: "Choose files" by keyboard opens the system's file chooser.
  const chooser = page.waitForEvent('filechooser')
  await pressOn(page, dialog.getByRole('button', { name: 'Choose files' }), 'Enter', { max: 30 })
  await (await chooser).setFiles([{ name: 'pier.png', mimeType: 'image/png', buffer: solidPng([160, 110, 60]) }])
  await expect(dialog.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'pier.png' })).toContainText('Uploaded')
  await pressOn(page, dialog.getByRole('button', { name: 'Use this image' }), 'Enter', { max: 40 })
  await expect(dialog).toBeHidden()
  await expect(cover.getByTestId('media-picker-filename')).toHaveText('pier.png')
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved')
  const [section] = (await atrium.GET('/api/v1/pages/{page_id}/sections', { params: { path: { page_id: created.id } } })).data!
  expect((await atrium.GET('/api/v1/media/{id}', { params: { path: { id: section!.cover_image_id! } } })).data!.filename).toBe('pier.png')
})

test('5. create a redirect, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/redirects`)
  await startAtHeading(page, 'Redirects')
  await pressOn(page, page.getByRole('button', { name: 'New redirect' }), 'Enter', { max: 20 })
  const dialog = page.getByRole('dialog', { name: 'New redirect' })
  await expect(dialog.getByRole('textbox', { name: 'Source path' })).toBeFocused()
  await page.keyboard.type('/old-harbour')
  await tabTo(page, dialog.getByRole('textbox', { name: 'Destination' }), { max: 5 })
  await page.keyboard.type('/harbour')
  // The status code: a radio group, arrows move the choice.
  await tabTo(page, dialog.getByRole('radio', { checked: true }), { max: 5 })
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('radio', { name: '302 temporary' })).toBeChecked()
  await pressOn(page, dialog.getByRole('button', { name: 'Create redirect' }), 'Enter', { max: 10 })
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Redirect /old-harbour saved.' })).toBeVisible()
  const list = (await atrium.GET('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: site.id } } })).data!
  expect(list.data.map((r) => [r.source_path, r.destination_path, r.status_code])).toEqual([['/old-harbour', '/harbour', 302]])
})

test('6. roll back from history, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  const id = site.posts.draft
  const detail = async () => (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })).data!
  const locId = (await detail()).localizations[0]!.id
  await atrium.PUT('/api/v1/blogs/localizations/{loc_id}', { params: { path: { loc_id: locId } }, body: { title: 'Gardens, rewritten' } })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/blogs/${id}`)
  await startAtHeading(page, 'Gardens, rewritten')
  await pressOn(page, page.getByRole('button', { name: 'History', exact: true }), 'Enter', { max: 15 })
  const history = page.getByRole('dialog', { name: 'Change history' })
  await expect(history.getByTestId('history-panel')).toBeVisible()
  const change = history.locator('li[data-entity="blog_localization"]').filter({ hasText: 'rewritten' })
  await pressOn(page, change.getByRole('checkbox'), 'Space', { max: 30 })
  await expect(change.getByRole('checkbox')).toBeChecked()
  await pressOn(page, history.getByRole('button', { name: /^Revert 1 change$/ }), 'Enter', { max: 30 })
  await pressOn(page, history.getByRole('button', { name: 'Revert now' }), 'Enter', { max: 10 })
  await expect(history.getByRole('status').filter({ hasText: 'Reverted:' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(history).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('A draft about gardens')
  expect((await detail()).localizations[0]!.title).toBe('A draft about gardens')
})

test('7. find a post by its German title, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  const word = `Leuchtturm${randomBytes(3).toString('hex')}`
  await atrium.POST('/api/v1/blogs/{id}/localizations', {
    params: { path: { id: site.posts.published } },
    body: { locale: 'de', title: `${word} am Meer`, body: 'Am Meer.' },
  })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}`)
  await startAtHeading(page, /Dashboard/)
  // The palette: Ctrl+K, the German title, the arrows to the post, Enter.
  await page.keyboard.press('Control+k')
  await expect(page.getByRole('textbox', { name: 'Search screens, content, sites and actions' })).toBeFocused()
  await page.keyboard.type(word)
  const hit = page.getByRole('dialog').getByRole('button', { name: new RegExp(`${word} am Meer`) })
  await expect(hit).toBeVisible()
  for (let i = 0; i < 10 && (await hit.getAttribute('data-selected')) === null && (await hit.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/blogs/${site.posts.published}$`))

  // And in the post list: its search covers every language.
  await page.goto(`/admin/sites/${site.id}/blogs`)
  await startAtHeading(page, 'Posts')
  await tabTo(page, page.getByRole('searchbox', { name: /Search/ }), { max: 30 })
  await page.keyboard.type(word)
  await page.keyboard.press('Enter')
  // Tabbing starts once the list shows the search's answer, the post by its German title and nothing else: before, the
  // unsearched rows were still there, and their re-render under the Tabs lost the focus (40 Tabs never reached the row).
  const table = page.getByRole('table')
  const found = table.getByRole('rowheader', { name: `${word} am Meer`, exact: true })
  await expect(found).toBeVisible()
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await pressOn(page, found.getByRole('link', { name: `${word} am Meer`, exact: true }), 'Enter', { max: 40 })
  await expect(page).toHaveURL(new RegExp(`/blogs/${site.posts.published}`))
})

test('8. add a member who has never signed in, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  const sub = `e2e-kbnew-${randomBytes(3).toString('hex')}`
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/members`)
  await startAtHeading(page, 'Members')
  const form = page.getByRole('region', { name: 'Add someone who has not signed in yet' })
  await tabTo(page, form.getByRole('textbox', { name: 'Identity-provider user id' }), { max: 40 })
  await page.keyboard.type(sub)
  await tabTo(page, form.getByRole('combobox', { name: 'Starting role' }), { max: 5 })
  await chooseByKeys(page, 'Editor')
  await pressOn(page, form.getByRole('button', { name: 'Add by id' }), 'Enter', { max: 5 })
  await expect(page.getByRole('status').filter({ hasText: `${sub} was added as Editor.` })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: sub })
  await expect(row).toContainText('Has not signed in yet')
  const members = (await atrium.GET('/api/v1/sites/{site_id}/members', { params: { path: { site_id: site.id } } })).data!
  expect(JSON.stringify(members)).toContain(sub)
})

test('9. create a key and see its usage, by keyboard', async ({ page, site, baseUrl, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/api-keys`)
  await startAtHeading(page, 'API keys')
  const name = `Kiosk ${randomBytes(2).toString('hex')}`
  await tabTo(page, page.getByRole('textbox', { name: 'Name', exact: true }), { max: 20 })
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  const secret = page.getByRole('textbox', { name: 'API key' })
  await expect(secret).toBeFocused()
  const key = await secret.inputValue()
  await pressOn(page, page.getByRole('button', { name: 'I have copied it' }), 'Enter', { max: 5 })
  // The key reads, as a frontend would.
  expect((await fetch(`${baseUrl}/api/v1/sites/${site.id}/blogs`, { headers: { 'x-api-key': key } })).status).toBe(200)
  const usage = page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link', { name: `Usage of ${name}` })
  await pressOn(page, usage, 'Enter', { max: 40 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Usage of ${name}`)
  await expect(page.getByRole('table', { name: 'Latest requests with this key' })).toContainText(`/api/v1/sites/${site.id}/blogs`)
  await pressOn(page, page.getByRole('button', { name: 'Show as table' }), 'Enter', { max: 30 })
  await expect(page.getByRole('table', { name: /Requests per day/ })).toBeVisible()
})

interface Receiver {
  url: string
  received: { headers: IncomingHttpHeaders; body: string }[]
  close: () => Promise<void>
}

async function receiver(): Promise<Receiver> {
  const received: Receiver['received'] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ seen: received.length }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => new Promise((r) => server.close(() => r())) }
}

test('10. read and redeliver a webhook delivery, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  const hooks = await receiver()
  try {
    const hook = (
      await atrium.POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: site.id } }, body: { url: hooks.url, events: ['tag.created'] } })
    ).data!
    await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: 'Lighthouses' } })
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(1)
    await signInWithKey(page)
    await page.goto(`/admin/sites/${site.id}/webhooks/${hook.id}`)
    await startAtHeading(page, /.+/)
    const log = page.getByRole('table', { name: 'Delivery attempts, newest first' })
    await pressOn(page, log.getByRole('link', { name: /^Details of tag\.created, attempt 1/ }), 'Enter', { max: 40 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('tag.created, attempt 1')
    await expect(page.getByRole('region', { name: 'Request sent' }).getByLabel('Body: Request sent')).toContainText('Lighthouses')
    await expect(page.getByRole('region', { name: 'Response received' }).getByLabel('Body: Response received')).toContainText('"seen": 1')
    await pressOn(page, page.getByRole('button', { name: 'Redeliver' }), 'Enter', { max: 40 })
    await expect(page.getByTestId('redeliver-status')).toContainText('Queued: attempt 2')
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(2)
  } finally {
    await hooks.close()
  }
})

test('11. export and re-import a site, by keyboard', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/settings`)
  await startAtHeading(page, /.+/)
  await pressOn(page, page.getByRole('link', { name: 'Export', exact: true }), 'Enter', { max: 80 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Export this site')
  const download = page.waitForEvent('download')
  await pressOn(page, page.getByRole('button', { name: 'Download the archive' }), 'Enter', { max: 20 })
  const file = await download
  await expect(page.getByTestId('export-status')).toContainText(`Downloaded ${file.suggestedFilename()}`)
  const archive = join(mkdtempSync(join(tmpdir(), 'atrium-e2e-')), file.suggestedFilename())
  await file.saveAs(archive)

  await pressOn(page, page.getByRole('link', { name: 'Import a site from an archive' }), 'Enter', { max: 20 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import a site')
  // The archive through the file chooser, opened from its control by keyboard.
  const chooser = page.waitForEvent('filechooser')
  await tabTo(page, page.getByLabel(/archive/i).first(), { max: 20 })
  await page.keyboard.press('Enter')
  await (await chooser).setFiles(archive)
  const copy = `${site.slug}-kb`
  await tabTo(page, page.getByRole('textbox', { name: 'Address of the new site (slug)' }), { max: 10 })
  await retype(page, copy)
  await pressOn(page, page.getByRole('button', { name: 'Check the archive' }), 'Enter', { max: 10 })
  await expect(page.getByRole('table', { name: 'Records in the archive' }).getByRole('row', { name: /Posts/ })).toContainText('4')
  await pressOn(page, page.getByRole('button', { name: 'Import the site' }), 'Enter', { max: 30 })
  await expect(page.getByTestId('import-status')).toHaveText(`Imported “${site.name}” (/${copy}).`)
  expect((await atrium.GET('/api/v1/sites')).data!.some((s) => s.slug === copy)).toBe(true)
})
