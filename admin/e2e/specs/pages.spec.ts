import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { EditorPanels } from '../pages/EditorPanels'
import { MediaLibrary } from '../pages/MediaLibrary'
import { PageEditor } from '../pages/PageEditor'
import { pngFile, solidPng } from '../png'

test('build a page with three sections, reorder them by keyboard, and translate one', async ({ page, site, signInWithKey, atrium }) => {
  // A long journey: room for a loaded CI machine.
  test.setTimeout(90_000)
  const csp = watchCsp(page)
  await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route: '/contact', status: 'Published' } })
  await signInWithKey(page)

  // The list: route, status and parent.
  await page.goto(`/admin/sites/${site.id}/pages`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pages')
  await expect(page.getByRole('table', { name: 'Pages of this site' }).getByRole('row', { name: /\/contact Published/ })).toBeVisible()
  await expectAccessible(page)

  const editor = new PageEditor(page)
  await page.getByRole('link', { name: 'New page' }).click()
  await expect(editor.heading).toHaveText('New page')
  await page.getByRole('textbox', { name: 'Route' }).fill('/services')
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}$/)
  const pageId = page.url().split('/').pop()!
  await expect(editor.heading).toHaveText('/services')

  await editor.addSection('hero', 'Welcome')
  await editor.addSection('text', 'Our work')
  await editor.addSection('cta', 'Get in touch')
  const cta = editor.section('section “Get in touch” (cta)')
  await cta.getByRole('textbox', { name: 'Button text (en)' }).fill('Write to us')
  await cta.getByRole('combobox', { name: 'Call to action: page' }).selectOption('/contact')
  // Invalid JSON stays in the field with its error and is never sent.
  const settings = cta.getByRole('textbox', { name: 'Settings (JSON)' })
  await settings.fill('{"align": }')
  await expect(cta.getByText(/Not valid JSON/)).toBeVisible()
  await settings.fill('{"align": "center"}')
  await expect(cta.getByText(/Not valid JSON/)).toBeHidden()

  // Reorder by keyboard: the call to action goes first, announced.
  const up = page.getByRole('button', { name: 'Move section “Get in touch” (cta) up' })
  await up.focus()
  await page.keyboard.press('Enter')
  await expect(editor.announcer).toHaveText('section “Get in touch” (cta) moved to position 2 of 3.')
  await page.keyboard.press('Enter')
  await expect(editor.announcer).toHaveText('section “Get in touch” (cta) moved to position 1 of 3.')
  await expect(editor.sections.first()).toHaveAccessibleName('section “Get in touch” (cta)')
  await editor.save()
  await editor.expectSaved()

  // Translate the hero section.
  await editor.locale('de').click()
  const hero = editor.section('section “Welcome” (hero)')
  await hero.getByRole('textbox', { name: 'Title (de)' }).fill('Willkommen')
  await hero.getByRole('textbox', { name: 'Button text (de)' }).fill('Los geht’s')
  await editor.save()
  await editor.expectSaved()

  const sections = (await atrium.GET('/api/v1/pages/{page_id}/sections', { params: { path: { page_id: pageId } } })).data!
  expect(sections.map((s) => s.section_type)).toEqual(['cta', 'hero', 'text'])
  expect(sections[0]).toMatchObject({ call_to_action_route: '/contact', settings: { align: 'center' } })
  const locs = (await atrium.GET('/api/v1/pages/sections/{section_id}/localizations', { params: { path: { section_id: sections[1]!.id } } })).data!
  expect(locs.map((l) => l.title).sort()).toEqual(['Welcome', 'Willkommen'])

  await expectAccessible(page)
  await editor.locale('en').click()
  await page.screenshot({ path: `${SCREENSHOTS}pages-editor.png`, fullPage: true })
  expect(csp).toEqual([])
})

test('a new page from a content template brings its sections', async ({ page, site, signInWithKey, atrium }) => {
  await atrium.POST('/api/v1/sites/{site_id}/content-templates', {
    params: { path: { site_id: site.id } },
    body: {
      name: 'Landing page',
      description: 'Hero and text',
      content_type: 'page',
      template_data: { sections: [{ section_type: 'hero', localizations: [{ locale: 'en', title: 'Big welcome' }] }, { section_type: 'text' }] },
    },
  })
  await signInWithKey(page)
  const editor = new PageEditor(page)
  await editor.gotoNew(site.id)
  await page.getByRole('textbox', { name: 'Route' }).fill('/landing')
  await page.getByRole('combobox', { name: 'Start from' }).selectOption({ label: 'Landing page: Hero and text' })
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(editor.heading).toHaveText('/landing')
  await expect(editor.sections).toHaveCount(2)
  await expect(editor.section('section “Big welcome” (hero)')).toBeVisible()
})

