import { createAtriumClient } from '@atrium-cms/client'
import { randomBytes } from 'node:crypto'
import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { tokenFor } from '../oidc-provider'

test('invite a member and change their role', async ({ page, site, atrium, baseUrl, signInWithKey }) => {
  // A journey with an axe scan and a screenshot: more than the default 30 s on a loaded 2-core runner.
  test.slow()
  // A JWT user from the stand-in identity provider signs in once, so the directory (/idp/users) knows them.
  const sub = `e2e-member-${randomBytes(3).toString('hex')}`
  const token = await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', sub)
  await createAtriumClient({ baseUrl, token }).GET('/api/v1/auth/me')
  const name = `Person ${sub}`
  // Two colleagues already on the site, with other roles (the README screenshot shows a team, not one person).
  for (const [who, role] of [
    ['Ada Lovelace', 'Admin'],
    ['Grace Hopper', 'Author'],
  ] as const) {
    const colleague = `e2e-${who.split(' ')[0]!.toLowerCase()}-${randomBytes(3).toString('hex')}`
    await createAtriumClient({ baseUrl, token: await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', colleague, who) }).GET(
      '/api/v1/auth/me',
    )
    await atrium.POST('/api/v1/sites/{site_id}/members', { params: { path: { site_id: site.id } }, body: { idp_user_id: colleague, role } })
  }

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
  await expect(page.getByRole('table', { name: 'Members of the site' }).getByRole('row')).toHaveCount(4)
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}members.png`, fullPage: true })

  await row.getByRole('button', { name: `Remove ${name}` }).click()
  await expect(page.getByRole('dialog', { name: `Remove ${name}?` })).toContainText('loses access')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  expect(csp).toEqual([])
})

test('add someone who has never signed in by their identity-provider id; they show by name once they do', async ({ page, site, baseUrl, signInWithKey }) => {
  test.slow()
  const sub = `e2e-newcomer-${randomBytes(3).toString('hex')}`
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/members`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members')
  const form = page.getByRole('region', { name: 'Add someone who has not signed in yet' })
  // Empty: said at the field, nothing sent.
  await form.getByRole('button', { name: 'Add by id' }).click()
  await expect(form.getByRole('textbox', { name: 'Identity-provider user id' })).toHaveAccessibleDescription(/Enter the user id/)
  await form.getByRole('textbox', { name: 'Identity-provider user id' }).fill(sub)
  await form.getByRole('combobox', { name: 'Starting role' }).click()
  await page.getByRole('option', { name: 'Editor' }).click()
  await form.getByRole('button', { name: 'Add by id' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${sub} was added as Editor.` })).toContainText('appear after their first sign-in')
  const row = page.getByRole('row').filter({ hasText: sub })
  await expect(row).toContainText('Has not signed in yet')
  await expect(row.getByRole('combobox', { name: `Role of ${sub}` })).toHaveValue('Editor')
  await expectAccessible(page)

  // Their first sign-in brings name and e-mail: the list shows the person, not the id.
  const token = await tokenFor(process.env.ATRIUM_E2E_IDP_ISSUER as string, 'atrium-admin', sub, 'Katherine Johnson')
  const me = await createAtriumClient({ baseUrl, token }).GET('/api/v1/auth/me')
  expect(me.data?.memberships).toEqual([{ site_id: site.id, role: 'Editor' }])
  await page.reload()
  const named = page.getByRole('row').filter({ hasText: 'Katherine Johnson' })
  await expect(named.getByRole('combobox', { name: 'Role of Katherine Johnson' })).toHaveValue('Editor')
  await expect(named).not.toContainText('Has not signed in yet')
})
