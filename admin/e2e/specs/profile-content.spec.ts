import type { AtriumClient } from '@atrium-cms/client'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'

const socialNames = async (atrium: AtriumClient, siteId: string) =>
  (await atrium.GET('/api/v1/sites/{site_id}/social', { params: { path: { site_id: siteId } } })).data!.map((l) => l.label ?? l.platform)

const listNames = (page: Page) => page.getByRole('table', { name: 'Social links in display order' }).getByRole('rowheader')

test('social links: create, edit, reorder by keyboard (announced, saved through the reorder) and delete', async ({ page, site, atrium, signInWithKey }) => {
  for (const [platform, label] of [
    ['github', 'GitHub'],
    ['mastodon', 'Mastodon'],
  ]) {
    await atrium.POST('/api/v1/sites/{site_id}/social', {
      params: { path: { site_id: site.id } },
      body: { platform: platform!, url: `https://${platform}.example/me`, label },
    })
  }
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/social`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Social links')

  await page.getByRole('button', { name: 'New link' }).click()
  const dialog = page.getByRole('dialog', { name: 'New social link' })
  await dialog.getByRole('textbox', { name: 'Platform' }).fill('bluesky')
  await dialog.getByRole('textbox', { name: 'Address' }).fill('bsky.app/profile/me')
  await dialog.getByRole('button', { name: 'Create link' }).click()
  await expect(dialog.getByText('Must start with http://, https:// or mailto:.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Address' }).fill('https://bsky.app/profile/me')
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Bluesky')
  await dialog.getByRole('button', { name: 'Create link' }).click()
  await expect(dialog).toBeHidden()
  await expect(listNames(page)).toHaveText(['GitHub', 'Mastodon', 'Bluesky'])

  await page.getByRole('button', { name: 'Edit Mastodon' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit social link' })
  await edit.getByRole('textbox', { name: 'Label' }).fill('Fediverse')
  await edit.getByRole('button', { name: 'Save link' }).click()
  await expect(edit).toBeHidden()
  await expect(listNames(page)).toHaveText(['GitHub', 'Fediverse', 'Bluesky'])
  await expectAccessible(page)

  // Keyboard on the drag handle: Space picks up, ArrowDown moves, Space drops; each step is announced.
  await page.getByRole('button', { name: 'Reorder GitHub' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByText('Picked up GitHub, position 1 of 3.')).toBeAttached()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByText('GitHub moved to position 2 of 3.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(page.getByText('GitHub dropped at position 2 of 3.')).toBeAttached()
  await expect(listNames(page)).toHaveText(['Fediverse', 'GitHub', 'Bluesky'])
  await expect(page.locator('.ui-status')).toHaveText('Order saved.')
  expect(await socialNames(atrium, site.id)).toEqual(['Fediverse', 'GitHub', 'Bluesky'])

  // The buttons do the same, announced in the screen's own polite region.
  await page.getByRole('button', { name: 'Move Bluesky up' }).click()
  await expect(page.locator('.ui-status')).toHaveText('Bluesky moved to position 2 of 3. Order saved.')
  expect(await socialNames(atrium, site.id)).toEqual(['Fediverse', 'Bluesky', 'GitHub'])

  await page.getByRole('button', { name: 'Delete GitHub' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete “GitHub”?' })
  await confirm.getByRole('button', { name: 'Delete link' }).click()
  await expect(confirm).toBeHidden()
  await expect(listNames(page)).toHaveText(['Fediverse', 'Bluesky'])
  expect(await socialNames(atrium, site.id)).toEqual(['Fediverse', 'Bluesky'])
  expect(csp).toEqual([])
})

test('social links at 390 px: cards that fit the screen, reordered by keyboard with Move buttons that keep the focus', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  for (const platform of ['github', 'mastodon', 'bluesky']) {
    await atrium.POST('/api/v1/sites/{site_id}/social', {
      params: { path: { site_id: site.id } },
      body: { platform, url: `https://${platform}.example/a/rather/long/profile/address/that/needs/cutting`, label: null },
    })
  }
  await page.setViewportSize({ width: 390, height: 844 })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/social`)
  await expect(listNames(page)).toHaveText(['github', 'mastodon', 'bluesky'])
  await expect(page.getByRole('button', { name: 'Reorder github' })).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // The first row moves down twice from the keyboard; the focus stays on its button.
  await page.getByRole('button', { name: 'Move github down' }).focus()
  await page.keyboard.press('Enter')
  await expect(listNames(page)).toHaveText(['mastodon', 'github', 'bluesky'])
  await expect(page.getByRole('button', { name: 'Move github down' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(listNames(page)).toHaveText(['mastodon', 'bluesky', 'github'])
  await expect(page.getByRole('button', { name: 'Move github down' })).toBeDisabled()
  // Unavailable at the end, yet still focused (aria-disabled, not disabled), so the keyboard user is not thrown out.
  await expect(page.getByRole('button', { name: 'Move github down' })).toBeFocused()
  await expect(page.locator('.ui-status')).toHaveText('github moved to position 3 of 3. Order saved.')
  expect(await socialNames(atrium, site.id)).toEqual(['mastodon', 'bluesky', 'github'])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(page)
})

test('skills and CV entries: create with field errors kept, grouped and dated', async ({ page, site, atrium, signInWithKey }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/skills`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skills')
  await expect(page.getByText('No skills yet.')).toBeVisible()
  await page.getByRole('button', { name: 'New skill' }).click()
  const skill = page.getByRole('dialog', { name: 'New skill' })
  await skill.getByRole('textbox', { name: 'Name' }).fill('TypeScript')
  await skill.getByLabel('Category').fill('Languages')
  await skill.getByRole('textbox', { name: 'Proficiency' }).fill('120')
  await skill.getByRole('button', { name: 'Create skill' }).click()
  await expect(skill.getByText('A whole number from 0 to 100.')).toBeVisible()
  await expect(skill.getByRole('textbox', { name: 'Name' })).toHaveValue('TypeScript')
  await skill.getByRole('textbox', { name: 'Proficiency' }).fill('85')
  await skill.getByRole('button', { name: 'Create skill' }).click()
  await expect(skill).toBeHidden()
  const group = page.getByRole('table', { name: 'Skills: Languages' })
  await expect(group.locator('tbody').getByRole('row')).toContainText('TypeScript')
  await expect(group.getByRole('img', { name: 'Proficiency 85 of 100' })).toBeVisible()
  await expectAccessible(page)
  const skills = (await atrium.GET('/api/v1/sites/{site_id}/skills', { params: { path: { site_id: site.id } } })).data!
  expect(skills.data.map((s) => [s.name, s.category, s.proficiency])).toEqual([['TypeScript', 'Languages', 85]])

  await page.goto(`/admin/sites/${site.id}/cv`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CV')
  await page.getByRole('button', { name: 'New entry' }).click()
  const cv = page.getByRole('dialog', { name: 'New CV entry' })
  await cv.getByRole('combobox', { name: 'Entry type' }).selectOption('education')
  await cv.getByRole('textbox', { name: 'Title' }).fill('MSc Computer Science')
  await cv.getByRole('textbox', { name: 'Organization', exact: true }).fill('TU Example')
  await cv.getByLabel(/^Start date/).fill('2018-10-01')
  await cv.getByLabel('End date', { exact: true }).fill('2017-09-30')
  await cv.getByRole('button', { name: 'Create entry' }).click()
  await expect(cv.getByText('Must not be before the start date.')).toBeVisible()
  await cv.getByLabel('End date', { exact: true }).fill('2020-09-30')
  await cv.getByRole('button', { name: 'Create entry' }).click()
  await expect(cv).toBeHidden()

  await page.getByRole('button', { name: 'New entry' }).click()
  await cv.getByRole('textbox', { name: 'Title' }).fill('Engineer')
  await cv.getByLabel(/^Start date/).fill('2021-01-01')
  await cv.getByRole('checkbox', { name: 'Current (no end date)' }).check()
  await expect(cv.getByLabel('End date', { exact: true })).toBeDisabled()
  await cv.getByRole('button', { name: 'Create entry' }).click()
  await expect(cv).toBeHidden()
  const entries = page.getByRole('table', { name: 'CV entries, current first, then newest' }).locator('tbody').getByRole('row')
  await expect(entries).toHaveCount(2)
  await expect(entries.first()).toContainText('Engineer')
  await expect(entries.first()).toContainText('Since Jan 1, 2021')
  await expect(entries.nth(1)).toContainText('Oct 1, 2018 – Sep 30, 2020')
  await expectAccessible(page)

  await page.getByRole('combobox', { name: 'Entry type' }).selectOption('education')
  await expect(entries).toHaveCount(1)
  const list = (await atrium.GET('/api/v1/sites/{site_id}/cv', { params: { path: { site_id: site.id } } })).data!
  expect(list.data.map((e) => [e.title, e.entry_type, e.is_current, e.end_date])).toEqual([
    ['Engineer', 'work', true, null],
    ['MSc Computer Science', 'education', false, '2020-09-30'],
  ])
  expect(csp).toEqual([])
})
