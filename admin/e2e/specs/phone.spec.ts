import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'
import { Shell } from '../pages/Shell'
import { PHONE } from '../themes'

/* The admin on a phone (issue 38, item 8): the navigation drawer, and a screen at 390 px for the README. */

test.use({ viewport: PHONE })

test('phone: the navigation drawer closes by Escape and by a tap beside it, and the focus goes back to the burger', async ({ page, site, signInWithKey }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')
  const burger = page.getByRole('button', { name: 'Toggle navigation' })
  const backdrop = page.getByTestId('nav-backdrop')
  await expect(shell.nav).toBeHidden()

  // Open by keyboard: Escape closes it, from the burger and from a link inside.
  await burger.focus()
  await page.keyboard.press('Enter')
  await expect(shell.nav).toBeVisible()
  await expect(burger).toHaveAttribute('aria-expanded', 'true')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(shell.nav).toBeHidden()
  await expect(burger).toHaveAttribute('aria-expanded', 'false')
  await expect(burger).toBeFocused()

  await page.keyboard.press('Enter')
  const posts = shell.nav.getByRole('link', { name: 'Posts' })
  await posts.focus()
  await page.keyboard.press('Escape')
  await expect(shell.nav).toBeHidden()
  await expect(burger).toBeFocused()

  // A tap beside the drawer (on the dimmed page) closes it; the page under it is not clicked.
  await burger.click()
  await expect(shell.nav).toBeVisible()
  await expect(backdrop).toBeVisible()
  await page.mouse.click(350, 400)
  await expect(shell.nav).toBeHidden()
  await expect(backdrop).toHaveCount(0)
  await expect(burger).toBeFocused()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}$`))

  // A link goes to its screen and closes the drawer.
  await burger.click()
  await shell.nav.getByRole('link', { name: 'Posts' }).click()
  await expect(shell.heading).toHaveText('Posts')
  await expect(shell.nav).toBeHidden()

  // The backdrop is a phone's: at a desktop width the sidebar is always there and nothing dims the page.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(shell.nav).toBeVisible()
  await expect(backdrop).toHaveCount(0)
  expect(csp).toEqual([])
})

test('phone: the post editor at 390 px, for the README', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.published)
  await expect(editor.heading).toHaveText('Hello, world')
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  expect(width[0]).toBeLessThanOrEqual(width[1]!)
  await expect(page.getByRole('toolbar', { name: 'Formatting: Body (Markdown)' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOTS}phone-post-editor.png` })
})
