import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { TaxonomyScreen } from '../pages/Taxonomy'

test('create categories and a tag, move a category, and delete one in use after a warning', async ({ page, site, atrium, signInWithKey }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  const screen = new TaxonomyScreen(page)
  await screen.goto(site.id)
  await expect(screen.heading).toHaveText('Taxonomy')
  await screen.create('category', 'Travel')
  await screen.create('category', 'Europe', 'Travel')
  await screen.create('category', 'Food')
  await screen.create('tag', 'Hiking')
  await expect(screen.tree.getByText('Europe', { exact: true })).toBeVisible()
  await expect(screen.tags.getByRole('row', { name: /Hiking/ })).toContainText('hiking')

  // Two posts carry "Travel" (one published) and the published one carries "Hiking".
  const cats = (await atrium.GET('/api/v1/sites/{site_id}/categories/blog-counts', { params: { path: { site_id: site.id } } })).data!
  const travel = cats.find((c) => c.name === 'Travel')!.id
  const tag = (await atrium.GET('/api/v1/sites/{site_id}/tags', { params: { path: { site_id: site.id } } })).data!.data[0]!.id
  for (const id of [site.posts.published, site.posts.draft]) {
    const blog = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id } } })).data!
    await atrium.POST('/api/v1/content/{content_id}/categories', { params: { path: { content_id: blog.content_id } }, body: { category_id: travel } })
    if (id === site.posts.published)
      await atrium.POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: blog.content_id } }, body: { tag_id: tag } })
  }
  await page.reload()
  const travelRow = screen.tree
    .getByRole('listitem')
    .filter({ hasText: /^Travel/ })
    .first()
  await expect(travelRow).toContainText('1 published post')
  await expect(travelRow).toContainText('on 2 posts')
  await expect(screen.tags.getByRole('row', { name: /Hiking/ })).toContainText('1')
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}taxonomy.png`, fullPage: true })

  // Move "Food" under "Travel" by its own dialog.
  await page.getByRole('button', { name: 'Move Food' }).click()
  const move = page.getByRole('dialog', { name: 'Move category' })
  // Neither the category itself nor anything below it can become its parent.
  await expect(move.getByRole('combobox', { name: 'Parent category' }).locator('option')).toHaveText(['None (top level)', 'Travel', '— Europe'])
  await expectAccessible(page)
  await move.getByRole('combobox', { name: 'Parent category' }).selectOption({ label: 'Travel' })
  await move.getByRole('button', { name: 'Save' }).click()
  await expect(move).toBeHidden()
  await expect(screen.tree.getByRole('list').getByText('Food', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Delete Travel' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete category “Travel”?' })
  await expect(confirm.getByTestId('in-use-warning')).toContainText('In use: “Travel” is assigned to 2 posts.')
  await expect(confirm.getByTestId('in-use-warning')).toContainText('1 of them is published')
  await expect(confirm).toContainText('Its 2 sub-categories move up to the top level.')
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: '“Travel” deleted.' })).toBeVisible()
  await expect(screen.tree.getByRole('listitem')).toHaveCount(2)

  // A term nobody uses says so.
  await screen.create('tag', 'Unused')
  await page.getByRole('button', { name: 'Delete Unused' }).click()
  const tagConfirm = page.getByRole('dialog', { name: 'Delete tag “Unused”?' })
  await expect(tagConfirm).toContainText('No post uses it.')
  await expectAccessible(page)
  await tagConfirm.getByRole('button', { name: 'Delete' }).click()
  await expect(screen.tags.getByRole('row')).toHaveCount(2)
  expect(csp).toEqual([])
})

test('merge a tag and a category into another after saying what happens', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  const screen = new TaxonomyScreen(page)
  await screen.goto(site.id)
  await screen.create('category', 'Travel')
  await screen.create('category', 'Europe', 'Travel')
  await screen.create('category', 'Trips')
  await screen.create('tag', 'Hiking')
  await screen.create('tag', 'Hikes')

  // The published post: Travel (primary) and Hikes; the draft: Hiking and Hikes.
  const cats = (await atrium.GET('/api/v1/sites/{site_id}/categories/blog-counts', { params: { path: { site_id: site.id } } })).data!
  const idOf = (name: string) => cats.find((c) => c.name === name)!.id
  const tags = (await atrium.GET('/api/v1/sites/{site_id}/tags', { params: { path: { site_id: site.id } } })).data!.data
  const tagId = (name: string) => tags.find((x) => x.name === name)!.id
  const contentOf = async (id: string) => (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id } } })).data!.content_id
  const [published, draft] = [await contentOf(site.posts.published), await contentOf(site.posts.draft)]
  await atrium.POST('/api/v1/content/{content_id}/categories', {
    params: { path: { content_id: published } },
    body: { category_id: idOf('Travel'), is_primary: true },
  })
  await atrium.POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: published } }, body: { tag_id: tagId('Hikes') } })
  for (const tag of ['Hiking', 'Hikes'])
    await atrium.POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: draft } }, body: { tag_id: tagId(tag) } })
  await page.reload()
  await expect(screen.tags.getByRole('row', { name: /Hikes/ })).toContainText('2')

  await page.getByRole('button', { name: 'Merge Hikes into…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Merge “Hikes” into…' })
  await expect(dialog).toContainText('Its 2 posts get the chosen tag instead (a post that has both keeps it once).')
  await expect(dialog).toContainText('Then “Hikes” is deleted.')
  // Nothing chosen yet: the dialog asks for the term to keep.
  await dialog.getByRole('button', { name: 'Merge' }).click()
  await expect(dialog.getByText('Choose the term to keep.')).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Tag to keep' }).locator('option')).toHaveText(['Choose…', 'Hiking'])
  await dialog.getByRole('combobox', { name: 'Tag to keep' }).selectOption({ label: 'Hiking' })
  await expect(dialog.getByRole('status')).toHaveText('“Hikes” will be merged into “Hiking”.')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Merge' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: '“Hikes” merged into “Hiking”.' })).toBeVisible()
  await expect(screen.tags.getByRole('row')).toHaveCount(2)
  await expect(screen.tags.getByRole('row', { name: /Hiking/ })).toContainText('2')
  const draftTags = (await atrium.GET('/api/v1/content/{content_id}/tags', { params: { path: { content_id: draft } } })).data!
  expect(draftTags.map((x) => x.name)).toEqual(['Hiking'])

  await page.getByRole('button', { name: 'Merge Travel into…' }).click()
  const catDialog = page.getByRole('dialog', { name: 'Merge “Travel” into…' })
  await expect(catDialog).toContainText('Its 1 post gets the chosen category instead; where it was the primary category, the chosen one becomes primary.')
  await expect(catDialog).toContainText('Its 1 sub-category moves under the chosen category.')
  await expect(catDialog.getByRole('combobox', { name: 'Category to keep' }).locator('option')).toHaveText(['Choose…', '— Europe', 'Trips'])
  await catDialog.getByRole('combobox', { name: 'Category to keep' }).selectOption({ label: 'Trips' })
  await expectAccessible(page)
  await catDialog.getByRole('button', { name: 'Merge' }).click()
  await expect(catDialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: '“Travel” merged into “Trips”.' })).toBeVisible()
  const trips = screen.tree
    .getByRole('listitem')
    .filter({ hasText: /^Trips/ })
    .first()
  await expect(trips.getByRole('list').getByText('Europe', { exact: true })).toBeVisible()
  await expect(screen.tree.getByText('Travel', { exact: true })).toHaveCount(0)
  const postCats = (await atrium.GET('/api/v1/content/{content_id}/categories', { params: { path: { content_id: published } } })).data!
  expect(postCats.map((c) => [c.name, c.is_primary])).toEqual([['Trips', true]])
})
