import { expect, expectAccessible, SCREENSHOTS, test } from '../fixtures'
import { Shell } from '../pages/Shell'

test('German UI: loaded when chosen, kept after a reload, dates through Intl', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')
  await expect(shell.nav.getByRole('link', { name: 'Posts' })).toBeVisible()

  const german = page.waitForResponse((r) => /\/admin\/assets\/de-[\w-]+\.js$/.test(r.url()))
  await shell.chooseFromProfile('Deutsch')
  await german
  await expect(shell.nav.getByRole('link', { name: 'Beiträge' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(page.getByRole('region', { name: 'Beiträge nach Status' })).toBeVisible()
  const scheduled = page.getByRole('region', { name: 'Geplant' })
  const inZone = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short', timeZone: site.timezone }).format(new Date(site.scheduledAt))
  await expect(scheduled).toContainText(`Erscheint ${inZone} (America/New_York)`)
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}dashboard-de.png`, fullPage: true })

  // Mantine's dialogs are named by the theme's defaults, in the UI language too.
  await shell.nav.getByRole('link', { name: 'Website-Einstellungen' }).click()
  await page.getByRole('button', { name: 'Website löschen…' }).click()
  const dialog = page.getByRole('dialog', { name: `${site.name} löschen?` })
  await dialog.getByRole('button', { name: 'Schließen' }).click()
  await expect(dialog).toHaveCount(0)
})
