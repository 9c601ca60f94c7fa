import { expect, test } from '../fixtures'

/*
 * "Never overwrite silently" (admin.md): the saves of loaded records send If-Match with the tag of the version the
 * form holds (computed from the record as loaded where no answer carried one). A tag the server computes alike lets
 * the save through; a record changed meanwhile meets the conflict view, with what was typed kept.
 */

test('folder, consent group and item, menu title, site: saves of loaded records go through with their tag (options: sites.spec)', async ({
  page,
  site,
  signInWithKey,
  atrium,
}) => {
  test.slow()
  const folder = (await atrium.POST('/api/v1/sites/{site_id}/document-folders', { params: { path: { site_id: site.id } }, body: { name: 'Brochures' } })).data!
  const legal = (
    await atrium.POST('/api/v1/sites/{site_id}/legal', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'CookieConsent', slug: 'cookies', cookie_name: 'consent' },
    })
  ).data!
  const group = (await atrium.POST('/api/v1/legal/{document_id}/groups', { params: { path: { document_id: legal.id } }, body: { title: 'Statistics' } })).data!
  await atrium.POST('/api/v1/legal/groups/{group_id}/items', { params: { path: { group_id: group.id } }, body: { name: '_pk_id', provider: 'Matomo' } })
  const menu = (await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site.id } }, body: { name: 'Primary', slug: 'primary' } }))
    .data!
  const item = (
    await atrium.POST('/api/v1/menus/{menu_id}/items', {
      params: { path: { menu_id: menu.id } },
      body: { title: 'About', link_type: 'internal', url: '/about' },
    })
  ).data!
  await atrium.PUT('/api/v1/navigation/{id}/localizations', { params: { path: { id: item.id } }, body: { locale: 'de', title: 'Über' } })
  await signInWithKey(page)

  await page.goto(`/admin/sites/${site.id}/documents?folder=${folder.id}`)
  await page.getByRole('button', { name: 'Rename folder Brochures' }).click()
  await page.getByRole('textbox', { name: 'Folder name' }).fill('Leaflets')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Leaflets', exact: true })).toBeVisible()

  await page.goto(`/admin/sites/${site.id}/legal/${legal.id}`)
  await page.getByRole('button', { name: 'Edit group Statistics' }).click()
  await page.getByRole('dialog').getByRole('textbox', { name: 'Group title' }).fill('Statistics and reach')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.getByRole('button', { name: 'Edit _pk_id' }).click()
  await page.getByRole('dialog').getByRole('textbox', { name: 'Provider' }).fill('Matomo (self-hosted)')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  const saved = (await atrium.GET('/api/v1/legal/{id}', { params: { path: { id: legal.id } } })).data!
  expect(saved.groups[0]).toMatchObject({ title: 'Statistics and reach', items: [{ provider: 'Matomo (self-hosted)' }] })

  await page.goto(`/admin/sites/${site.id}/navigation?menu=${menu.id}`)
  await page.getByRole('button', { name: 'Edit “About”' }).click()
  // The titles load after the dialog opens: typed before they arrive, the fill's text landed after the loaded title
  // ("ÜberÜber uns", seen under load), so it waits for the title as a user would.
  const titleDe = page.getByRole('dialog').getByRole('textbox', { name: 'Title (de)' })
  await expect(titleDe).toHaveValue('Über')
  await titleDe.fill('Über uns')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  const titles = (await atrium.GET('/api/v1/navigation/{id}/localizations', { params: { path: { id: item.id } } })).data!
  expect(titles.map((l) => l.title)).toEqual(['Über uns'])

  await page.goto(`/admin/sites/${site.id}/settings`)
  const general = page.getByRole('region', { name: 'Site' })
  await general.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed site')
  await general.getByRole('button', { name: 'Save' }).click()
  await expect(general.getByRole('status')).toHaveText('Saved.')
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue('Renamed site')
  expect((await atrium.GET('/api/v1/sites/{id}', { params: { path: { id: site.id } } })).data!.name).toBe('Renamed site')
  await expect(general.getByRole('alert')).toHaveCount(0)
})

