import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { Shell } from '../pages/Shell'
import { SignInPage } from '../pages/SignIn'

test('API-key sign-in lands on the dashboard the link asked for; sign-out forgets the key', async ({ page, site, masterKey }) => {
  const csp = watchCsp(page)
  const signIn = new SignInPage(page)
  const shell = new Shell(page)

  await shell.gotoDashboard(site.id)
  await expect(signIn.heading).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}sign-in.png` })

  await signIn.signIn('atr_not_a_real_key_000000000000')
  await expect(signIn.alert).toContainText('This key does not work')
  await expect(signIn.alert).toContainText('Request id:')

  await signIn.signIn(masterKey)
  await expect(page).toHaveURL(new RegExp(`/admin/sites/${site.id}$`))
  await expect(shell.heading).toContainText('Dashboard')
  await expect(shell.heading).toContainText(site.name)

  // Counts by status, the In Review queue, the scheduled post in the site's zone, activity linking to records.
  const counts = page.getByRole('region', { name: 'Posts by status' })
  for (const status of ['Draft', 'In review', 'Scheduled', 'Published']) {
    await expect(counts.getByText(status, { exact: true })).toBeVisible()
  }
  await expect(counts.getByText('1', { exact: true })).toHaveCount(4)
  await expect(page.getByRole('region', { name: 'In review' }).getByRole('link', { name: 'Waiting for a reviewer' })).toBeVisible()
  const scheduled = page.getByRole('region', { name: 'Scheduled' })
  await expect(scheduled.getByRole('link', { name: 'Coming next week' })).toBeVisible()
  const inZone = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: site.timezone }).format(new Date(site.scheduledAt))
  await expect(scheduled).toContainText(`Publishes ${inZone} (America/New_York)`)
  const activity = page.getByRole('region', { name: 'Recent activity' })
  await expect(activity.getByRole('link', { name: 'Post “Hello, world”' }).first()).toHaveAttribute(
    'href',
    `/admin/sites/${site.id}/blogs/${site.posts.published}`,
  )
  const setup = page.getByRole('region', { name: 'Set up this site' })
  await expect(setup).toContainText('Add a second locale (Done)')
  await expect(setup).toContainText('Set the site URL (To do)')

  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}dashboard.png`, fullPage: true })

  await shell.signOut()
  await expect(signIn.heading).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('atrium-admin')))).toEqual([])
  await shell.gotoDashboard(site.id)
  await expect(signIn.heading).toBeVisible()
  expect(csp).toEqual([])
})

test('a 401 (the key was revoked) returns to sign-in', async ({ page, site, atrium, signInWithKey }) => {
  const created = (await atrium.POST('/api/v1/api-keys', { body: { name: 'e2e revoked', permission: 'Admin', site_id: site.id } })).data!
  await signInWithKey(page, created.key)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')
  await atrium.POST('/api/v1/api-keys/{id}/revoke', { params: { path: { id: created.id } } })
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 15_000 })
  await expect(page.getByText('Your sign-in expired')).toBeVisible()
})
