import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { NotificationsPage, ProfilePage } from '../pages/Profile'
import { Shell } from '../pages/Shell'
import { SignInPage } from '../pages/SignIn'

test('notifications and profile for a JWT user: mark read, mark all read, links to records; data export; sole owner explained', async ({
  page,
  site,
  atrium,
}) => {
  // A journey with an axe scan: more than the default 30 s on a loaded 2-core runner (about a third of it on a quiet one).
  test.slow()
  const sub = process.env.ATRIUM_E2E_IDP_SUB as string
  const member = (await atrium.POST('/api/v1/sites/{site_id}/members', { params: { path: { site_id: site.id } }, body: { idp_user_id: sub, role: 'Editor' } }))
    .data!
  // Two posts submitted for review: two notifications for the site's editors.
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.draft } }, body: { status: 'InReview' } })
  const second = (
    await atrium.POST('/api/v1/blogs', {
      body: { site_ids: [site.id], status: 'Draft', localizations: [{ locale: 'en', title: 'Second thoughts', body: 'x' }] },
    })
  ).data!.id
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: second } }, body: { status: 'InReview' } })
  // A site this user owns (ownership transferred to them by the Master key): account deletion must wait.
  const owned = (
    await atrium.POST('/api/v1/sites', { body: { name: `Owned ${site.slug}`, slug: `${site.slug}-owned`, locales: [{ code: 'en', is_default: true }] } })
  ).data!
  const asMember = (
    await atrium.POST('/api/v1/sites/{site_id}/members', { params: { path: { site_id: owned.id } }, body: { idp_user_id: sub, role: 'Admin' } })
  ).data!
  await atrium.POST('/api/v1/sites/{site_id}/members/transfer-ownership', { params: { path: { site_id: owned.id } }, body: { user_id: asMember.user_id } })
  expect(member.user_id).toBe(asMember.user_id)

  const csp = watchCsp(page)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await new SignInPage(page).withIdp.click()
  await expect(shell.heading).toContainText('Dashboard')

  // The bell leads to the notifications page of this site.
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click()
  await page.getByRole('menuitem', { name: 'Notifications →' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/notifications\\?site=${site.id}`))
  const notifications = new NotificationsPage(page)
  await expect(notifications.heading).toBeVisible()
  await expect(notifications.unread).toHaveText('2 unread')
  const gardens = notifications.item(/A draft about gardens/)
  await expect(gardens.getByRole('link', { name: /A draft about gardens/ })).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/${site.posts.draft}`)
  await gardens.getByRole('button', { name: /^Mark “.*A draft about gardens.*” as read$/ }).click()
  await expect(notifications.unread).toHaveText('1 unread')
  await expect(gardens.getByRole('button', { name: /^Mark/ })).toHaveCount(0)
  await expectAccessible(page)
  // One read, one unread: the README's notifications screenshot.
  await page.screenshot({ path: `${SCREENSHOTS}notifications.png`, fullPage: true })
  await notifications.markAll.click()
  await expect(notifications.unread).toHaveText('All read')
  await expect(page.getByRole('status').filter({ hasText: '1 notification marked as read.' })).toBeVisible()
  await page.reload()
  await expect(notifications.unread).toHaveText('All read')
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  // Profile: from the profile menu.
  await shell.chooseFromProfile('Profile and preferences')
  await expect(page).toHaveURL(/\/admin\/profile$/)
  const profile = new ProfilePage(page)
  await expect(profile.heading).toBeVisible()
  await expect(page.getByText('Olivia OIDC', { exact: true })).toBeVisible()
  await expect(profile.memberships.getByRole('row', { name: `${site.name} Editor` })).toBeVisible()
  await expect(profile.memberships.getByRole('row', { name: `${owned.name} Owner` })).toBeVisible()
  // Sole owner: deletion is explained, not offered; the way out links to the site's members.
  await expect(profile.soleOwner).toContainText(/You are the owner of \d+ sites?\./)
  await expect(profile.soleOwner.getByRole('link', { name: `Members of ${owned.name}` })).toHaveAttribute('href', `/admin/sites/${owned.id}/members`)
  await expect(profile.deleteAccount).toHaveCount(0)

  // My data as a download.
  const download = page.waitForEvent('download')
  await profile.download.click()
  const file = await download
  expect(file.suggestedFilename()).toBe('atrium-export.json')
  const data = JSON.parse(await (await import('node:fs/promises')).readFile(await file.path(), 'utf8')) as {
    profile: { idp_user_id: string }
    memberships: unknown[]
  }
  expect(data.profile.idp_user_id).toBe(sub)
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded atrium-export.json.' })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}profile.png`, fullPage: true })
  expect(csp).toEqual([])
})

test('profile with an API key: the key record, export, and no account deletion', async ({ page, signInWithKey }) => {
  await signInWithKey(page)
  await page.goto('/admin/profile')
  const profile = new ProfilePage(page)
  await expect(profile.heading).toBeVisible()
  await expect(page.getByText('Master', { exact: true })).toBeVisible()
  await expect(page.getByText(/an API key cannot be deleted here/)).toBeVisible()
  await expect(profile.deleteAccount).toHaveCount(0)
  await page.goto('/admin/notifications')
  await expect(page.getByText(/an API key has none/)).toBeVisible()
})
