import { createAtriumClient, type AtriumClient } from '@atrium-cms/client'
import type { Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { tokenFor } from '../oidc-provider'
import { Shell } from '../pages/Shell'

interface Person {
  sub: string
  name: string
  token: string
  /** The API as this person. */
  client: AtriumClient
}

/** A JWT user of the stand-in identity provider, in the directory (/idp/users) once they called the API. */
async function person(baseUrl: string, label: string): Promise<Person> {
  const sub = `e2e-${label}-${randomBytes(3).toString('hex')}`
  const token = await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', sub)
  const client = createAtriumClient({ baseUrl, token })
  await client.GET('/api/v1/auth/me')
  return { sub, name: `Person ${sub}`, token, client }
}

/** Signs this page in as that person, as the OIDC callback does (sessionStorage of the tab). */
const signInAs = (page: Page, p: Person) =>
  page.addInitScript((c) => sessionStorage.setItem('atrium-admin:credential', JSON.stringify(c)), { kind: 'oidc', accessToken: p.token, name: p.name })

async function directoryId(atrium: AtriumClient, sub: string): Promise<string> {
  const users = (await atrium.GET('/api/v1/idp/users', { params: { query: { limit: 100 } } })).data!
  return users.data.find((u) => u.idp_user_id === sub)!.id
}

const isSystemAdmin = async (p: Person) => (await p.client.GET('/api/v1/auth/me')).data?.is_system_admin

test('a system admin reaches Identity users from the sidebar and the palette, grants and takes back system admin rights', async ({
  page,
  site,
  atrium,
  baseUrl,
}) => {
  // A long journey with several axe scans: more than 30 s on a loaded machine.
  test.slow()
  const admin = await person(baseUrl, 'sysadmin')
  const other = await person(baseUrl, 'someone')
  await atrium.PUT('/api/v1/idp/users/{id}/role', { params: { path: { id: await directoryId(atrium, admin.sub) } }, body: { role: 'SystemAdmin' } })

  const csp = watchCsp(page)
  await signInAs(page, admin)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')
  const link = shell.nav.getByRole('group', { name: 'System' }).getByRole('link', { name: 'Identity users' })
  await expect(link).toHaveAttribute('href', '/admin/identity-users')

  // The command palette offers the screen too.
  await page.keyboard.press('Control+k')
  await expect(page.getByRole('textbox', { name: 'Search screens, content, sites and actions' })).toBeFocused()
  await page.keyboard.type('Identity users')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(shell.heading).toHaveText('Identity users')
  await expect(page).toHaveURL(/\/admin\/identity-users$/)
  await expect(link).toHaveAttribute('aria-current', 'page')

  const table = page.getByRole('table', { name: 'People known from the identity provider' })
  const row = table.getByRole('row').filter({ hasText: other.name })
  await expect(row).toContainText(`${other.sub}@example.test`)
  await row.getByRole('button', { name: `Make ${other.name} a system administrator` }).click()
  const grant = page.getByRole('dialog', { name: `Make ${other.name} a system administrator?` })
  await expect(grant).toContainText('gets Master rights on every site')
  await expect(grant.getByRole('button', { name: 'Close' })).toBeVisible()
  await grant.getByRole('button', { name: 'Change' }).click()
  await expect(grant).toHaveCount(0)
  const remove = row.getByRole('button', { name: `Remove system administrator rights of ${other.name}` })
  await expect(remove).toHaveAttribute('aria-pressed', 'true')
  expect(await isSystemAdmin(other)).toBe(true)
  // A light button in the row now: the light variant's contrast, in both schemes.
  await expectAccessible(page)
  await shell.chooseFromProfile('Dark')
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expectAccessible(page)

  await remove.click()
  const revoke = page.getByRole('dialog', { name: `Remove system administrator rights of ${other.name}?` })
  await expect(revoke).toContainText('keeps only the rights of their site memberships')
  await revoke.getByRole('button', { name: 'Change' }).click()
  await expect(row.getByRole('button', { name: `Make ${other.name} a system administrator` })).toHaveAttribute('aria-pressed', 'false')
  expect(await isSystemAdmin(other)).toBe(false)
  expect(csp).toEqual([])
})

test('a site admin gets no System area: the list by its address, read only', async ({ page, site, atrium, baseUrl }) => {
  const siteAdmin = await person(baseUrl, 'siteadmin')
  await atrium.POST('/api/v1/sites/{site_id}/members', { params: { path: { site_id: site.id } }, body: { idp_user_id: siteAdmin.sub, role: 'Admin' } })

  const csp = watchCsp(page)
  await signInAs(page, siteAdmin)
  const shell = new Shell(page)
  await page.goto('/admin/identity-users')
  await expect(shell.heading).toHaveText('Identity users')
  // Badges instead of buttons: the screen knows who is asking, and so does the shell.
  const row = page.getByRole('table', { name: 'People known from the identity provider' }).getByRole('row').filter({ hasText: siteAdmin.name })
  await expect(row.getByText('No', { exact: true })).toBeVisible()
  await expect(row.getByRole('button')).toHaveCount(0)
  await expect(shell.nav.getByRole('link', { name: 'Members' })).toBeVisible()
  await expect(shell.nav.getByRole('group', { name: 'System' })).toHaveCount(0)
  await expect(shell.nav.getByRole('link', { name: 'Identity users' })).toHaveCount(0)
  await expectAccessible(page)

  await page.keyboard.press('Control+k')
  await page.keyboard.type('Identity users')
  await expect(page.getByText('Nothing found')).toBeVisible()
  await page.keyboard.press('Escape')
  expect(csp).toEqual([])
})
