import { expect, expectAccessible, test } from '../fixtures'
import { Shell } from '../pages/Shell'

test('skip link, landmarks, focus on the heading after a route change, command palette by keyboard', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(shell.nav).toBeVisible()
  await expect(shell.main).toBeVisible()

  // The first Tab reaches the skip link, which is then visible; Enter moves focus to the screen's heading.
  await page.keyboard.press('Tab')
  await expect(shell.skipLink).toBeFocused()
  await expect(shell.skipLink).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(shell.heading).toBeFocused()

  // A sidebar link by keyboard: focus lands on the new screen's h1, and the title is announced.
  const members = shell.nav.getByRole('link', { name: 'Members' })
  await members.focus()
  await page.keyboard.press('Enter')
  await expect(shell.heading).toHaveText('Members')
  await expect(shell.heading).toBeFocused()
  await expect(members).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('status').filter({ hasText: 'Members' })).toBeAttached()

  // Ctrl+K opens the command palette; typing and Enter goes to the screen.
  await page.keyboard.press('Control+k')
  const search = page.getByRole('textbox', { name: 'Search screens, content, sites and actions' })
  await expect(search).toBeFocused()
  // "Audit log", not "Audit": sites made by specs running alongside carry "audit-log" in their names.
  await page.keyboard.type('Audit log')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(shell.heading).toHaveText('Audit log')
  await expect(shell.heading).toBeFocused()
  await expectAccessible(page)
})
