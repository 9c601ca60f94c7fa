import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { AuditLogPage } from '../pages/AuditLog'

test('find a change in the audit log and revert it', async ({ page, site, atrium, signInWithKey }) => {
  // A journey with an axe scan: more than the default 30 s on a loaded 2-core runner (about a third of it on a quiet one).
  test.slow()
  // The change to find: a post's author set through the API (by the Master key).
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } }, body: { author: 'Grace Hopper' } })
  const me = (await atrium.GET('/api/v1/auth/profile')).data!

  const csp = watchCsp(page)
  await signInWithKey(page)
  const audit = new AuditLogPage(page)
  await audit.goto(site.id)
  await expect(audit.heading).toBeVisible()
  await expect(audit.rows().first()).toBeVisible()

  // Filters live in the URL.
  await audit.choose(audit.entityType, 'Post')
  await expect(page).toHaveURL(/entity_type=blog/)
  await audit.choose(audit.action, 'Updated')
  await expect(page).toHaveURL(/action=Update/)
  await expect(audit.rows()).toHaveCount(1)
  const row = audit.rows().first()
  // The record links to its editor; the actor link narrows the log to that key.
  await expect(row.getByRole('link', { name: 'Open Post “Hello, world”' })).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/${site.posts.published}`)
  await row.getByRole('link', { name: /^API key / }).click()
  await expect(page).toHaveURL(new RegExp(`api_key_id=${me.api_key!.id}`))
  await expect(audit.rows()).toHaveCount(1)
  await page.reload()
  await expect(audit.entityType).toHaveValue('Post')
  await expect(audit.rows()).toHaveCount(1)

  await row.getByRole('button', { name: /^Show changes: Updated Post “Hello, world”/ }).click()
  const changes = page.getByRole('region', { name: /^Changes of Post / })
  await expect(changes.locator('[data-field="author"] ins')).toHaveText('added: Grace Hopper')
  const revertAuthor = changes.getByRole('checkbox', { name: 'Revert author' })
  await expect(revertAuthor).toBeChecked()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}audit-log.png`, fullPage: true })

  await changes.getByRole('button', { name: 'Revert 1 field' }).click()
  const dialog = page.getByRole('dialog', { name: 'Revert these fields?' })
  await expect(dialog).toContainText('The field author gets its old value back.')
  await dialog.getByRole('button', { name: 'Revert' }).click()
  await expect(changes.getByRole('status')).toHaveText('Reverted: author')
  const blog = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } } })).data!
  expect(blog.author).toBeNull()

  // The revert is itself in the log.
  await audit.goto(site.id, '?action=Revert')
  await expect(audit.rows()).toHaveCount(1)
  await expect(audit.rows().first()).toContainText('Reverted')
  expect(csp).toEqual([])
})

test('an Editor key sees the changes but is not offered revert', async ({ page, site, atrium, signInWithKey }) => {
  await atrium.PUT('/api/v1/sites/{id}', { params: { path: { id: site.id } }, body: { description: 'A calmer description' } })
  const key = (await atrium.POST('/api/v1/api-keys', { body: { name: 'writer', permission: 'Write', site_id: site.id } })).data!.key
  await signInWithKey(page, key)
  const audit = new AuditLogPage(page)
  await audit.goto(site.id, '?entity_type=site&action=Update')
  await audit
    .rows()
    .first()
    .getByRole('button', { name: /^Show changes/ })
    .click()
  const changes = page.getByRole('region', { name: /^Changes of Site / })
  await expect(changes.locator('[data-field="description"] ins')).toContainText('A calmer description')
  await expect(changes).toContainText('Reverting needs the Admin role on this site.')
  await expect(changes.getByRole('checkbox')).toHaveCount(0)
  await expect(changes.getByRole('button', { name: /^Revert/ })).toHaveCount(0)
})
