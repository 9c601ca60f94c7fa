import { randomBytes } from 'node:crypto'
import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'

test('create a site with two locales', async ({ page, atrium, signInWithKey }) => {
  // A long journey with several axe scans: more than 30 s on a loaded machine.
  test.slow()
  const csp = watchCsp(page)
  const slug = `e2e-new-${randomBytes(4).toString('hex')}`
  await signInWithKey(page)
  await page.goto('/admin/sites')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sites')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Two tongues')
  await page.getByRole('textbox', { name: 'Slug' }).fill(slug)
  await page.getByRole('button', { name: 'Add a locale' }).click()
  await page.getByRole('textbox', { name: 'Code of locale 2' }).fill('de')
  await page.getByRole('textbox', { name: 'Name of locale 2' }).fill('Deutsch')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Create site' }).click()

  await expect(page).toHaveURL(/\/admin\/sites\/[0-9a-f-]+\/settings$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
  const locales = page.getByRole('table', { name: 'Locales of the site' })
  await expect(locales.getByRole('row')).toHaveCount(3)
  await expect(locales.getByRole('row').filter({ hasText: 'en' }).first()).toContainText('Default')
  const siteId = page.url().split('/').at(-2) as string
  const apiLocales = (await atrium.GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!
  expect(apiLocales.map((l) => [l.code, l.is_default])).toEqual([
    ['en', true],
    ['de', false],
  ])

  // Settings: a time zone from the searchable list, saved.
  await page.getByRole('combobox', { name: 'Time zone' }).click()
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Berlin')
  await page.getByRole('option', { name: 'Europe/Berlin' }).click()
  await page.getByRole('region', { name: 'Options' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('region', { name: 'Options' }).getByRole('status')).toHaveText('Saved.')
  expect((await atrium.GET('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: siteId } } })).data!.timezone).toBe('Europe/Berlin')
  await expectAccessible(page)
  // From the top: a full-page shot of a scrolled page draws the sticky header where the viewport was.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SCREENSHOTS}site-settings.png`, fullPage: true })

  // Deleting asks for the slug.
  await page.getByRole('button', { name: 'Delete site…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Two tongues?' })
  await expect(dialog.getByRole('button', { name: 'Delete site' })).toBeDisabled()
  await expectAccessible(page)
  await dialog.getByRole('textbox', { name: `Type ${slug} to confirm` }).fill(slug)
  await dialog.getByRole('button', { name: 'Delete site' }).click()
  await expect(page).toHaveURL(/\/admin\/sites$/)
  // Alone on a fresh database this was the only site, and the screen shows its empty state instead of the table.
  const sites = page.getByRole('table', { name: 'Your sites' }).or(page.getByText('No sites yet. Create the first one below.'))
  await expect(sites).toBeVisible()
  await expect(sites).not.toContainText(slug)
  expect(csp).toEqual([])
})

test('saving the site’s name says “Saved.” politely, and the focus stays on Save', async ({ page, site, signInWithKey, atrium }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/settings`)
  const general = page.getByRole('region', { name: 'Site' })
  const status = general.getByRole('status')
  await expect(status).toHaveText('')
  await general.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed site')
  const save = general.getByRole('button', { name: 'Save' })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(status).toHaveText('Saved.')
  await expect(status).toHaveAttribute('role', 'status')
  await expect(save).toBeFocused()
  await expect(general.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Renamed site')
  expect((await atrium.GET('/api/v1/sites/{id}', { params: { path: { id: site.id } } })).data!.name).toBe('Renamed site')
  // Typing again takes the confirmation away: it tells of the values shown.
  await general.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed again')
  await expect(status).toHaveText('')
})
