import { expect, test } from '../fixtures'
import { Shell } from '../pages/Shell'

test('the chosen site is kept on screens about no site, and /admin/ returns to it', async ({ page, site, signInWithKey, atrium }) => {
  // A second site whose name sorts last, so "the first site" is never the one chosen.
  const other = (
    await atrium.POST('/api/v1/sites', { body: { name: `ZZ kept ${site.slug}`, slug: `${site.slug}-kept`, locales: [{ code: 'en', is_default: true }] } })
  ).data!
  await signInWithKey(page)
  const shell = new Shell(page)
  const switcher = page.getByRole('combobox', { name: 'Site' })
  await shell.gotoDashboard(site.id)
  await expect(switcher).toHaveValue(site.name)

  await switcher.click()
  await page.getByRole('option', { name: other.name }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${other.id}$`))

  // Profile and All sites are about no site: the switcher keeps the choice.
  await shell.chooseFromProfile('Profile')
  await expect(page).toHaveURL(/\/admin\/profile$/)
  await expect(switcher).toHaveValue(other.name)
  await page.getByRole('link', { name: 'All sites' }).click()
  await expect(page).toHaveURL(/\/admin\/sites$/)
  await expect(switcher).toHaveValue(other.name)
  // The sidebar's links go to the chosen site.
  await shell.nav.getByRole('link', { name: 'Posts' }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${other.id}/blogs`))

  // A fresh visit of /admin/ (as after sign-in) lands on the chosen site, in this browser only.
  await page.goto('/admin/')
  await expect(page).toHaveURL(new RegExp(`/sites/${other.id}$`))
})
