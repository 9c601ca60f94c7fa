import { randomBytes } from 'node:crypto'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'

test('the audit log and the dashboard activity name records by their label, in English and German', async ({ page, site, atrium, signInWithKey }) => {
  test.slow()
  const tagName = `Rail ${randomBytes(3).toString('hex')}`
  const tag = (await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: tagName } })).data!
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } }, body: { author: 'Grace Hopper' } })

  const key = (await atrium.GET('/api/v1/auth/profile')).data!.api_key!
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}`)
  const activity = page.getByRole('region', { name: 'Recent activity' })
  // Names, not "tag 6c694279": the newest entries are the tag and the post just changed.
  await expect(activity.getByRole('link', { name: 'Post “Hello, world”' }).first()).toHaveAttribute(
    'href',
    `/admin/sites/${site.id}/blogs/${site.posts.published}`,
  )
  await expect(activity.getByText(`Tag “${tagName}”`)).toBeVisible()
  await expect(activity.getByText('Updated', { exact: true }).first()).toBeVisible()
  await expect(activity).not.toContainText(tag.id.slice(0, 8))

  await page.goto(`/admin/sites/${site.id}/audit?entity_type=tag`)
  const row = page.getByRole('row').filter({ hasText: tagName })
  await expect(row).toContainText('Created')
  await expect(row).toContainText(`Tag “${tagName}”`)
  await expect(row).not.toContainText(tag.id.slice(0, 8))
  // Who acted, by name too.
  await expect(row).toContainText(`API key “${key.name}”`)
  await expectAccessible(page)

  await page.evaluate(() => localStorage.setItem('atrium-admin:lang', 'de'))
  await page.reload()
  const german = page.getByRole('row').filter({ hasText: tagName })
  await expect(german).toContainText(`Schlagwort „${tagName}“`)
  await expect(german).toContainText('Angelegt')
  await page.goto(`/admin/sites/${site.id}`)
  await expect(page.getByRole('region', { name: 'Letzte Aktivität' }).getByRole('link', { name: 'Beitrag „Hello, world“' }).first()).toBeVisible()
  expect(csp).toEqual([])
})
