import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'

test('documents: a folder, a file checked against the upload limit, a link, titles per locale, delete', async ({ page, site, signInWithKey, atrium }) => {
  test.slow() // a long journey with two axe scans and a screenshot (30 s was reached at different steps on a loaded runner)
  const csp = watchCsp(page)
  await atrium.PUT('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: site.id } }, body: { max_upload_bytes: 1000 } })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/documents`)
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()

  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByRole('textbox', { name: 'Folder name' }).fill('Brochures')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: 'Brochures', exact: true })).toHaveAttribute('aria-current', 'true')
  await expect(page).toHaveURL(/folder=[0-9a-f-]{36}/)

  // Over the site's limit: refused before anything is sent.
  await page.getByRole('button', { name: 'Add document' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'File', exact: true }).click()
  await (await chooser).setFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2000, 'a') })
  await page.getByRole('textbox', { name: 'Type' }).fill('text')
  await page.getByRole('button', { name: 'Add document' }).click()
  await expect(page.getByText(/big\.txt is 2 kB: over this site’s upload limit of 1 kB/)).toBeVisible()

  const chooser2 = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'File', exact: true }).click()
  await (await chooser2).setFiles({ name: 'price-list.txt', mimeType: 'text/plain', buffer: Buffer.from('Prices: low.\n') })
  await page.getByRole('button', { name: 'Add document' }).click()
  await expect(page.getByRole('link', { name: 'price-list.txt', exact: true })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}documents.png`, fullPage: true })

  // A link, outside the folder.
  await page.getByRole('button', { name: 'All documents' }).click()
  await page.getByRole('button', { name: 'Add document' }).click()
  await page.getByText('Link to a URL', { exact: true }).click()
  await page.getByRole('textbox', { name: 'URL' }).fill('https://example.com/terms.pdf')
  await page.getByRole('textbox', { name: 'Type' }).fill('pdf')
  await page.getByRole('button', { name: 'Add document' }).click()
  await expect(page.getByRole('link', { name: 'https://example.com/terms.pdf', exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'price-list.txt', exact: true }).click()
  await page.getByRole('textbox', { name: 'Title (de)' }).fill('Preisliste')
  await page.getByRole('button', { name: 'Save de' }).click()
  await expect(page.getByRole('form', { name: /\(de\)/ }).getByRole('status')).toHaveText('Saved')
  await expectAccessible(page)
  const docs = (await atrium.GET('/api/v1/sites/{site_id}/documents', { params: { path: { site_id: site.id } } })).data!.data
  const file = docs.find((d) => d.file_name === 'price-list.txt')!
  const detail = (await atrium.GET('/api/v1/documents/{id}', { params: { path: { id: file.id } } })).data!
  expect(detail.localizations.map((l) => l.title)).toEqual(['Preisliste'])
  expect(file.folder_id).not.toBeNull()

  await page.getByRole('link', { name: 'All documents' }).click()
  await page.getByRole('button', { name: 'All documents' }).click()
  await page.getByRole('button', { name: 'Delete https://example.com/terms.pdf' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('link', { name: 'https://example.com/terms.pdf', exact: true })).toHaveCount(0)
  expect(csp).toEqual([])
})

test('documents: a localization changed elsewhere meanwhile is not overwritten; the conflict shows both, keep mine saves mine', async ({
  page,
  site,
  signInWithKey,
  atrium,
}) => {
  const doc = (
    await atrium.POST('/api/v1/sites/{site_id}/documents', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'pdf', url: 'https://example.com/prices.pdf' },
    })
  ).data!
  const loc = (
    await atrium.POST('/api/v1/documents/{id}/localizations', {
      params: { path: { id: doc.id } },
      body: { locale: 'en', title: 'Price list', description: 'Prices of 2025' },
    })
  ).data!
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/documents/${doc.id}`)
  const en = page.getByRole('form', { name: /\(en\)/ })
  await expect(en.getByRole('textbox', { name: 'Title (en)' })).toHaveValue('Price list')

  // A colleague saves the English texts while the form still holds the version it loaded.
  await atrium.PUT('/api/v1/documents/localizations/{loc_id}', {
    params: { path: { loc_id: loc.id } },
    body: { title: 'Prices', description: 'Prices of 2026' },
  })
  await en.getByRole('textbox', { name: 'Title (en)' }).fill('Price list 2026')
  await en.getByRole('button', { name: 'Save en' }).click()

  const conflict = page.getByRole('region', { name: 'The en texts were changed elsewhere' })
  await expect(conflict).toBeVisible()
  const title = conflict.locator('[data-field="title"]')
  await expect(title).toContainText('Price list 2026') // mine
  await expect(title).toContainText('Prices') // theirs
  await expect(conflict.locator('[data-field="description"]')).toContainText('Only changed elsewhere')
  // Nothing was overwritten, and what was typed is still in the form.
  expect((await atrium.GET('/api/v1/documents/{id}', { params: { path: { id: doc.id } } })).data!.localizations[0]).toMatchObject({
    title: 'Prices',
    description: 'Prices of 2026',
  })
  await expect(en.getByRole('textbox', { name: 'Title (en)' })).toHaveValue('Price list 2026')
  await expectAccessible(page)

  await title.getByRole('button', { name: 'Keep mine' }).click()
  await conflict.getByRole('button', { name: 'Save merged version' }).click()
  await expect(conflict).toHaveCount(0)
  await expect(en.getByRole('status')).toHaveText('Saved')
  expect((await atrium.GET('/api/v1/documents/{id}', { params: { path: { id: doc.id } } })).data!.localizations[0]).toMatchObject({
    title: 'Price list 2026',
    description: 'Prices of 2026',
  })

  // The next save sends the tag of the version just saved: no conflict.
  await en.getByRole('textbox', { name: 'Description (en)' }).fill('Prices of 2026, without VAT')
  await en.getByRole('button', { name: 'Save en' }).click()
  await expect(en.getByRole('status')).toHaveText('Saved')
  await expect
    .poll(async () => (await atrium.GET('/api/v1/documents/{id}', { params: { path: { id: doc.id } } })).data!.localizations[0]!.description)
    .toBe('Prices of 2026, without VAT')
})

