import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'
import { MediaLibrary } from '../pages/MediaLibrary'
import { PageEditor } from '../pages/PageEditor'
import { solidPng } from '../png'

test('tags: Enter takes the highlighted existing tag, and a new tag is made only through its “Create tag” option', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  for (const name of ['Rail', 'Trains']) await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name } })
  const siteTags = async () =>
    (await atrium.GET('/api/v1/sites/{site_id}/tags', { params: { path: { site_id: site.id }, query: { per_page: 100 } } }))
      .data!.data.map((t) => t.name)
      .sort()
  const csp = watchCsp(page)
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  const tags = editor.group('Tags')
  const input = tags.getByRole('combobox', { name: 'Add a tag' })

  // "Rai": the existing Rail is offered first and highlighted, creating "Rai" is a separate, explicit option.
  await input.fill('Rai')
  await expect(page.getByRole('option', { name: 'Rail', exact: true })).toHaveAttribute('data-combobox-selected')
  await expect(page.getByRole('option', { name: 'Create tag “Rai”' })).toBeVisible()
  await expectAccessible(page)
  await input.press('Enter')
  await expect(tags.getByRole('button', { name: 'Remove tag “Rail”' })).toBeVisible()
  await expect(input).toHaveValue('')
  expect(await siteTags()).toEqual(['Rail', 'Trains'])

  // The arrow keys move the highlight; a new tag comes from the create option.
  await input.fill('rain')
  await expect(page.getByRole('option', { name: 'Trains', exact: true })).toHaveAttribute('data-combobox-selected')
  await input.press('ArrowDown')
  await expect(page.getByRole('option', { name: 'Create tag “rain”' })).toHaveAttribute('data-combobox-selected')
  await input.press('Enter')
  await expect(tags.getByRole('button', { name: 'Remove tag “rain”' })).toBeVisible()
  expect(await siteTags()).toEqual(['Rail', 'Trains', 'rain'])
  // A name that exists (in any case) is never offered for creation.
  await input.fill('TRAINS')
  await expect(page.getByRole('option', { name: 'Trains', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: /Create tag/ })).toHaveCount(0)
  expect(csp).toEqual([])
})

test('translation status is a select of known values with localized labels, apart from the publication status', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  const status = page.getByRole('combobox', { name: 'Translation status' })
  await expect(status.locator('option')).toHaveText(['Draft', 'In translation', 'Translated', 'Reviewed', 'Needs update'])
  await expect(status).toHaveValue('Draft')
  const bar = page.getByRole('navigation', { name: 'Languages of this post' })
  await expect(bar.locator('[data-locale="en"]')).toContainText('Draft')
  await status.selectOption({ label: 'Reviewed' })
  await editor.save()
  await editor.expectSaved()
  await expect(bar.locator('[data-locale="en"]')).toContainText('Reviewed')
  // The publication status stays the post's own.
  await expect(editor.blogStatus).toContainText('Draft')
  const detail = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: site.posts.draft } } })).data!
  expect(detail.localizations.map((l) => l.translation_status)).toEqual(['Reviewed'])
  await expectAccessible(page)

  // In German, the labels and the badge are German.
  await page.addInitScript(() => localStorage.setItem('atrium-admin:lang', 'de'))
  await page.reload()
  const de = page.getByRole('combobox', { name: 'Übersetzungsstatus' })
  await expect(de.locator('option:checked')).toHaveText('Geprüft')
  await expect(page.locator('[data-locale="en"]')).toContainText('Geprüft')
  expect(csp).toEqual([])
})

