import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { RedirectsScreen } from '../pages/Redirects'

const csvOf = (rows: string[]) => ['source_path,destination_path,status_code', ...rows].join('\r\n') + '\r\n'

test('import twenty redirects from a CSV and test one', async ({ page, site, atrium, signInWithKey }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  const screen = new RedirectsScreen(page)
  await screen.goto(site.id)
  await expect(screen.heading).toHaveText('Redirects')
  await expect(page.getByText('No redirects yet.')).toBeVisible()

  const rows = Array.from({ length: 20 }, (_, i) => `/old-${i + 1},/new-${i + 1},${i % 2 === 0 ? 301 : 302}`)
  await screen.chooseCsv('twenty.csv', csvOf(rows))
  await expect(page.getByRole('status').filter({ hasText: '20 redirects ready to import.' })).toBeVisible()
  await expect(screen.preview.locator('tbody tr')).toHaveCount(20)
  await page.getByRole('button', { name: 'Import 20 redirects' }).click()
  await expect(page.getByText('20 redirects imported.')).toBeVisible()
  await expect(screen.rows()).toHaveCount(20)
  await expect(page.getByText('20 redirects', { exact: true })).toBeVisible()

  // The list searches as you type; "test a path" asks the lookup endpoint frontends use.
  await screen.search.fill('old-7')
  await expect(screen.rows()).toHaveCount(1)
  await screen.testPath.fill('/old-7/')
  await screen.testButton.click()
  await expect(screen.testResult).toHaveText('/old-7/ redirects to /new-7 (301).')
  await screen.testPath.fill('/nowhere')
  await screen.testButton.click()
  await expect(screen.testResult).toHaveText('No active redirect for /nowhere.')
  await screen.search.fill('')
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}redirects.png`, fullPage: true })

  const list = (await atrium.GET('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: site.id }, query: { per_page: 100 } } })).data!
  expect(list.meta.total).toBe(20)
  expect(list.data.find((r) => r.source_path === '/old-2')?.status_code).toBe(302)
  expect(csp).toEqual([])
})

test('a CSV with a bad row shows that row and imports nothing', async ({ page, site, atrium, signInWithKey }) => {
  await atrium.POST('/api/v1/sites/{site_id}/redirects', {
    params: { path: { site_id: site.id } },
    body: { source_path: '/taken', destination_path: '/elsewhere' },
  })
  await signInWithKey(page)
  const screen = new RedirectsScreen(page)
  await screen.goto(site.id)
  await expect(screen.rows()).toHaveCount(1)
  await screen.chooseCsv('bad.csv', csvOf(['/a,/b,301', '/c,/d,301', '/same,/same,301', '/e,/f,307', '/taken,/x,301', '/g,/h,302']))
  await expect(page.getByRole('alert').filter({ hasText: '3 lines have problems; fix the file and choose it again. Nothing will be imported.' })).toBeVisible()
  // Only the bad lines are listed, each with its line number and what is wrong.
  await expect(screen.preview.locator('tbody tr')).toHaveCount(3)
  await expect(screen.preview.getByRole('row', { name: /^4 \/same/ })).toContainText('Destination: Must differ from the source path.')
  await expect(screen.preview.getByRole('row', { name: /^5 \/e/ })).toContainText('Code: Must be 301 or 302.')
  await expect(screen.preview.getByRole('row', { name: /^6 \/taken/ })).toContainText('Source: This source already has a redirect.')
  await expect(page.getByRole('button', { name: /^Import \d+ redirect/ })).toHaveCount(0)
  await expectAccessible(page)
  const list = (await atrium.GET('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: site.id } } })).data!
  expect(list.meta.total).toBe(1)
})

test('a row the server refuses (a source taken meanwhile) is named, and nothing is imported', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  const screen = new RedirectsScreen(page)
  await screen.goto(site.id)
  await expect(page.getByText('No redirects yet.')).toBeVisible()
  await screen.chooseCsv('three.csv', csvOf(['/a,/b,301', '/c,/d,302', '/e,/f,301']))
  await expect(page.getByRole('status').filter({ hasText: '3 redirects ready to import.' })).toBeVisible()
  // Someone else creates /c after the file was checked: the server's all-or-nothing import refuses that line.
  await atrium.POST('/api/v1/sites/{site_id}/redirects', {
    params: { path: { site_id: site.id } },
    body: { source_path: '/c', destination_path: '/elsewhere' },
  })
  await page.getByRole('button', { name: 'Import 3 redirects' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The server refused the import, so nothing was imported.' })).toBeVisible()
  const refused = page.getByRole('table', { name: 'Lines the server refused' })
  await expect(refused.locator('tbody tr')).toHaveCount(1)
  await expect(refused.getByRole('row', { name: /^3 \/c/ })).toContainText('Source')
  await expect(refused.getByRole('row', { name: /^3 \/c/ })).toContainText('/c already has a live redirect in this site')
  // The file stays chosen, its preview shown.
  await expect(screen.preview.locator('tbody tr')).toHaveCount(3)
  await expectAccessible(page)
  await expect(screen.rows()).toHaveCount(1)
  const list = (await atrium.GET('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: site.id } } })).data!
  expect(list.data.map((r) => r.source_path)).toEqual(['/c'])
})

test('create with field errors kept on the form, edit, and delete after a confirmation', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  const screen = new RedirectsScreen(page)
  await screen.goto(site.id)
  await screen.newRedirect.click()
  const dialog = page.getByRole('dialog', { name: 'New redirect' })
  await dialog.getByRole('textbox', { name: 'Source path' }).fill('/promo')
  await dialog.getByRole('textbox', { name: 'Destination' }).fill('/promo/')
  await dialog.getByRole('button', { name: 'Create redirect' }).click()
  await expect(dialog.getByText('Must differ from the source path.')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Destination' })).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByRole('textbox', { name: 'Destination' }).fill('https://example.com/sale')
  await dialog.getByRole('radio', { name: '302 temporary' }).check()
  await dialog.getByRole('button', { name: 'Create redirect' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Redirect /promo saved.' })).toBeVisible()
  await expect(screen.table.getByRole('row', { name: /\/promo/ })).toContainText('302')

  // A source that already has a redirect: the server's 409 shows its title; what was typed stays.
  await screen.newRedirect.click()
  await dialog.getByRole('textbox', { name: 'Source path' }).fill('/promo')
  await dialog.getByRole('textbox', { name: 'Destination' }).fill('/other')
  await dialog.getByRole('button', { name: 'Create redirect' }).click()
  await expect(dialog.getByRole('alert')).toContainText('That conflicts with another record')
  await dialog.getByText('Details', { exact: true }).click()
  await expect(dialog.getByText(/^Request id: \S+/)).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Destination' })).toHaveValue('/other')
  await expectAccessible(page)
  // Cancel with typed text asks first; discarding is a choice.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('dialog', { name: 'Discard what you typed?' }).getByRole('button', { name: 'Discard' }).click()

  await page.getByRole('button', { name: 'Edit /promo' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit redirect' })
  await edit.getByRole('textbox', { name: 'Destination' }).fill('/summer-sale')
  await edit.getByRole('button', { name: 'Save redirect' }).click()
  await expect(edit).toBeHidden()
  await expect(screen.table.getByRole('row', { name: /\/promo/ })).toContainText('/summer-sale')

  await page.getByRole('button', { name: 'Delete /promo' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this redirect?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(screen.rows()).toHaveCount(1)
  await page.getByRole('button', { name: 'Delete /promo' }).click()
  await confirm.getByRole('button', { name: 'Delete redirect' }).click()
  await expect(page.getByText('No redirects yet.')).toBeVisible()
  const list = (await atrium.GET('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: site.id } } })).data!
  expect(list.meta.total).toBe(0)
})

test('a busy button pressed by keyboard keeps the focus: "Test" a path with Enter, then with Space', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  const screen = new RedirectsScreen(page)
  await screen.goto(site.id)
  await expect(screen.heading).toHaveText('Redirects')
  // The answer is held a moment: the button is busy (disabled, which drops its focus) for many frames.
  await page.route('**/api/v1/sites/*/redirects/lookup?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  await screen.testPath.fill('/nowhere')
  await page.keyboard.press('Tab')
  await expect(screen.testButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(screen.testButton).toBeDisabled()
  await expect(screen.testResult).toHaveText('No active redirect for /nowhere.')
  await expect(screen.testButton).toBeEnabled()
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true)
  await expect(screen.testButton).toBeFocused()

  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('/elsewhere')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(screen.testButton).toBeDisabled()
  await expect(screen.testResult).toHaveText('No active redirect for /elsewhere.')
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true)
  await expect(screen.testButton).toBeFocused()
})
