import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { MenuEditor } from '../pages/MenuEditor'

test('build a two-level menu by keyboard alone, with a page item and a title per locale', async ({ page, site, signInWithKey, atrium }) => {
  // A long journey: room for a loaded CI machine.
  test.setTimeout(90_000)
  const csp = watchCsp(page)
  await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route: '/about', status: 'Published' } })
  await signInWithKey(page)
  const nav = new MenuEditor(page)
  await nav.goto(site.id)
  await expect(page.getByText('“primary” is the main navigation')).toBeVisible()

  await nav.press(page.getByRole('button', { name: 'Create the “primary” menu' }))
  await expect(page.getByRole('heading', { name: 'Items of “Primary” (primary)' })).toBeVisible()

  await nav.addItem('Home', { path: '/' })
  await nav.addItem('About', { pageIndex: 0 })
  await nav.addItem('Team', { path: '/about/team' })
  await nav.addItem('Jobs', { url: 'https://example.com/jobs', newTab: true })
  await expect(nav.rows).toHaveCount(4)

  // Team and Jobs go under About; Jobs first. Each move is announced.
  await nav.press(nav.move('Team', 'indent'))
  await expect(nav.announcer).toHaveText('“Team” moved: under “About”, position 1 of 1.')
  await nav.press(nav.move('Jobs', 'indent'))
  await expect(nav.announcer).toHaveText('“Jobs” moved: under “About”, position 2 of 2.')
  // The focus stays on the control that moved the item: the next key press moves it again.
  await expect(nav.move('Jobs', 'indent')).toBeFocused()
  await nav.press(nav.move('Jobs', 'up'))
  await expect(nav.announcer).toHaveText('“Jobs” moved: under “About”, position 1 of 2.')
  await expect(nav.orderStatus).toHaveAttribute('data-status', 'saved')

  // A German title for About, through its edit dialog. The item's saved titles are held back until it is typed: what
  // the user typed stays when they arrive (it was once replaced by them).
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v1/navigation/*/localizations', async (route) => {
    if (route.request().method() === 'GET') await held
    await route.continue()
  })
  await nav.press(page.getByRole('button', { name: 'Edit “About”' }))
  const dialog = page.getByRole('dialog')
  const germanTitle = dialog.getByRole('textbox', { name: 'Title (de)' })
  await germanTitle.focus()
  await page.keyboard.type('Über uns')
  const titlesLoaded = page.waitForResponse((r) => r.url().includes('/localizations') && r.request().method() === 'GET')
  release()
  await titlesLoaded
  await expect(germanTitle).toHaveValue('Über uns')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()

  const menus = (await atrium.GET('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site.id } } })).data!
  const tree = (await atrium.GET('/api/v1/menus/{menu_id}/tree', { params: { path: { menu_id: menus[0]!.id }, query: { locale: 'de' } } })).data!
  expect(tree.map((n) => [n.title, n.link_type, n.children.map((c) => c.title)])).toEqual([
    ['Home', 'internal', []],
    ['Über uns', 'page', ['Jobs', 'Team']],
  ])
  expect(tree[1]!.page_slug).toBe('about')
  expect(tree[1]!.children[0]!.open_in_new_tab).toBe(true)

  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}navigation.png`, fullPage: true })
  expect(csp).toEqual([])
})
