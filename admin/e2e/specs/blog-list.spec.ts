import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { BlogList } from '../pages/BlogList'

test('lists posts with paging, a status filter and search in the URL, kept on reload and back', async ({ page, site, atrium, signInWithKey }) => {
  // Four posts from the fixture and seven more drafts: eleven, two pages of ten.
  for (let i = 1; i <= 7; i++) {
    await atrium.POST('/api/v1/blogs', { body: { site_ids: [site.id], status: 'Draft', author: 'Ada Lovelace', is_featured: i === 1, localizations: [{ locale: 'en', title: `Note ${i}`, body: 'Plain text' }] } })
  }
  const csp = watchCsp(page)
  await signInWithKey(page)
  const list = new BlogList(page)
  await list.goto(site.id, '?per_page=10')
  await expect(list.heading).toHaveText('Posts')
  await expect(list.rows()).toHaveCount(10)
  await expect(list.range).toHaveText('1–10 of 11')
  await expect(list.newPost).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/new`)
  // The sidebar marks Posts as the current screen, and only Posts (the Dashboard link's path is a prefix of this one).
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(nav.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  await expect(list.row('Note 7')).toContainText('Ada Lovelace')
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}blog-list.png`, fullPage: true })

  await list.nextPage.click()
  await expect(page).toHaveURL(/[?&]page=2(&|$)/)
  await expect(list.rows()).toHaveCount(1)
  await page.reload()
  await expect(list.range).toHaveText('11–11 of 11')
  await page.goBack()
  await expect(list.range).toHaveText('1–10 of 11')
  await expect(page).not.toHaveURL(/page=2/)

  await list.chooseStatus('Published')
  await expect(page).toHaveURL(/status=Published/)
  await expect(list.rows()).toHaveCount(1)
  const hello = list.row('Hello, world')
  await expect(hello).toContainText('Published')
  await expect(hello.getByRole('link', { name: 'Hello, world' })).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/${site.posts.published}`)

  // Text search goes through the site search endpoint, and its query is in the URL too.
  await list.search.fill('gardens')
  await expect(page).toHaveURL(/q=gardens/)
  await expect(list.rows()).toHaveCount(1)
  await expect(list.row('A draft about gardens')).toBeVisible()
  await page.reload()
  await expect(list.search).toHaveValue('gardens')
  await expect(list.row('A draft about gardens')).toBeVisible()
  expect(csp).toEqual([])
})

test('bulk publish shows per-id results with a partial failure, and delete asks first', async ({ page, site, atrium, signInWithKey }) => {
  // A post another site owns and shares with this one: listed here, but the bulk endpoint only changes posts the
  // site owns, so publishing it from here fails while the site's own draft succeeds.
  const other = (await atrium.POST('/api/v1/sites', { body: { name: `Owner ${site.slug}`, slug: `${site.slug}-owner`, locales: [{ code: 'en', is_default: true }] } })).data!
  await atrium.POST('/api/v1/blogs', { body: { site_ids: [other.id, site.id], status: 'Draft', localizations: [{ locale: 'en', title: 'Shared from elsewhere', body: 'x' }] } })

  const csp = watchCsp(page)
  await signInWithKey(page)
  const list = new BlogList(page)
  await list.goto(site.id)
  await expect(list.rows()).toHaveCount(5)
  await list.select('A draft about gardens')
  await list.select('Shared from elsewhere')
  await expect(page.getByText('2 selected')).toBeVisible()
  await list.bulk('Publish')

  await expect(list.results).toContainText('Publish: 1 succeeded, 1 failed')
  await expect(list.results.getByRole('listitem').filter({ hasText: 'A draft about gardens' })).toContainText('done')
  await expect(list.results.getByRole('listitem').filter({ hasText: 'Shared from elsewhere' })).toContainText(/failed: .*not found/i)
  await expect(list.row('A draft about gardens')).toContainText('Published')
  await expect(list.row('Shared from elsewhere')).toContainText('Draft')
  // What failed stays selected, ready for another try.
  await expect(page.getByText('1 selected')).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('checkbox', { name: 'Select “Shared from elsewhere”' }).uncheck()
  await list.select('Waiting for a reviewer')
  await list.bulk('Delete')
  const dialog = page.getByRole('dialog', { name: 'Delete 1 post?' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(list.row('Waiting for a reviewer')).toBeVisible()
  await list.bulk('Delete')
  await dialog.getByRole('button', { name: 'Delete 1 post' }).click()
  await expect(list.results).toContainText('Delete: 1 succeeded, 0 failed')
  await expect(list.row('Waiting for a reviewer')).toHaveCount(0)
  await expect(list.rows()).toHaveCount(4)
  expect(csp).toEqual([])
})