test('an image inserted into a German text takes its German alt text, in the post and in a page section', async ({
  page,
  site,
  atrium,
  baseUrl,
  masterKey,
  signInWithKey,
}) => {
  test.slow()
  const form = new FormData()
  form.append('site_ids', JSON.stringify([site.id]))
  form.append('file', new Blob([new Uint8Array(solidPng([200, 40, 40]))], { type: 'image/png' }), 'red-wall.png')
  const uploaded = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': masterKey }, body: form })
  expect(uploaded.status).toBe(201)
  const media = (await uploaded.json()) as { id: string; public_url: string }
  const locales = (await atrium.GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: site.id } } })).data!
  for (const [code, alt] of [
    ['en', 'A red wall'],
    ['de', 'Eine rote Wand'],
  ] as const)
    await atrium.POST('/api/v1/media/{id}/metadata', {
      params: { path: { id: media.id } },
      body: { locale_id: locales.find((l) => l.code === code)!.id, alt_text: alt },
    })
  const insert = async (toolbarName: string, dialogName: string) => {
    await page.getByRole('toolbar', { name: toolbarName }).getByRole('button', { name: 'Image' }).click()
    const dialog = page.getByRole('dialog', { name: dialogName })
    await new MediaLibrary(page, dialog).tile('red-wall.png').click()
    await dialog.getByRole('button', { name: 'Use this image' }).click()
    await expect(dialog).toBeHidden()
  }

  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  await editor.locale('de').click()
  await editor.title.fill('Ein Entwurf über Gärten')
  await editor.typeBody('Mauer ')
  await insert('Formatting: Body (Markdown)', 'Choose: Image in Body (Markdown)')
  await expect(editor.body).toContainText(`![Eine rote Wand](${media.public_url})`)

  const pageId = (await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route: '/wall', status: 'Draft' } })).data!.id
  await editor.save()
  await editor.expectSaved()
  const pages = new PageEditor(page)
  await page.goto(`/admin/sites/${site.id}/pages/${pageId}`)
  await expect(pages.heading).toHaveText('/wall')
  await pages.addSection('text', 'Wall')
  await pages.locale('de').click()
  const text = page.getByRole('textbox', { name: 'Text (Markdown) (de)' })
  await text.click()
  await insert('Formatting: Text (Markdown) (de)', 'Choose: Image in Text (Markdown) (de)')
  await expect(text).toContainText(`![Eine rote Wand](${media.public_url})`)
  await expectAccessible(page)
})

test('categories: a searchable combobox by path; Enter takes the highlighted one, a new one only through “Create category”', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  const cat = async (name: string, parent_id?: string) =>
    (await atrium.POST('/api/v1/categories', { body: { site_id: site.id, name, ...(parent_id ? { parent_id } : {}) } })).data!
  const travel = await cat('Travel')
  await cat('Rail', travel.id)
  await cat('Trains')
  const siteCategories = async () =>
    (await atrium.GET('/api/v1/sites/{site_id}/categories', { params: { path: { site_id: site.id }, query: { per_page: 100 } } }))
      .data!.data.map((c) => c.name)
      .sort()
  const assigned = async () =>
    (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: site.posts.draft } } })).data!.categories.map((c) => [c.name, c.is_primary]).sort()
  const csp = watchCsp(page)
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  const categories = editor.group('Categories')
  const input = categories.getByRole('combobox', { name: 'Add a category' })

  // "Rai": the existing Rail (under Travel) is highlighted, creating "Rai" is a separate, explicit option.
  await input.fill('Rai')
  await expect(page.getByRole('option', { name: 'Travel › Rail', exact: true })).toHaveAttribute('data-combobox-selected')
  await expect(page.getByRole('option', { name: 'Create category “Rai”' })).toBeVisible()
  await expectAccessible(page)
  await input.press('Enter')
  await expect(categories.getByRole('button', { name: 'Remove category “Travel › Rail”' })).toBeVisible()
  await expect(input).toHaveValue('')
  // The first assigned is the primary one.
  await expect(categories.getByRole('combobox', { name: 'Primary category' })).toHaveValue(/.+/)
  expect(await assigned()).toEqual([['Rail', true]])

  // The arrows move the highlight; a new (root) category comes from the create option.
  await input.fill('rain')
  await expect(page.getByRole('option', { name: 'Trains', exact: true })).toHaveAttribute('data-combobox-selected')
  await input.press('ArrowDown')
  await expect(page.getByRole('option', { name: 'Create category “rain”' })).toHaveAttribute('data-combobox-selected')
  await input.press('Enter')
  await expect(categories.getByRole('button', { name: 'Remove category “rain”' })).toBeVisible()
  expect(await siteCategories()).toEqual(['Trains', 'Travel', 'rain'])
  expect(await assigned()).toEqual([
    ['Rail', true],
    ['rain', false],
  ])
  // A name that exists (in any case) is never offered for creation; an assigned one is not offered again.
  await input.fill('TRAINS')
  await expect(page.getByRole('option', { name: 'Trains', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: /Create category/ })).toHaveCount(0)
  await input.fill('rail')
  await expect(page.getByRole('option', { name: 'Travel › Rail' })).toHaveCount(0)

  // Removing one by keyboard.
  await categories.getByRole('button', { name: 'Remove category “rain”' }).focus()
  await page.keyboard.press('Enter')
  await expect(categories.getByRole('button', { name: 'Remove category “rain”' })).toHaveCount(0)
  expect(await assigned()).toEqual([['Rail', true]])
  expect(csp).toEqual([])
})
