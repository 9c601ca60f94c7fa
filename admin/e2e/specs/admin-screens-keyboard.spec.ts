import { createAtriumClient } from '@atrium-cms/client'
import type { Locator, Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startProvider } from '../../../test/servers/ai-provider'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { tokenFor } from '../oidc-provider'
import { Shell } from '../pages/Shell'

/*
 * The administration journeys (sites, API keys, webhooks, members, AI settings, audit log, notifications) by keyboard alone:
 * no mouse click in them. Each starts from the skip link, reaches controls with Tab (a bounded number of presses, so
 * an unreachable control fails), operates them with Enter, Space, arrows and typing, and checks where focus is after
 * every step that re-renders: a dialog takes focus and Escape gives it back to its opener; an action that removes or
 * replaces its own button leaves focus on something sensible, never on the page's body.
 */

/** Tab (or Shift+Tab) until `target` has focus, at most `max` presses: the control is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<void> {
  await expect(target).toBeVisible()
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  await expect(target, `not reached within ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 })
}

/** A Mantine select that has focus: ArrowDown opens it and walks the options to `name`; Enter chooses it. */
async function chooseByKeys(page: Page, name: string): Promise<void> {
  const option = page.getByRole('option', { name, exact: true })
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('listbox')).toBeVisible()
  for (let i = 0; i < 40 && (await option.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown')
  await expect(option).toHaveAttribute('data-combobox-selected')
  await page.keyboard.press('Enter')
}

/** The first Tab of a freshly loaded screen reaches the skip link; Enter puts focus on the screen's h1. */
async function startAtHeading(page: Page, title: string): Promise<void> {
  const shell = new Shell(page)
  await expect(shell.heading).toHaveText(title)
  await page.keyboard.press('Tab')
  await expect(shell.skipLink).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(shell.heading).toBeFocused()
}

/** Focus is inside the dialog (Mantine's trap); Escape closes it and focus is back on the opener. */
async function escapeReturnsFocus(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible()
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
}

test('sites by keyboard: create a site with a second locale, set its time zone, open and cancel the delete dialog', async ({ page, atrium, signInWithKey }) => {
  test.slow()
  const csp = watchCsp(page)
  const slug = `e2e-kb-${randomBytes(4).toString('hex')}`
  await signInWithKey(page)
  await page.goto('/admin/sites')
  await startAtHeading(page, 'Sites')

  // "New site" comes before the list (which grows with every site the run creates) and jumps to the form.
  await tabTo(page, page.getByRole('button', { name: 'New site' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused()
  await page.keyboard.type('Keyboard site')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('textbox', { name: 'Slug' })).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(slug)
  // Adding a locale moves focus to its first field (react-hook-form's append focuses it).
  await tabTo(page, page.getByRole('button', { name: 'Add a locale' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Code of locale 2' })).toBeFocused()
  await page.keyboard.type('de')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('textbox', { name: 'Name of locale 2' })).toBeFocused()
  await page.keyboard.type('Deutsch')
  // The default locale is a radio group: arrows move the choice to the second locale.
  await tabTo(page, page.getByRole('radio', { name: 'Default locale: en' }), { back: true })
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: 'Default locale: de' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Default locale: de' })).toBeFocused()
  await tabTo(page, page.getByRole('button', { name: 'Create site' }))
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/admin\/sites\/[0-9a-f-]+\/settings$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  const siteId = page.url().split('/').at(-2) as string
  const locales = (await atrium.GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!
  expect(locales.map((l) => [l.code, l.is_default]).sort()).toEqual([
    ['de', true],
    ['en', false],
  ])

  // The time zone: typed into the searchable list, taken with the arrows and Enter, saved with Enter.
  await tabTo(page, page.getByRole('combobox', { name: 'Time zone' }))
  await page.keyboard.type('Tokyo')
  await chooseByKeys(page, 'Asia/Tokyo')
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo')
  const options = page.getByRole('region', { name: 'Options' })
  await tabTo(page, options.getByRole('button', { name: 'Save' }))
  await page.keyboard.press('Enter')
  await expect(options.getByRole('status')).toHaveText('Saved.')
  expect((await atrium.GET('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: siteId } } })).data!.timezone).toBe('Asia/Tokyo')

  // The delete dialog takes focus (the type-to-confirm field) and gives it back on Escape.
  const del = page.getByRole('button', { name: 'Delete site…' })
  await tabTo(page, del)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Delete Keyboard site?' })
  await expect(dialog.getByRole('textbox', { name: `Type ${slug} to confirm` })).toBeFocused()
  await escapeReturnsFocus(page, dialog, del)
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test('API keys by keyboard: create, copy, dismiss the secret, revoke with confirmation', async ({ page, context, site, signInWithKey }) => {
  test.slow()
  const csp = watchCsp(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/api-keys`)
  await startAtHeading(page, 'API keys')

  const name = page.getByRole('textbox', { name: 'Name' })
  await tabTo(page, name)
  await page.keyboard.type('Keyboard key')
  // Enter in a field submits the form; the secret, shown once, takes focus so it can be copied at once.
  await page.keyboard.press('Enter')
  const secret = page.getByRole('textbox', { name: 'API key' })
  await expect(secret).toHaveValue(/^atr_/)
  await expect(secret).toBeFocused()
  const copy = page.getByRole('button', { name: 'Copy API key' })
  await page.keyboard.press('Tab')
  await expect(copy).toBeFocused()
  await page.keyboard.press('Space')
  await expect(copy).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.inputValue())
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'I have copied it' })).toBeFocused()
  // Dismissing the secret brings the form back with focus on its first field.
  await page.keyboard.press('Enter')
  await expect(secret).toHaveCount(0)
  await expect(name).toBeFocused()

  const row = page.getByRole('row').filter({ hasText: 'Keyboard key' })
  await expect(row).toContainText('Active')
  const revoke = row.getByRole('button', { name: 'Revoke Keyboard key' })
  await tabTo(page, revoke)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Revoke Keyboard key?' })
  await escapeReturnsFocus(page, dialog, revoke)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByRole('button', { name: 'Revoke key' }))
  await page.keyboard.press('Enter')
  await expect(row).toContainText('Revoked')
  // The revoke button is gone with the key's status: focus goes to the key's row (its usage link), not the page.
  await expect(row.getByRole('link', { name: 'Usage of Keyboard key' })).toBeFocused()
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test('webhooks by keyboard: create one for chosen events, dismiss the secret, send a test', async ({ page, site, signInWithKey }) => {
  test.slow()
  const received: string[] = []
  const receiver: Server = createServer((req, res) => {
    received.push(req.url ?? '')
    req.resume()
    req.on('end', () => res.writeHead(204).end())
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kb`
  try {
    const csp = watchCsp(page)
    await signInWithKey(page)
    await page.goto(`/admin/sites/${site.id}/webhooks`)
    await startAtHeading(page, 'Webhooks')

    const receiverUrl = page.getByRole('textbox', { name: 'Receiver URL' })
    await tabTo(page, receiverUrl)
    await page.keyboard.type(url)
    // "Every event" is the checked radio; ArrowDown moves to "Only the events I choose", which shows the checkboxes.
    await tabTo(page, page.getByRole('radio', { name: 'All events, including ones added later' }))
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: 'Only the events I choose' })).toBeChecked()
    await tabTo(page, page.getByRole('checkbox', { name: 'blog.published' }))
    await page.keyboard.press('Space')
    await expect(page.getByRole('checkbox', { name: 'blog.published' })).toBeChecked()
    // Past the remaining event checkboxes (one Tab stop each).
    await tabTo(page, page.getByRole('button', { name: 'Create webhook' }), { max: 120 })
    await page.keyboard.press('Enter')
    const secret = page.getByRole('textbox', { name: 'Signing secret' })
    await expect(secret).toHaveValue(/^whsec_/)
    await expect(secret).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'I have copied it' }))
    await page.keyboard.press('Enter')
    await expect(receiverUrl).toBeFocused()

    const row = page.getByRole('row').filter({ hasText: url })
    await expect(row).toContainText('1 event')
    const test = row.getByRole('button', { name: `Send a test to ${url}` })
    await tabTo(page, test, { back: true })
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('webhook-notice')).toContainText(`Test delivered to ${url}: HTTP 204`)
    expect(received).toEqual(['/kb'])
    // The button stays where it was while the test runs and after: a second test is one more Enter away.
    await expect(test).toBeFocused()
    // Pause by keyboard: the same button, relabelled, keeps focus.
    await page.keyboard.press('Tab')
    await expect(row.getByRole('button', { name: `Pause ${url}` })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(row).toContainText('Paused')
    await expect(row.getByRole('button', { name: `Resume ${url}` })).toBeFocused()
    await expectAccessible(page)
    expect(csp).toEqual([])
  } finally {
    await new Promise((r) => receiver.close(r))
  }
})

test('members by keyboard: add a person with a role, change the role, open and cancel removal', async ({ page, site, baseUrl, signInWithKey }) => {
  test.slow()
  const sub = `e2e-kbmember-${randomBytes(3).toString('hex')}`
  const token = await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', sub)
  await createAtriumClient({ baseUrl, token }).GET('/api/v1/auth/me')
  const name = `Person ${sub}`
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/members`)
  await startAtHeading(page, 'Members')

  await tabTo(page, page.getByRole('searchbox', { name: 'Find a person' }))
  await page.keyboard.type(sub)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Person' })).toBeFocused()
  await chooseByKeys(page, `${name} (${sub}@example.test)`)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Role for the new member' })).toBeFocused()
  await chooseByKeys(page, 'Editor')
  await expect(page.getByRole('combobox', { name: 'Role for the new member' })).toHaveValue('Editor')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Add member' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible()

  const row = page.getByRole('row').filter({ hasText: name })
  const role = row.getByRole('combobox', { name: `Role of ${name}` })
  await expect(role).toHaveValue('Editor')
  await tabTo(page, role, { back: true })
  await chooseByKeys(page, 'Reviewer')
  await expect(page.getByRole('status').filter({ hasText: `Role of ${name} is now Reviewer.` })).toBeVisible()
  await expect(role).toHaveValue('Reviewer')
  // The role select keeps focus through the save: the next change is one ArrowDown away.
  await expect(role).toBeFocused()

  const remove = row.getByRole('button', { name: `Remove ${name}` })
  await tabTo(page, remove)
  await page.keyboard.press('Enter')
  await escapeReturnsFocus(page, page.getByRole('dialog', { name: `Remove ${name}?` }), remove)
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test('AI settings by keyboard: a preset, the base URL and key typed, saved; focus stays in the form', async ({ page, site, signInWithKey }) => {
  test.slow()
  const provider = await startProvider()
  try {
    const csp = watchCsp(page)
    await signInWithKey(page)
    await page.goto(`/admin/sites/${site.id}/ai`)
    await startAtHeading(page, 'AI assistant')

    await tabTo(page, page.getByRole('button', { name: /^Local server/ }))
    await page.keyboard.press('Enter')
    const providerName = page.getByRole('textbox', { name: 'Provider name' })
    await expect(providerName).toHaveValue('Local server')
    const baseUrl = page.getByRole('textbox', { name: 'Base URL' })
    await tabTo(page, baseUrl)
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(`${provider.url}/v1`)
    await tabTo(page, page.getByLabel('New API key'))
    await page.keyboard.type('sk-keyboard-0123456789zyxw')
    const save = page.getByRole('button', { name: 'Save configuration' })
    await tabTo(page, save)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Configuration saved.' })).toBeVisible()
    await expect(page.getByTestId('masked-key')).toHaveText('Stored key: sk-…zyxw')
    // The form is rebuilt from the saved version: focus comes back to its Save button, not the page's body.
    await expect(save).toBeFocused()

    // Test connection, from the keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Test connection' }))
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('test-result')).toContainText('Connection works')
    await expect(page.getByRole('button', { name: 'Test connection' })).toBeFocused()
    await expectAccessible(page)
    expect(csp).toEqual([])
  } finally {
    await provider.close()
  }
})

test('audit log by keyboard: filter, open an entry, cancel and then confirm a revert', async ({ page, site, atrium, signInWithKey }) => {
  test.slow()
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } }, body: { author: 'Ada Lovelace' } })
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/audit`)
  await startAtHeading(page, 'Audit log')

  await tabTo(page, page.getByRole('combobox', { name: 'Record type' }))
  await page.keyboard.type('Post')
  await chooseByKeys(page, 'Post')
  await expect(page).toHaveURL(/entity_type=blog/)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Action', exact: true })).toBeFocused()
  await chooseByKeys(page, 'Updated')
  await expect(page).toHaveURL(/action=Update/)
  const rows = page.locator('tbody tr[data-entry]')
  await expect(rows).toHaveCount(1)

  const show = rows.first().getByRole('button', { name: /^Show changes: Updated Post/ })
  await tabTo(page, show)
  await page.keyboard.press('Enter')
  const changes = page.getByRole('region', { name: /^Changes of Post / })
  await expect(changes.locator('[data-field="author"] ins')).toHaveText('added: Ada Lovelace')
  const toggle = rows.first().getByRole('button', { name: /^Hide changes: Updated Post/ })
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const revertAuthor = changes.getByRole('checkbox', { name: 'Revert author' })
  await tabTo(page, revertAuthor)
  await expect(revertAuthor).toBeChecked()

  const revert = changes.getByRole('button', { name: 'Revert 1 field' })
  await tabTo(page, revert)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Revert these fields?' })
  await escapeReturnsFocus(page, dialog, revert)
  await page.keyboard.press('Enter')
  await tabTo(page, dialog.getByRole('button', { name: 'Revert', exact: true }))
  await page.keyboard.press('Enter')
  await expect(changes.getByRole('status')).toHaveText('Reverted: author')
  expect((await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } } })).data!.author).toBeNull()
  // The dialog gave focus back to the Revert button, busy then: it has it again once the revert is done.
  await expect(revert).toBeFocused()
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test('notifications by keyboard: the bell menu, mark one read, mark all read (JWT user)', async ({ page, site, atrium, baseUrl }) => {
  test.slow()
  const sub = `e2e-kbnotify-${randomBytes(3).toString('hex')}`
  const token = await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', sub)
  await createAtriumClient({ baseUrl, token }).GET('/api/v1/auth/me')
  await atrium.POST('/api/v1/sites/{site_id}/members', { params: { path: { site_id: site.id } }, body: { idp_user_id: sub, role: 'Editor' } })
  // Two posts submitted for review: two notifications for the site's editors.
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.draft } }, body: { status: 'InReview' } })
  const second = (
    await atrium.POST('/api/v1/blogs', {
      body: { site_ids: [site.id], status: 'Draft', localizations: [{ locale: 'en', title: 'Second thoughts', body: 'x' }] },
    })
  ).data!.id
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: second } }, body: { status: 'InReview' } })

  const csp = watchCsp(page)
  await page.addInitScript((c) => sessionStorage.setItem('atrium-admin:credential', JSON.stringify(c)), {
    kind: 'oidc',
    accessToken: token,
    name: `Person ${sub}`,
  })
  await page.goto(`/admin/notifications?site=${site.id}`)
  await startAtHeading(page, 'Notifications')

  // The bell: Enter opens its menu with focus inside; Escape closes it and focus is back on the bell.
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' })
  await tabTo(page, bell, { back: true, max: 60 })
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: /Review requested: Second thoughts/ })).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(bell).toBeFocused()

  const list = page.getByRole('list', { name: 'Notifications' })
  const gardens = list.getByRole('listitem').filter({ hasText: /A draft about gardens/ })
  const markOne = gardens.getByRole('button', { name: /^Mark “.*A draft about gardens.*” as read$/ })
  await tabTo(page, markOne)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('unread-count')).toHaveText('1 unread')
  await expect(markOne).toHaveCount(0)
  // The button went with the unread state: focus moves to the notification's link, not the page's body.
  await expect(gardens.getByRole('link', { name: /A draft about gardens/ })).toBeFocused()

  const markAll = page.getByRole('button', { name: 'Mark all as read' })
  await tabTo(page, markAll, { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('unread-count')).toHaveText('All read')
  await expect(page.getByRole('status').filter({ hasText: '1 notification marked as read.' })).toBeVisible()
  // Nothing left to mark: the button says so (aria-disabled) and keeps the focus.
  await expect(markAll).toHaveAttribute('aria-disabled', 'true')
  await expect(markAll).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('unread-count')).toHaveText('All read')
  await expectAccessible(page)
  expect(csp).toEqual([])
})