// What is typed while the create is on its way is not lost: the page's editor takes it and saves it (If-Match).
test('a slug typed while the new page is being created ends up in the page', async ({ page, site, signInWithKey, atrium }) => {
  await signInWithKey(page)
  const editor = new PageEditor(page)
  await editor.gotoNew(site.id)
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let creates = 0
  await page.route('**/api/v1/pages', async (route) => {
    if (route.request().method() === 'POST') {
      creates += 1
      await held
    }
    await route.continue()
  })
  await page.getByRole('textbox', { name: 'Route' }).fill('/while-saving')
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect.poll(() => creates).toBe(1)
  await page.getByRole('textbox', { name: 'Slug' }).fill('typed-meanwhile')
  release()
  await expect(editor.heading).toHaveText('/while-saving')
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue('typed-meanwhile')
  await expect(editor.saveStatus).toHaveAttribute('data-status', 'saved', { timeout: 10_000 })
  const id = page.url().split('/').pop()!
  expect((await atrium.GET('/api/v1/pages/{id}', { params: { path: { id } } })).data!.slug).toBe('typed-meanwhile')
  expect(creates).toBe(1)
  await page.reload()
  await expect(editor.heading).toHaveText('/while-saving')
  await page.waitForTimeout(1_000)
  await expect(page.getByTestId('draft-offer')).toHaveCount(0)
})