test('legal: a localization saved from the loaded version goes through; one changed elsewhere meanwhile meets the conflict view', async ({
  page,
  site,
  signInWithKey,
  atrium,
}) => {
  const doc = (
    await atrium.POST('/api/v1/sites/{site_id}/legal', { params: { path: { site_id: site.id } }, body: { document_type: 'Imprint', slug: 'imprint' } })
  ).data!
  const loc = (
    await atrium.POST('/api/v1/legal/{id}/localizations', { params: { path: { id: doc.id } }, body: { locale: 'en', title: 'Imprint', body: 'Atrium Ltd.' } })
  ).data!
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/legal/${doc.id}`)
  const en = page.getByRole('form', { name: /\(en\)/ })
  await en.getByRole('textbox', { name: 'Title (en)' }).fill('Legal notice')
  await en.getByRole('button', { name: 'Save en' }).click()
  await expect(en.getByRole('status')).toHaveText('Saved')

  await atrium.PUT('/api/v1/legal/localizations/{loc_id}', { params: { path: { loc_id: loc.id } }, body: { title: 'Imprint and contact' } })
  await en.getByRole('textbox', { name: 'Title (en)' }).fill('Site notice')
  await en.getByRole('button', { name: 'Save en' }).click()
  const conflict = page.getByRole('region', { name: 'The en texts were changed elsewhere' })
  await expect(conflict.locator('[data-field="title"]')).toContainText('Imprint and contact')
  await conflict.getByRole('button', { name: 'Discard mine, take all theirs' }).click()
  await expect(en.getByRole('textbox', { name: 'Title (en)' })).toHaveValue('Imprint and contact')
})

test('templates: invalid JSON is refused before sending; a post is started from a template', async ({ page, site, signInWithKey, atrium }) => {
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/templates`)
  await expect(page.getByRole('heading', { level: 1, name: 'Content templates' })).toBeVisible()
  await page.getByRole('button', { name: 'New template' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Recipe')
  const data = dialog.getByRole('textbox', { name: 'Template data (JSON)' })
  await data.fill('{"author": ')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText(/Not valid JSON/)).toBeVisible()
  await data.fill('[1]')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('The data must be a JSON object ({ … }).')).toBeVisible()
  await data.fill(JSON.stringify({ author: 'Chef', localizations: [{ locale: 'en', body: '## Ingredients\n\n## Steps' }] }))
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Save' }).click()
  // The template's name is its row's header cell.
  await expect(page.getByRole('rowheader', { name: 'Recipe', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Use Recipe' }).click()
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title of the new post' }).fill('Apple pie')
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/blogs\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').pop()!
  const detail = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })).data!
  expect(detail.author).toBe('Chef')
  expect(detail.localizations[0]).toMatchObject({ title: 'Apple pie', body: '## Ingredients\n\n## Steps' })
})

