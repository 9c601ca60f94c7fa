import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { Shell } from '../pages/Shell'
import { SignInPage } from '../pages/SignIn'

test('OIDC sign-in (authorization code + PKCE) with the stand-in provider; the bell shows for the JWT user', async ({ page, site, atrium }) => {
  const csp = watchCsp(page)
  const sub = process.env.ATRIUM_E2E_IDP_SUB as string
  await atrium.POST('/api/v1/sites/{site_id}/members', { params: { path: { site_id: site.id } }, body: { idp_user_id: sub, role: 'Editor' } })
  // Submitting the draft for review notifies the site's editors: one unread notification for this user.
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.draft } }, body: { status: 'InReview' } })
  const signIn = new SignInPage(page)
  const shell = new Shell(page)

  await shell.gotoDashboard(site.id)
  await expect(signIn.withIdp).toBeVisible()
  await signIn.withIdp.click()
  await expect(page).toHaveURL(new RegExp(`/admin/sites/${site.id}$`))
  await expect(shell.heading).toContainText('Dashboard')
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' })
  await expect(bell).toBeVisible()
  await bell.click()
  await expect(page.getByRole('menuitem', { name: /Review requested: A draft about gardens/ })).toBeVisible()
  await shell.closeMenu()

  // Tokens in sessionStorage of this tab only, never localStorage; the round trip's state and verifier are gone.
  const stored = await page.evaluate(() => ({
    session: Object.keys(sessionStorage).filter((k) => k.startsWith('atrium-admin')),
    local: Object.keys(localStorage),
  }))
  expect(stored.session).toEqual(['atrium-admin:credential'])
  expect(stored.local.filter((k) => /credential|token|oidc/.test(k))).toEqual([])

  await shell.profile.click()
  await expect(page.getByText('Signed in as Olivia OIDC')).toBeVisible()
  await shell.closeMenu()
  await expectAccessible(page)

  await shell.signOut()
  await expect(signIn.heading).toBeVisible()
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('atrium-admin')))).toEqual([])
  expect(csp).toEqual([])
})
