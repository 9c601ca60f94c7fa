import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, seedSite, test, watchCsp } from '../fixtures'
import { settle } from '../themes'
import { BlogEditor } from '../pages/BlogEditor'
import { pngFile, solidPng } from '../png'

/*
 * Issue 38's palette and log items not shown elsewhere: screens by the synonyms menu and file, pages, documents and
 * media by their titles through the site search, the actions New page, Upload, Switch site and Sign out; and the
 * activity of a post's tags named by the post's title.
 */

test('the palette finds screens by synonyms, pages, documents and media by title, and offers New page, Upload, Switch site and Sign out', async ({
  page,
  site,
  atrium,
  baseUrl,
  masterKey,
  signInWithKey,
}) => {
  test.slow()
  const word = `Quokka${randomBytes(3).toString('hex')}`
  const other = await seedSite(atrium, 'palette-other')
  await atrium.POST('/api/v1/pages', {
    body: {
      site_ids: [site.id],
      route: `/${word.toLowerCase()}`,
      sections: [{ section_type: 'text', localizations: [{ locale: 'en', title: `${word} island page` }] }],
    },
  })
  const doc = (
    await atrium.POST('/api/v1/sites/{site_id}/documents', {
      params: { path: { site_id: site.id } },
      body: { document_type: 'pdf', url: 'https://example.org/guide.pdf' },
    })
  ).data!
  await atrium.POST('/api/v1/documents/{id}/localizations', { params: { path: { id: doc.id } }, body: { locale: 'en', title: `${word} field guide` } })
  const form = new FormData()
  form.append('site_ids', JSON.stringify([site.id]))
  form.append('file', new Blob([new Uint8Array(solidPng([200, 120, 40]))], { type: 'image/png' }), `${word.toLowerCase()}-photo.png`)
  const uploaded = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': masterKey }, body: form })
  expect(uploaded.status).toBe(201)
  const media = (await uploaded.json()) as { id: string }

  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const search = page.getByRole('textbox', { name: 'Search screens, content, sites and actions' })
  const palette = page.getByRole('dialog')
  const openPalette = async () => {
    await page.keyboard.press('Control+k')
    await expect(search).toBeFocused()
  }

  // Synonyms: menu → Navigation, file → Media (and Documents).
  await openPalette()
  await search.fill('menu')
  await expect(palette.getByRole('button', { name: 'Navigation', exact: true })).toBeVisible()
  await search.fill('file')
  await expect(palette.getByRole('button', { name: 'Media', exact: true })).toBeVisible()
  await expect(palette.getByRole('button', { name: 'Documents', exact: true })).toBeVisible()

  // Content by title: a page (its section's title), a document (its translation's title), a media file (its name).
  await search.fill(word)
  await expect(palette.getByRole('button', { name: new RegExp(`${word} island page`) })).toContainText('Page')
  await expect(palette.getByRole('button', { name: new RegExp(`${word} field guide`) })).toContainText('Document')
  const file = palette.getByRole('button', { name: new RegExp(`${word.toLowerCase()}-photo\\.png`) })
  await expect(file).toContainText('Media file')
  await file.click()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/media\\?item=${media.id}`))
  // The media details took the focus: the actions are tried from the dashboard.
  await page.goto(`/admin/sites/${site.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // Actions: New page, Upload, Switch site.
  await openPalette()
  await search.fill('new page')
  await palette.getByRole('button', { name: /^New page/ }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/pages/new$`))
  await openPalette()
  await search.fill('upload')
  await palette.getByRole('button', { name: /^Upload files/ }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/media`))
  await openPalette()
  await search.fill('switch')
  await palette.getByRole('button', { name: new RegExp(`^Switch to ${other.name}`) }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${other.id}$`))

  // Sign out, found by its synonym.
  await openPalette()
  await search.fill('log out')
  await palette.getByRole('button', { name: /^Sign out/ }).click()
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/)
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('atrium-admin')))).toEqual([])
  expect(csp).toEqual([])
})

test("the activity names a post's tag change by the post's title and its type in the UI language", async ({ page, site, atrium, signInWithKey }) => {
  test.slow()
  const tag = (await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: `Rail ${randomBytes(3).toString('hex')}` } })).data!
  const post = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } } })).data!
  const added = await atrium.POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: post.content_id } }, body: { tag_id: tag.id } })
  expect(added.response.status).toBe(204)

  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/audit`)
  const row = page.getByRole('row').filter({ hasText: 'Content “Hello, world”' })
  await expect(row).toContainText('Updated')
  await expect(row).not.toContainText(post.content_id.slice(0, 8))
  await page.evaluate(() => localStorage.setItem('atrium-admin:lang', 'de'))
  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: 'Inhalt „Hello, world“' })).toContainText('Geändert')
})

