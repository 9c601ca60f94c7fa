import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { PageEditor } from '../pages/PageEditor'

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