test('a consent group changed elsewhere while its dialog is open: both versions, keep mine saves mine', async ({ page, site, signInWithKey, atrium }) => {
  const legal = (
    await atrium.POST('/api/v1/sites/{site_id}/legal', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'CookieConsent', slug: 'cookies', cookie_name: 'consent' },
    })
  ).data!
  const group = (await atrium.POST('/api/v1/legal/{document_id}/groups', { params: { path: { document_id: legal.id } }, body: { title: 'Statistics' } })).data!
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/legal/${legal.id}`)
  await page.getByRole('button', { name: 'Edit group Statistics' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Group title' }).fill('Measurement')
  await atrium.PUT('/api/v1/legal/groups/{id}', { params: { path: { id: group.id } }, body: { title: 'Analytics', description: 'Counting visits' } })
  await dialog.getByRole('button', { name: 'Save' }).click()

  const conflict = dialog.getByRole('region', { name: 'This group was changed elsewhere' })
  await expect(conflict.locator('[data-field="title"]')).toContainText('Measurement')
  await expect(conflict.locator('[data-field="title"]')).toContainText('Analytics')
  await expect(dialog.getByRole('textbox', { name: 'Group title' })).toHaveValue('Measurement')
  expect((await atrium.GET('/api/v1/legal/{id}', { params: { path: { id: legal.id } } })).data!.groups[0]!.title).toBe('Analytics')
  await conflict.locator('[data-field="title"]').getByRole('button', { name: 'Keep mine' }).click()
  await conflict.getByRole('button', { name: 'Save merged version' }).click()
  await expect(dialog).toBeHidden()
  expect((await atrium.GET('/api/v1/legal/{id}', { params: { path: { id: legal.id } } })).data!.groups[0]).toMatchObject({
    title: 'Measurement',
    description: 'Counting visits',
  })
})

test('a menu item changed elsewhere while its dialog is open: both versions, what was typed kept, keep mine saves mine', async ({
  page,
  site,
  signInWithKey,
  atrium,
}) => {
  const menu = (await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site.id } }, body: { name: 'Primary', slug: 'primary' } }))
    .data!
  const item = (
    await atrium.POST('/api/v1/menus/{menu_id}/items', {
      params: { path: { menu_id: menu.id } },
      body: { title: 'About', link_type: 'internal', url: '/about' },
    })
  ).data!
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/navigation?menu=${menu.id}`)
  await page.getByRole('button', { name: 'Edit “About”' }).click()
  const dialog = page.getByRole('dialog')
  await atrium.PUT('/api/v1/navigation/{id}', { params: { path: { id: item.id } }, body: { title: 'About us', url: '/about-us' } })
  const title = dialog.getByRole('textbox', { name: /^Title \(.*default\)$/ })
  await title.fill('Who we are')
  await dialog.getByRole('button', { name: 'Save' }).click()

  const conflict = dialog.getByRole('region', { name: 'This item was changed elsewhere' })
  await expect(conflict.locator('[data-field="title"]')).toContainText('Who we are')
  await expect(conflict.locator('[data-field="title"]')).toContainText('About us')
  await expect(title).toHaveValue('Who we are')
  expect((await atrium.GET('/api/v1/navigation/{id}', { params: { path: { id: item.id } } })).data!.title).toBe('About us')
  await conflict.locator('[data-field="title"]').getByRole('button', { name: 'Keep mine' }).click()
  await conflict.getByRole('button', { name: 'Save merged version' }).click()
  await expect(dialog).toBeHidden()
  // Mine where both changed, theirs where only they did.
  expect((await atrium.GET('/api/v1/navigation/{id}', { params: { path: { id: item.id } } })).data!).toMatchObject({ title: 'Who we are', url: '/about-us' })
})