test('an export that fails says why and downloads nothing; an import refused after its check says why and creates nothing', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  test.slow()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'))
  const res = await atrium.POST('/api/v1/sites/{site_id}/export', { params: { path: { site_id: site.id } }, parseAs: 'arrayBuffer' })
  const archive = join(dir, 'good.tar.gz')
  writeFileSync(archive, Buffer.from(res.data as unknown as ArrayBuffer))

  await signInWithKey(page)
  // The import: checked under a free address, which another site takes before the import runs.
  await page.goto('/admin/sites/import')
  const copy = `${site.slug}-late`
  await page.locator('input[type="file"]').setInputFiles(archive)
  await page.getByRole('textbox', { name: 'Address of the new site (slug)' }).fill(copy)
  await page.getByRole('button', { name: 'Check the archive' }).click()
  await expect(page.getByRole('region', { name: 'What the archive holds' })).toContainText(`/${copy}`)
  await atrium.POST('/api/v1/sites', { body: { name: 'Took the address', slug: copy, locales: [{ code: 'en', is_default: true }] } })
  const before = (await atrium.GET('/api/v1/sites')).data!.length
  await page.getByRole('button', { name: 'Import the site' }).click()
  await expect(page.getByRole('alert').filter({ hasText: copy })).toBeVisible()
  expect((await atrium.GET('/api/v1/sites')).data!.length).toBe(before)

  // The export: the site is deleted meanwhile; the screen says so and nothing is downloaded.
  await page.goto(`/admin/sites/${site.id}/export`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Export this site')
  await atrium.DELETE('/api/v1/sites/{id}', { params: { path: { id: site.id } } })
  let downloaded = false
  page.on('download', () => {
    downloaded = true
  })
  await page.getByRole('button', { name: 'Download the archive' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The export failed' })).toBeVisible()
  await expect(page.getByTestId('export-status')).toHaveText('')
  expect(downloaded).toBe(false)
})

test("the palette's Upload opens the media screen and its file chooser, by keyboard and by mouse; the chosen file is uploaded", async ({
  page,
  site,
  signInWithKey,
}) => {
  test.slow()
  const csp = watchCsp(page)
  await signInWithKey(page)
  const search = page.getByRole('textbox', { name: 'Search screens, content, sites and actions' })
  const uploads = page.getByRole('region', { name: 'Upload' })
  for (const [how, colour] of [
    ['keyboard', [30, 90, 200]],
    ['mouse', [200, 90, 30]],
  ] as const) {
    await page.goto(`/admin/sites/${site.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press('Control+k')
    await expect(search).toBeFocused()
    await search.fill('upload')
    const action = page.getByRole('dialog').getByRole('button', { name: /^Upload files/ })
    await expect(action).toBeVisible()
    // By keyboard: the arrows highlight the action, Enter runs it.
    if (how === 'keyboard') for (let i = 0; i < 10 && (await action.getAttribute('data-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown')
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 })
    if (how === 'keyboard') await page.keyboard.press('Enter')
    else await action.click()
    const opened = await chooser
    await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/media$`))
    // The chooser's button holds the focus (where a browser refuses the chooser, it is one Enter away).
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeFocused()
    await opened.setFiles([pngFile(`by-${how}.png`, solidPng([...colour]))])
    await expect(uploads.getByRole('listitem').filter({ hasText: `by-${how}.png` })).toContainText('Uploaded')
    // Reload does not open the chooser again: the request left the URL.
    let again = false
    const onChooser = () => (again = true)
    page.on('filechooser', onChooser)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible()
    page.off('filechooser', onChooser)
    expect(again).toBe(false)
  }
  expect(csp).toEqual([])
})

test('the editor of a scheduled post does not scroll the page sideways at 1280 px nor at 390 px', async ({ page, site, signInWithKey }) => {
  test.slow()
  await signInWithKey(page)
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size)
    const editor = new BlogEditor(page)
    await editor.goto(site.id, site.posts.scheduled)
    await expect(editor.blogStatus).toHaveAttribute('data-status', 'Scheduled')
    await expect(editor.publishStart).not.toHaveValue('')
    await settle(page)
    // The widest elements past the right edge, named, so a failure says where to look.
    const over = await page.evaluate(() => {
      const root = document.scrollingElement!
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && getComputedStyle(el).position !== 'fixed')
        .slice(0, 3)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).slice(0, 2).join('.')} ${Math.round(el.getBoundingClientRect().right)}`,
        )
      return { scroll: root.scrollWidth - root.clientWidth, wide }
    })
    expect(over, `${size.width}px`).toEqual({ scroll: 0, wide: [] })
  }
})
