import type { Page as Browser } from '@playwright/test'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { PageEditor } from '../pages/PageEditor'

/** Every DELETE the browser sends, by URL. */
function watchDeletes(page: Browser): string[] {
  const deletes: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url())
  })
  return deletes
}

test('pages: delete with undo from the list, clone, and bulk publish, unpublish and delete with per-id results', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  test.slow()
  const make = async (route: string, status: 'Draft' | 'Published') =>
    (await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route, status } })).data!.id
  const about = await make('/about', 'Draft')
  const team = await make('/team', 'Draft')
  await make('/legacy', 'Published')
  const statusOf = (id: string) =>
    atrium.GET('/api/v1/pages/{id}', { params: { path: { id } } }).then(
      (r) => r.response.status,
      (e: { status: number }) => e.status,
    )
  const csp = watchCsp(page)
  const deletes = watchDeletes(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/pages`)
  const table = page.getByRole('table', { name: 'Pages of this site' })
  const row = (route: string) => table.getByRole('row', { name: new RegExp(`^(Select )?${route} `) })
  await expect(table.locator('tbody tr')).toHaveCount(3)

  // Delete: the row goes at once and the notice's Undo has the focus; Enter brings the row back and nothing is sent.
  const deleted = page.getByRole('alert').filter({ hasText: 'Page deleted' })
  const undo = deleted.getByRole('button', { name: 'Undo' })
  await table.getByRole('button', { name: 'Delete /team' }).click()
  await expect(row('/team')).toHaveCount(0)
  await expect(undo).toBeFocused()
  await expect(undo).toHaveAccessibleDescription(/\/team/)
  await expectAccessible(page)
  await page.keyboard.press('Enter')
  await expect(row('/team')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Not deleted' })).toBeVisible()
  expect(deletes).toEqual([])
  expect(await statusOf(team)).toBe(200)

  // Again, and Escape lets the offer go: the DELETE is sent and the page is gone.
  await table.getByRole('button', { name: 'Delete /team' }).click()
  await expect(undo).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(deleted).toBeHidden()
  await expect.poll(() => statusOf(team), { timeout: 10_000 }).toBe(404)
  expect(deletes).toHaveLength(1)
  await expect(table.locator('tbody tr')).toHaveCount(2)

  // Clone from the list opens the copy (a new Draft at /about-copy) in the editor.
  const editor = new PageEditor(page)
  await table.getByRole('button', { name: 'Clone /about' }).click()
  await expect(editor.heading).toHaveText('/about-copy')
  await expect(page).not.toHaveURL(new RegExp(about))

  // Bulk: publish two drafts, then unpublish one, then delete (asked first), each with the per-id results.
  await page.goto(`/admin/sites/${site.id}/pages`)
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await page.getByRole('checkbox', { name: 'Select /about', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Select /about-copy' }).check()
  await expect(page.getByText('2 selected')).toBeVisible()
  const bulk = page.getByRole('group', { name: 'Bulk actions' })
  await bulk.getByRole('button', { name: 'Publish', exact: true }).click()
  const results = page.getByRole('status', { name: / succeeded, \d+ failed/ })
  await expect(results).toContainText('Publish: 2 succeeded, 0 failed')
  await expect(row('/about')).toContainText('Published')
  await expect(row('/about-copy')).toContainText('Published')
  await expectAccessible(page)

  await page.getByRole('checkbox', { name: 'Select /about-copy' }).check()
  await bulk.getByRole('button', { name: 'Unpublish' }).click()
  await expect(results).toContainText('Unpublish: 1 succeeded, 0 failed')
  await expect(row('/about-copy')).toContainText('Draft')

  await page.getByRole('checkbox', { name: 'Select /about-copy' }).check()
  await page.getByRole('checkbox', { name: 'Select /legacy' }).check()
  await bulk.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete 2 pages?' })
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Delete 2 pages' }).click()
  await expect(results).toContainText('Delete: 2 succeeded, 0 failed')
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(row('/about')).toBeVisible()
  expect(csp).toEqual([])
})

test('pages: clone and delete with undo from the editor', async ({ page, site, atrium, signInWithKey }) => {
  const id = (await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route: '/imprint', status: 'Draft' } })).data!.id
  const deletes = watchDeletes(page)
  await signInWithKey(page)
  const editor = new PageEditor(page)
  await page.goto(`/admin/sites/${site.id}/pages/${id}`)
  await expect(editor.heading).toHaveText('/imprint')

  await page.getByRole('button', { name: 'Clone', exact: true }).click()
  await expect(editor.heading).toHaveText('/imprint-copy')
  const copy = page.url().split('/').pop()!
  expect(copy).not.toBe(id)

  // Delete goes to the list with Undo focused; Undo brings the editor of the copy back, nothing sent.
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/pages$`))
  const undo = page.getByRole('alert').filter({ hasText: 'Page deleted' }).getByRole('button', { name: 'Undo' })
  await expect(undo).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(copy))
  await expect(editor.heading).toHaveText('/imprint-copy')
  expect(deletes).toEqual([])
  await expectAccessible(page)
})