test('a section cover chosen through the media picker, uploaded there', async ({ page, site, signInWithKey, atrium }) => {
  const csp = watchCsp(page)
  const created = (
    await atrium.POST('/api/v1/pages', {
      body: { site_ids: [site.id], route: '/gallery', sections: [{ section_type: 'hero', localizations: [{ locale: 'en', title: 'Our rooms' }] }] },
    })
  ).data!
  await signInWithKey(page)
  const editor = new PageEditor(page)
  await page.goto(`/admin/sites/${site.id}/pages/${created.id}`)
  await expect(editor.heading).toHaveText('/gallery')

  const cover = editor.section('section “Our rooms” (hero)').getByRole('group', { name: 'Cover image' })
  await expect(cover).toContainText('No file chosen.')
  await cover.getByRole('button', { name: 'Choose: Cover image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose: Cover image' })
  const picker = new MediaLibrary(page, dialog)
  await picker.upload([pngFile('room.png', solidPng([160, 110, 60]))])
  await expect(picker.uploadRow('room.png')).toContainText('Uploaded')
  await expect(picker.details.getByRole('heading', { name: 'room.png' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Use this image' }).click()
  await expect(dialog).toBeHidden()
  await expect(cover.getByTestId('media-picker-filename')).toHaveText('room.png')
  await expectAccessible(page)

  await editor.save()
  await editor.expectSaved()
  const [section] = (await atrium.GET('/api/v1/pages/{page_id}/sections', { params: { path: { page_id: created.id } } })).data!
  expect(section!.cover_image_id).toMatch(/^[0-9a-f-]{36}$/)
  expect((await atrium.GET('/api/v1/media/{id}', { params: { path: { id: section!.cover_image_id! } } })).data!.filename).toBe('room.png')
  expect(csp).toEqual([])
})

test('revert from the history drawer: a page field through the API, a section text through its save queue', async ({ page, site, signInWithKey, atrium }) => {
  const csp = watchCsp(page)
  const created = (
    await atrium.POST('/api/v1/pages', {
      body: {
        site_ids: [site.id],
        route: '/team',
        page_type: 'standard',
        sections: [{ section_type: 'text', localizations: [{ locale: 'en', title: 'Who we are' }] }],
      },
    })
  ).data!
  const current = async () => (await atrium.GET('/api/v1/pages/{id}', { params: { path: { id: created.id } } })).data!
  await signInWithKey(page)
  const editor = new PageEditor(page)
  const panels = new EditorPanels(page)
  await page.goto(`/admin/sites/${site.id}/pages/${created.id}`)
  await expect(editor.heading).toHaveText('/team')

  // Edit and save a page field and a section's title.
  const pageType = page.getByRole('textbox', { name: 'Page type' })
  await pageType.fill('landing')
  await editor.section('section “Who we are” (text)').getByRole('textbox', { name: 'Title (en)' }).fill('Meet the team')
  await editor.save()
  await editor.expectSaved()
  expect((await current()).page_type).toBe('landing')

  await panels.openHistory()
  const typeChange = panels.change('page', 'landing')
  await expect(typeChange.locator('del')).toHaveText('standard')
  await expect(typeChange.locator('ins')).toHaveText('landing')
  const titleChange = panels.change('page_section_localization', 'team')
  await expect(titleChange).toContainText('texts of section “Meet the team” (text) (English)')
  await expectAccessible(page)

  await typeChange.getByRole('checkbox').check()
  await titleChange.getByRole('checkbox').check()
  await panels.revertChosen()
  await page.keyboard.press('Escape')
  await expect(pageType).toHaveValue('standard')
  await expect(editor.section('section “Who we are” (text)').getByRole('textbox', { name: 'Title (en)' })).toHaveValue('Who we are')
  expect((await current()).page_type).toBe('standard')
  const locs = (await atrium.GET('/api/v1/pages/{page_id}/sections/localizations', { params: { path: { page_id: created.id } } })).data!
  expect(locs.map((l) => l.title)).toEqual(['Who we are'])

  // The next save is not refused (412): the page queue took the reverted version's tag.
  await page.getByRole('textbox', { name: 'Slug' }).fill('our-team')
  await editor.save()
  await editor.expectSaved()
  expect((await current()).slug).toBe('our-team')
  expect(csp).toEqual([])
})

test('the page list and the document list show the languages each record has, and a page its cover', async ({
  page,
  site,
  atrium,
  baseUrl,
  masterKey,
  signInWithKey,
}) => {
  const form = new FormData()
  form.append('site_ids', JSON.stringify([site.id]))
  form.append('file', new Blob([new Uint8Array(solidPng([60, 120, 170]))], { type: 'image/png' }), 'lake.png')
  const uploaded = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': masterKey }, body: form })
  expect(uploaded.status).toBe(201)
  const lake = (await uploaded.json()) as { id: string }
  await atrium.POST('/api/v1/pages', {
    body: {
      site_ids: [site.id],
      route: '/lakeside',
      sections: [
        { section_type: 'text', localizations: [{ locale: 'de', title: 'Am See' }] },
        { section_type: 'hero', cover_image_id: lake.id, localizations: [{ locale: 'en', title: 'By the lake' }] },
      ],
    },
  })
  await atrium.POST('/api/v1/pages', { body: { site_ids: [site.id], route: '/bare-page' } })
  const doc = (
    await atrium.POST('/api/v1/sites/{site_id}/documents', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'map', url: 'https://example.org/lake-map.pdf' },
    })
  ).data!
  await atrium.POST('/api/v1/documents/{id}/localizations', { params: { path: { id: doc.id } }, body: { locale: 'de', title: 'Seekarte' } })
  await atrium.POST('/api/v1/documents/{id}/localizations', { params: { path: { id: doc.id } }, body: { locale: 'en', title: 'Lake map' } })
  const csp = watchCsp(page)
  await signInWithKey(page)

  // Pages: the languages of every section (default first) and the first section's cover as a small rendition.
  await page.goto(`/admin/sites/${site.id}/pages`)
  const lakeside = page.getByRole('row').filter({ hasText: '/lakeside' })
  await expect(lakeside.getByTestId('languages')).toHaveText('en · de')
  await expect(lakeside.getByTestId('cover')).toHaveAttribute('src', /[?&]w=48(&|$)/)
  await expect(lakeside.getByTestId('cover')).toHaveAttribute('alt', '')
  const bare = page.getByRole('row').filter({ hasText: '/bare-page' })
  await expect(bare).toContainText('No language yet')
  await expect(bare.getByTestId('cover')).toHaveCount(0)
  await expectAccessible(page)

  // Documents: the languages of its translations.
  await page.goto(`/admin/sites/${site.id}/documents`)
  const map = page.getByRole('row').filter({ hasText: 'lake-map.pdf' })
  await expect(map.getByTestId('languages')).toHaveText('en · de')
  await expectAccessible(page)
  expect(csp).toEqual([])
})
