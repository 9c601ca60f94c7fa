import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { BlogList } from '../pages/BlogList'

test('lists posts with paging, a status filter and search in the URL, kept on reload and back', async ({ page, site, atrium, signInWithKey }) => {
  // Four posts from the fixture and seven more drafts: eleven, two pages of ten.
  for (let i = 1; i <= 7; i++) {
    await atrium.POST('/api/v1/blogs', {
      body: {
        site_ids: [site.id],
        status: 'Draft',
        author: 'Ada Lovelace',
        is_featured: i === 1,
        localizations: [{ locale: 'en', title: `Note ${i}`, body: 'Plain text' }],
      },
    })
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
  const other = (
    await atrium.POST('/api/v1/sites', { body: { name: `Owner ${site.slug}`, slug: `${site.slug}-owner`, locales: [{ code: 'en', is_default: true }] } })
  ).data!
  await atrium.POST('/api/v1/blogs', {
    body: { site_ids: [other.id, site.id], status: 'Draft', localizations: [{ locale: 'en', title: 'Shared from elsewhere', body: 'x' }] },
  })

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
  await expectAccessible(page)
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

test('filters by tag, category (with its subcategories) and author, and sorts, all kept in the URL', async ({ page, site, atrium, signInWithKey }) => {
  // The gardens draft gets a tag and a subcategory; the published post a parent category of its own; one more post an author.
  const tag = (await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: 'Botany' } })).data!
  const outdoors = (await atrium.POST('/api/v1/categories', { body: { site_id: site.id, name: 'Outdoors' } })).data!
  const plants = (await atrium.POST('/api/v1/categories', { body: { site_id: site.id, name: 'Plants', parent_id: outdoors.id } })).data!
  const contentOf = async (id: string) => (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id } } })).data!.content_id
  const gardens = await contentOf(site.posts.draft)
  await atrium.POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: gardens } }, body: { tag_id: tag.id } })
  await atrium.POST('/api/v1/content/{content_id}/categories', { params: { path: { content_id: gardens } }, body: { category_id: plants.id } })
  await atrium.POST('/api/v1/content/{content_id}/categories', {
    params: { path: { content_id: await contentOf(site.posts.published) } },
    body: { category_id: outdoors.id },
  })
  await atrium.POST('/api/v1/blogs', {
    body: { site_ids: [site.id], author: 'Grace Hopper', localizations: [{ locale: 'en', title: 'Bugs and moths', body: 'x' }] },
  })

  const csp = watchCsp(page)
  await signInWithKey(page)
  const list = new BlogList(page)
  await list.goto(site.id)
  await expect(list.rows()).toHaveCount(5)

  // A parent category lists its subcategories' posts too; a tag narrows further; reload keeps both.
  await list.choose(list.category, 'Outdoors')
  await expect(page).toHaveURL(new RegExp(`category=${outdoors.id}`))
  await expect(list.rows()).toHaveCount(2)
  await list.choose(list.tag, 'Botany')
  await expect(page).toHaveURL(new RegExp(`tag=${tag.id}`))
  await expect(list.rows()).toHaveCount(1)
  await expect(list.row('A draft about gardens')).toBeVisible()
  await page.reload()
  await expect(list.tag).toHaveValue('Botany')
  await expect(list.category).toHaveValue('Outdoors')
  await expect(list.rows()).toHaveCount(1)
  await expectAccessible(page)

  // Order by title, both ways, over every post.
  await list.goto(site.id, '?sort=title')
  await expect(list.sort).toHaveValue('Title A–Z')
  await expect.poll(() => list.titles()).toEqual(['A draft about gardens', 'Bugs and moths', 'Coming next week', 'Hello, world', 'Waiting for a reviewer'])
  await list.choose(list.sort, 'Title Z–A')
  await expect(page).toHaveURL(/sort=-title/)
  await expect.poll(() => list.titles()).toEqual(['Waiting for a reviewer', 'Hello, world', 'Coming next week', 'Bugs and moths', 'A draft about gardens'])

  // The author filter matches the exact name; an unknown one shows the empty state, whose button clears the filters.
  await list.author.fill('Grace Hopper')
  await expect(page).toHaveURL(/author=Grace(\+|%20)Hopper/)
  await expect(list.rows()).toHaveCount(1)
  await list.author.fill('Grace')
  await expect(page.getByText('No posts match.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search and filters' }).click()
  await expect(list.rows()).toHaveCount(5)
  await expect(list.author).toHaveValue('')
  expect(csp).toEqual([])
})
