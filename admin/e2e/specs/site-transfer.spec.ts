import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'

test('export a site as a download, check the archive in a dry run, then import it as a new site', async ({ page, site, atrium, signInWithKey }) => {
  test.slow()
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/settings`)
  await page.getByRole('link', { name: 'Export', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Export this site')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the archive' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${site.slug}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz$`))
  await expect(page.getByTestId('export-status')).toContainText(`Downloaded ${file.suggestedFilename()}`)
  const archive = join(mkdtempSync(join(tmpdir(), 'atrium-e2e-')), file.suggestedFilename())
  await file.saveAs(archive)
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Import a site from an archive' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import a site')
  const copy = `${site.slug}-copy`
  await page.locator('input[type="file"]').setInputFiles(archive)
  await page.getByRole('textbox', { name: 'Address of the new site (slug)' }).fill(copy)
  const run = page.getByRole('button', { name: 'Import the site' })
  await expect(run).toBeDisabled()
  await page.getByRole('button', { name: 'Check the archive' }).click()
  const report = page.getByRole('table', { name: 'Records in the archive' })
  await expect(report.getByRole('row', { name: /Posts/ })).toContainText('4')
  await expect(report.getByRole('row', { name: /Languages/ })).toContainText('2')
  await expect(page.getByRole('region', { name: 'What the archive holds' })).toContainText(`/${copy}`)
  // The dry run kept nothing.
  expect((await atrium.GET('/api/v1/sites')).data!.some((s) => s.slug === copy)).toBe(false)
  await expectAccessible(page)

  await run.click()
  await expect(page.getByTestId('import-status')).toHaveText(`Imported “${site.name}” (/${copy}).`)
  const made = (await atrium.GET('/api/v1/sites')).data!.find((s) => s.slug === copy)
  expect(made).toBeDefined()
  await page.getByRole('link', { name: `Open ${site.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/sites/${made!.id}$`))
  expect(csp).toEqual([])
})

test('a broken archive and a taken address are refused with the reason, and nothing is created', async ({ page, site, atrium, signInWithKey }) => {
  test.slow()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'))
  const broken = join(dir, 'broken.tar.gz')
  writeFileSync(broken, gzipSync(randomBytes(2048)))
  await signInWithKey(page)
  await page.goto('/admin/sites')
  await page.getByRole('link', { name: 'Import a site' }).click()
  await page.locator('input[type="file"]').setInputFiles(broken)
  await page.getByRole('button', { name: 'Check the archive' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'This archive cannot be imported' })
  await expect(alert).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import the site' })).toBeDisabled()
  await expectAccessible(page)

  // A real archive under the address of a site that exists: 409, said at the field.
  const res = await atrium.POST('/api/v1/sites/{site_id}/export', { params: { path: { site_id: site.id } }, parseAs: 'arrayBuffer' })
  const good = join(dir, 'good.tar.gz')
  writeFileSync(good, Buffer.from(res.data as unknown as ArrayBuffer))
  const before = (await atrium.GET('/api/v1/sites')).data!.length
  await page.locator('input[type="file"]').setInputFiles(good)
  await page.getByRole('button', { name: 'Check the archive' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This archive cannot be imported' })).toContainText(site.slug)
  expect((await atrium.GET('/api/v1/sites')).data!.length).toBe(before)
})

test('import and export are not offered to those the API would refuse', async ({ page, site, atrium, signInWithKey }) => {
  const key = (await atrium.POST('/api/v1/api-keys', { body: { name: `writer-${randomBytes(3).toString('hex')}`, permission: 'Write', site_id: site.id } }))
    .data!.key
  await signInWithKey(page, key)
  await page.goto(`/admin/sites/${site.id}/settings`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Export', exact: true })).toHaveCount(0)
  await page.goto('/admin/sites')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Import a site' })).toHaveCount(0)
  await page.goto(`/admin/sites/${site.id}/export`)
  await expect(page.getByRole('button', { name: 'Download the archive' })).toHaveCount(0)
  await page.goto('/admin/sites/import')
  await expect(page.getByRole('button', { name: 'Check the archive' })).toHaveCount(0)
})
