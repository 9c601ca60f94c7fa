import { createAtriumClient } from '@atrium-cms/client'
import { randomBytes } from 'node:crypto'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { tokenFor } from '../oidc-provider'

test('invite a member and change their role', async ({ page, site, baseUrl, signInWithKey }) => {
  // A JWT user from the stand-in identity provider signs in once, so the directory (/idp/users) knows them.
  const sub = `e2e-member-${randomBytes(3).toString('hex')}`
  const token = await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', sub)
  await createAtriumClient({ baseUrl, token }).GET('/api/v1/auth/me')
  const name = `Person ${sub}`

  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/members`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members')
  await page.getByRole('searchbox', { name: 'Find a person' }).fill(sub)
  await page.getByRole('combobox', { name: 'Person' }).click()
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await page.getByRole('combobox', { name: 'Role for the new member' }).click()
  await page.getByRole('option', { name: 'Editor' }).click()
  await page.getByRole('button', { name: 'Add member' }).click()

  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByRole('combobox', { name: `Role of ${name}` })).toHaveValue('Editor')
  await row.getByRole('combobox', { name: `Role of ${name}` }).click()
  await page.getByRole('option', { name: 'Reviewer' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Role of ${name} is now Reviewer.` })).toBeVisible()
  const me = await createAtriumClient({ baseUrl, token }).GET('/api/v1/auth/me')
  expect(me.data?.memberships).toEqual([{ site_id: site.id, role: 'Reviewer' }])
  await expectAccessible(page)

  await row.getByRole('button', { name: `Remove ${name}` }).click()
  await expect(page.getByRole('dialog', { name: `Remove ${name}?` })).toContainText('loses access')
  await page.keyboard.press('Escape')
  expect(csp).toEqual([])
})
