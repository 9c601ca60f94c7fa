import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'
import { MediaLibrary } from '../pages/MediaLibrary'
import { noisePng, pngFile, solidPng } from '../png'

const LIMIT = 60_000

test('upload five files with one invalid, then set alt text in two locales', async ({ page, site, signInWithKey, atrium }) => {
  // The library's whole journey (uploads, duplicate, details, texts, search, list, type filter, 413, delete) in one test.
  test.slow()
  const csp = watchCsp(page)
  await atrium.PUT('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: site.id } }, body: { max_upload_bytes: LIMIT } })
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/media/upload')) sent.push(r.url())
  })
  await signInWithKey(page)
  const media = new MediaLibrary(page)
  await media.goto(site.id)
  await expect(page.getByText('No files yet. Upload the first one.')).toBeVisible()
  await expect(page.getByText('Up to 60 kB a file.')).toBeVisible()

  const red = pngFile('red.png', solidPng([200, 30, 30]))
  await media.upload([
    red,
    pngFile('green.png', solidPng([30, 160, 60])),
    pngFile('noise.png', noisePng(200, 200)), // about 120 kB: over the site's limit
    pngFile('blue.png', solidPng([30, 60, 200])),
    pngFile('yellow.png', solidPng([230, 200, 20])),
  ])
  for (const name of ['red.png', 'green.png', 'blue.png', 'yellow.png']) await expect(media.uploadRow(name)).toContainText('Uploaded')
  await expect(media.uploadRow('noise.png')).toContainText('Not uploaded: larger than the 60 kB this site accepts.')
  await expect(page.getByText('4 of 5 in the library, 1 failed')).toBeVisible()
  // Refused before upload: only the four valid files were sent. Each outcome was announced.
  expect(sent).toHaveLength(4)
  await expect(page.getByRole('log', { name: 'Upload outcomes' })).toContainText('noise.png: Not uploaded: larger than the 60 kB this site accepts.')
  await expect(page.getByRole('log', { name: 'Upload outcomes' })).toContainText('yellow.png: Uploaded')
  await expect(media.files.getByRole('listitem')).toHaveCount(4)

  // The same bytes again: the existing record is used.
  await media.upload([red])
  await expect(media.uploadRow('red.png').last()).toContainText('Already in the library: the existing file was used.')
  await expect(media.files.getByRole('listitem')).toHaveCount(4)

  // Details: variants with their sizes, the public URL to copy, texts per locale.
  await media.tile('red.png').click()
  await expect(page).toHaveURL(/item=[0-9a-f-]{36}/)
  const mediaId = new URL(page.url()).searchParams.get('item')!
  await expect(media.details.getByRole('heading', { name: 'red.png' })).toBeVisible()
  const sizes = media.details.getByRole('table', { name: 'Sizes' })
  await expect(sizes.getByRole('row', { name: /Thumbnail 150 × \d+/ })).toBeVisible()
  await expect(sizes.getByRole('row', { name: /Small 480 × 300/ })).toBeVisible()
  await expect(media.details.getByRole('button', { name: 'Copy public URL' })).toBeVisible()
  await expect(media.details.getByRole('textbox', { name: 'Public URL' })).toHaveValue(/\/api\/v1\/media\/files\//)
  await media.setTexts('en', { alt: 'A red square', caption: 'Red' })
  await media.setTexts('de', { alt: 'Ein rotes Quadrat' })
  await media.saveTexts()
  const detail = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: mediaId } } })).data!
  expect(detail.metadata.map((m) => m.alt_text).sort()).toEqual(['A red square', 'Ein rotes Quadrat'])
  // Search finds the file by its alt text in any locale.
  await media.search.fill('rotes')
  await expect(page).toHaveURL(/q=rotes/)
  await expect(media.files.getByRole('listitem')).toHaveCount(1)
  await media.search.fill('')
  await expect(media.files.getByRole('listitem')).toHaveCount(4)

  await media.tile('red.png').click()
  await expect(media.details.getByRole('heading', { name: 'red.png' })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}media-library.png`, fullPage: true })

  // The list view, kept in the URL; a type filter.
  await page.getByText('List', { exact: true }).click()
  await expect(page).toHaveURL(/view=list/)
  await expect(page.getByRole('table', { name: 'Files' }).getByRole('row')).toHaveCount(5)
  await page.getByRole('combobox', { name: 'Type', exact: true }).click()
  await page.getByRole('option', { name: 'Video' }).click()
  await expect(page.getByText('No file matches.')).toBeVisible()
  await expectAccessible(page)

  // The server's 413 is handled too: the limit shrank after the screen loaded it.
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await atrium.PUT('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: site.id } }, body: { max_upload_bytes: 100 } })
  await media.upload([pngFile('late.png', solidPng([90, 90, 90]))])
  await expect(media.uploadRow('late.png')).toContainText('Refused by the server')

  // Delete with a confirmation that says what happens to references.
  await media.tile('red.png').click()
  await media.details.getByRole('button', { name: 'Delete file' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete red.png?' })
  await expect(confirm).toContainText('keep their reference')
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(media.details).toHaveCount(0)
  await expect(media.tile('red.png')).toHaveCount(0)
  expect(csp).toEqual([])
})

test('media upload in the picker with per-locale alt text', async ({ page, site, signInWithKey, atrium }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)

  const cover = page.getByRole('group', { name: 'Cover image' })
  await expect(cover).toContainText('No file chosen.')
  await cover.getByRole('button', { name: 'Choose: Cover image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose: Cover image' })
  const picker = new MediaLibrary(page, dialog)
  await expect(dialog.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('Image')
  await expectAccessible(page)

  await picker.upload([pngFile('cover.png', solidPng([20, 120, 140]))])
  await expect(picker.uploadRow('cover.png')).toContainText('Uploaded')
  // The file just uploaded opens, to describe and use it.
  await expect(picker.details.getByRole('heading', { name: 'cover.png' })).toBeVisible()
  await picker.setTexts('en', { alt: 'A teal field' })
  await picker.setTexts('de', { alt: 'Eine blaugrüne Fläche' })
  await picker.saveTexts()
  // The picker with the chosen file's details open beside the library.
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Use this image' }).click()
  await expect(dialog).toBeHidden()
  await expect(cover.getByTestId('media-picker-filename')).toHaveText('cover.png')
  await expect(cover.getByRole('button', { name: 'Remove: Cover image' })).toBeVisible()

  await editor.save()
  await editor.expectSaved()
  const blog = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.draft } } })).data!
  expect(blog.cover_image_id).toMatch(/^[0-9a-f-]{36}$/)
  const chosen = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: blog.cover_image_id! } } })).data!
  expect(chosen.filename).toBe('cover.png')
  expect(chosen.metadata.map((m) => m.alt_text).sort()).toEqual(['A teal field', 'Eine blaugrüne Fläche'])
  expect(csp).toEqual([])
})
