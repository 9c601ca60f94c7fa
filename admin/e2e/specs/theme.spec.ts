import { expect, expectAccessible, SCREENSHOTS, test } from '../fixtures'
import { Shell } from '../pages/Shell'

test('dark theme is chosen from the profile menu, kept per browser and applied before first paint', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')
  const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))
  expect(await scheme()).toBe('light')

  await shell.chooseFromProfile('Dark')
  await expect.poll(scheme).toBe('dark')
  await page.keyboard.press('Escape')
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}dashboard-dark.png`, fullPage: true })

  // Before any module script runs, public/boot.js has already applied the stored theme (no light flash).
  const early: string[] = []
  await page.exposeFunction('reportScheme', (s: string) => early.push(s))
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { reportScheme: (s: string | null) => void }).reportScheme(document.documentElement.getAttribute('data-mantine-color-scheme'))
    })
  })
  await page.reload()
  await expect(shell.heading).toContainText('Dashboard')
  expect(early[0]).toBe('dark')

  // The profile menu, open (a transient state the other scans do not reach).
  await shell.profile.click()
  await expect(page.getByRole('menuitem', { name: 'System' })).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)

  // System: follows the operating system's preference.
  await shell.chooseFromProfile('System')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(scheme).toBe('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(scheme).toBe('light')
})
