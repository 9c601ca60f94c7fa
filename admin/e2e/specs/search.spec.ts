import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'

test('site search over posts, pages and documents: query and types in the URL, hits link to their records', async ({ page, site, atrium, signInWithKey }) => {
  // A journey with an axe scan: more than the default 30 s on a loaded 2-core runner (about a third of it on a quiet one).
  test.slow()
  // Besides the seeded draft post about gardens: a page and a document that mention them too.
  await atrium.POST('/api/v1/pages', {
    body: {
      site_ids: [site.id],
      route: '/allotments',
      sections: [{ section_type: 'text', localizations: [{ locale: 'en', title: 'Our community gardens' }] }],
    },
  })
  const doc = (
    await atrium.POST('/api/v1/sites/{site_id}/documents', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'pdf', url: 'https://example.org/plots.pdf' },
    })
  ).data!
  await atrium.POST('/api/v1/documents/{id}/localizations', {
    params: { path: { id: doc.id } },
    body: { locale: 'en', title: 'Rules for the gardens', description: 'Plot sizes, water and compost in the community gardens.' },
  })
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/search`)
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search for' }).fill('gardens')
  await expect(page).toHaveURL(/[?&]q=gardens/)
  await expect(page.getByRole('status').filter({ hasText: '3 results for “gardens”' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'A draft about gardens' })).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/${site.posts.draft}`)
  await expect(page.getByRole('link', { name: 'Rules for the gardens' })).toHaveAttribute('href', `/admin/sites/${site.id}/documents/${doc.id}`)
  await page.screenshot({ path: `${SCREENSHOTS}search.png`, fullPage: true })
  await page.getByRole('checkbox', { name: 'Posts' }).uncheck()
  await expect(page).toHaveURL(/types=page%2Cdocument|types=page,document/)
  await expect(page.getByRole('status').filter({ hasText: '2 results for “gardens”' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Pages' }).uncheck()
  await expect(page).toHaveURL(/types=document(&|$)/)
  await expect(page.getByRole('status').filter({ hasText: '1 result for “gardens”' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Posts' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Pages' })).not.toBeChecked()
  await expect(page.getByRole('link', { name: 'Rules for the gardens' })).toBeVisible()
  // A document hit opens the document's own screen; back returns to the search as it was.
  await page.getByRole('link', { name: 'Rules for the gardens' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/sites/${site.id}/documents/${doc.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'https://example.org/plots.pdf' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('link', { name: 'Rules for the gardens' })).toBeVisible()
  // A word no record has.
  await page.getByRole('searchbox', { name: 'Search for' }).fill('zeppelins')
  await expect(page.getByRole('status').filter({ hasText: 'Nothing found for “zeppelins”.' })).toBeVisible()
  await expectAccessible(page)
  expect(csp).toEqual([])
})
