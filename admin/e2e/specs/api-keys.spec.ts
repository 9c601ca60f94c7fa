import { createAtriumClient } from '@atrium-cms/client'
import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'

test('create a Read key, copy it, use it from the test to read, then revoke it and see it refused', async ({ page, context, site, baseUrl, signInWithKey }) => {
  // A long journey with several axe scans: more than 30 s on a loaded machine.
  test.slow()
  const csp = watchCsp(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/api-keys`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys')
  await expect(page.getByText(/You may create keys up to Master/)).toBeVisible()

  await page.getByRole('textbox', { name: 'Name' }).fill('Frontend')
  await page.getByRole('button', { name: 'Create key' }).click()
  const secret = page.getByRole('textbox', { name: 'API key' })
  await expect(secret).toHaveValue(/^atr_/)
  await page.getByRole('button', { name: 'Copy API key' }).click()
  await expect(page.getByRole('button', { name: 'Copy API key' })).toHaveText('Copied')
  const key = await page.evaluate(() => navigator.clipboard.readText())
  expect(key).toBe(await secret.inputValue())
  // Never cached nor stored: not in sessionStorage or localStorage.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))
  expect(stored).not.toContain(key)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'I have copied it' }).click()
  await expect(secret).toHaveCount(0)

  // The key reads, as a frontend would.
  const reader = createAtriumClient({ baseUrl, apiKey: key })
  const read = await reader.GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: site.id } } })
  expect(read.data?.meta.total).toBe(4)

  const row = page.getByRole('row').filter({ hasText: 'Frontend' })
  await expect(row).toContainText('Read')
  await expect(row).toContainText('Active')
  await row.getByRole('link', { name: 'Usage of Frontend' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usage of Frontend')
  await expect(page.getByRole('table', { name: 'Latest requests with this key' })).toContainText(`/api/v1/sites/${site.id}/blogs`)
  await page.getByRole('button', { name: 'Show as table' }).click()
  await expect(page.getByRole('table', { name: /Requests per day/ })).toBeVisible()
  await page.getByRole('button', { name: 'Show as chart' }).click()
  await expect(page.locator('.recharts-wrapper')).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}api-keys.png`, fullPage: true })
  await page.getByRole('link', { name: /All keys/ }).click()

  await page.getByRole('button', { name: 'Revoke Frontend' }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke Frontend?' })
  await expect(dialog).toContainText('This cannot be undone.')
  await dialog.getByRole('button', { name: 'Revoke key' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Frontend' })).toContainText('Revoked')
  const refused = await reader.GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: site.id } } }).catch((e: unknown) => e)
  expect((refused as { status?: number }).status).toBe(401)
  expect(csp).toEqual([])
})