test('legal: build a cookie-consent document, reorder its groups by keyboard, and preview the banner', async ({ page, site, signInWithKey, atrium }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/legal`)
  await expect(page.getByRole('heading', { level: 1, name: 'Legal documents' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'New legal document' }).click()
  const create = page.getByRole('dialog')
  await create.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'Cookie consent' }).click()
  await create.getByRole('textbox', { name: 'Slug' }).fill('cookies')
  await create.getByRole('textbox', { name: 'Cookie name' }).fill('consent')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie consent (cookies)' })).toBeVisible()
  await expect(page.getByText('Frontends get 404', { exact: false })).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Title (en)' }).fill('We use cookies')
  await page.getByRole('textbox', { name: 'Introduction (en)' }).fill('Choose what you allow.')
  await page.getByRole('button', { name: 'Save en' }).click()
  await expect(page.getByRole('form', { name: /\(en\)/ }).getByRole('status')).toHaveText('Saved')

  for (const [title, required] of [
    ['Necessary', true],
    ['Statistics', false],
  ] as const) {
    await page.getByRole('button', { name: 'Add a group' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Group title' }).fill(title)
    if (required) await dialog.getByRole('switch', { name: 'Required' }).check({ force: true })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Add a cookie or service to Statistics' }).click()
  const item = page.getByRole('dialog')
  await item.getByRole('textbox', { name: 'Name' }).fill('_pk_id')
  await item.getByRole('textbox', { name: 'Provider' }).fill('Matomo')
  await item.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('table', { name: 'Cookies and services in Statistics' })).toContainText('_pk_id')

  // Keyboard: focus "move Statistics up" and press Enter; the move is announced.
  await page.getByRole('button', { name: 'Move Statistics up' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Statistics moved to position 1 of 2.')).toBeAttached()
  await expect(page.getByRole('heading', { level: 3 }).first()).toHaveText('Statistics')

  const banner = page.getByTestId('banner-preview')
  await expect(banner).toContainText('We use cookies')
  await expect(banner).toContainText('_pk_id (Matomo)')
  await expect(banner.getByRole('switch', { name: 'Necessary' })).toBeDisabled()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}cookie-consent.png`, fullPage: true })

  const consent = (await atrium.GET('/api/v1/sites/{site_id}/legal/cookie-consent', { params: { path: { site_id: site.id } } })).data!
  expect(consent.groups.map((g) => g.title)).toEqual(['Statistics', 'Necessary'])
  expect(consent.groups[1]).toMatchObject({ is_required: true, default_enabled: true })
  expect(csp).toEqual([])
})
