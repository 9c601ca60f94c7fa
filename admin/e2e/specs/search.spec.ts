import { expect, expectAccessible, test, watchCsp } from '../fixtures'

test('site search over posts, pages and documents: query and types in the URL, hits link to their records', async ({ page, site, signInWithKey }) => {
  // A journey with an axe scan: more than the default 30 s on a loaded 2-core runner (about a third of it on a quiet one).
  test.slow()
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/search`)
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search for' }).fill('gardens')
  await expect(page).toHaveURL(/[?&]q=gardens/)
  await expect(page.getByRole('status').filter({ hasText: '1 result for “gardens”' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'A draft about gardens' })).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/${site.posts.draft}`)
  await page.getByRole('checkbox', { name: 'Posts' }).uncheck()
  await expect(page).toHaveURL(/types=page%2Cdocument|types=page,document/)
  await expect(page.getByRole('status').filter({ hasText: 'Nothing found for “gardens”.' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Posts' })).not.toBeChecked()
  await expectAccessible(page)
  expect(csp).toEqual([])
})
