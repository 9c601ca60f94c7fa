import type { Page } from '@playwright/test'
import { expect, expectAccessible, SCREENSHOTS, test, uploadPng, watchCsp } from '../fixtures'
import { MediaLibrary } from '../pages/MediaLibrary'
import { solidPng } from '../png'

const slider = (page: Page) => page.getByRole('slider', { name: 'Focal point' })

test('media details: focal point by mouse and keyboard, crops, renditions, rename, move, where used', async ({
  page,
  site,
  signInWithKey,
  atrium,
  baseUrl,
  masterKey,
}) => {
  test.slow()
  const csp = watchCsp(page)
  const pic = await uploadPng(baseUrl, masterKey, site.id, 'harbour-view.png', solidPng([40, 110, 170], 640, 400))
  const folder = (await atrium.POST('/api/v1/sites/{site_id}/media-folders', { params: { path: { site_id: site.id } }, body: { name: 'Seaside' } })).data!
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } }, body: { cover_image_id: pic.id } })

  await signInWithKey(page)
  const media = new MediaLibrary(page)
  await media.goto(site.id, `?item=${pic.id}`)
  await expect(media.details.getByRole('heading', { name: 'harbour-view.png' })).toBeVisible()

  // Focal point by mouse: a click a quarter across and three quarters down the image.
  const focal = slider(page)
  await expect(focal).toHaveAttribute('aria-valuetext', '50 % from the left, 50 % from the top')
  // Measured once the picture has loaded (before, the box has no height).
  const picture = media.details.locator('.media-focal img')
  await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  const box = (await picture.boundingBox())!
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75)
  await expect(focal).toHaveAttribute('aria-valuetext', '25 % from the left, 75 % from the top')
  await expect(focal).toBeFocused()
  // By keyboard: arrows move by 1 %, Shift by 10 %.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Shift+ArrowUp')
  await expect(focal).toHaveAttribute('aria-valuetext', '27 % from the left, 65 % from the top')
  await expect(media.details.getByText('Not saved yet.')).toBeVisible()
  const crop = media.details.getByRole('img', { name: '1:1 crop' })
  const before = await crop.getAttribute('src')
  await media.details.getByRole('button', { name: 'Save focal point' }).click()
  await expect(media.details.getByText('Focal point saved.')).toBeVisible()
  const saved = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!
  expect([saved.focal_x, saved.focal_y]).toEqual([0.27, 0.65])

  // The crops around the saved point, made by the server (fit=cover), reloaded with the new point's address.
  await expect(crop).not.toHaveAttribute('src', before!)
  for (const ratio of ['1:1', '4:3', '16:9']) {
    const img = media.details.getByRole('img', { name: `${ratio} crop` })
    await expect(img).toHaveAttribute('src', /fit=cover/)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  }
  await expect(crop).toHaveAttribute('src', new RegExp(`v=${new URL(saved.image_url!).searchParams.get('v')}`))

  // Rendition addresses to copy.
  await media.details.getByText('Sizes for developers').click()
  await expect(media.details.getByRole('textbox', { name: '640 px wide, WebP' })).toHaveValue(/w=640.*fmt=webp/)
  await expect(media.details.getByRole('textbox', { name: 'Square, 400 px, cropped around the focal point' })).toHaveValue(/w=400.*h=400.*fit=cover/)
  await expect(media.details.getByRole('button', { name: 'Copy: 640 px wide, WebP' })).toBeVisible()

  // Where used: the published post, linked to its editor.
  const used = media.details.getByRole('list', { name: 'Where it is used' })
  await expect(used.getByRole('listitem')).toHaveCount(1)
  await expect(used.getByRole('link', { name: 'Hello, world' })).toHaveAttribute('href', `/admin/sites/${site.id}/blogs/${site.posts.published}`)
  await expect(used).toContainText('cover image')

  // Rename and move by action (the folder select offers this site's folders only).
  await media.details.getByRole('textbox', { name: 'File name' }).fill('harbour at dawn.png')
  await media.details.getByRole('combobox', { name: 'Folder' }).click()
  await expect(page.getByRole('option')).toHaveText(['No folder', 'Seaside'])
  await page.getByRole('option', { name: 'Seaside' }).click()
  await media.details.getByRole('button', { name: 'Save name and folder' }).click()
  await expect(media.details.getByRole('heading', { name: 'harbour at dawn.png' })).toBeVisible()
  const after = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!
  expect([after.filename, after.folder_id]).toEqual(['harbour at dawn.png', folder.id])
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}media-details.png`, fullPage: true })
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Seaside' }).click()
  await expect(media.tile('harbour at dawn.png')).toBeVisible()
  expect(csp).toEqual([])
})

test('media details: move by dragging onto a folder; readable in the dark theme', async ({ page, site, signInWithKey, atrium, baseUrl, masterKey }) => {
  test.slow()
  const csp = watchCsp(page)
  const dragged = await uploadPng(baseUrl, masterKey, site.id, 'drag-me.png', solidPng([200, 90, 40], 320, 200))
  await atrium.POST('/api/v1/sites/{site_id}/media-folders', { params: { path: { site_id: site.id } }, body: { name: 'Archive' } })
  await page.addInitScript(() => localStorage.setItem('atrium-admin:theme', 'dark'))
  await signInWithKey(page)
  const media = new MediaLibrary(page)
  await media.goto(site.id)
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark')
  const folders = page.getByRole('navigation', { name: 'Folders' })
  // A colleague changed the file after the list loaded: the move is refused (If-Match), not made blindly.
  await expect(media.tile('drag-me.png')).toBeVisible()
  await atrium.PUT('/api/v1/media/{id}', { params: { path: { id: dragged.id } }, body: { focal_x: 0.3 } })
  await media.tile('drag-me.png').dragTo(folders.getByRole('button', { name: 'Archive' }))
  await expect(page.getByRole('status').filter({ hasText: 'drag-me.png was changed elsewhere meanwhile and was not moved' })).toBeVisible()
  // Dragged again, from the reloaded list: moved.
  await media.tile('drag-me.png').dragTo(folders.getByRole('button', { name: 'Archive' }))
  await expect(page.getByRole('status').filter({ hasText: 'drag-me.png moved to Archive.' })).toBeVisible()
  await folders.getByRole('button', { name: 'Archive' }).click()
  await expect(media.files.getByRole('listitem')).toHaveCount(1)

  await media.tile('drag-me.png').click()
  await expect(slider(page)).toBeVisible()
  await media.details.getByText('Sizes for developers').click()
  await expect(media.details.getByRole('list', { name: 'Where it is used' })).toHaveCount(0)
  await expect(media.details.getByText('Not used by any post or page of this site.')).toBeVisible()
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test('media details: replace the file with progress; its texts and uses stay; a wrong type changes nothing', async ({
  page,
  site,
  signInWithKey,
  atrium,
  baseUrl,
  masterKey,
}) => {
  test.slow()
  const csp = watchCsp(page)
  const pic = await uploadPng(baseUrl, masterKey, site.id, 'old-logo.png', solidPng([10, 60, 120], 320, 200))
  await atrium.POST('/api/v1/media/{id}/metadata', { params: { path: { id: pic.id } }, body: { locale: 'en', alt_text: 'Our logo' } })
  await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } }, body: { cover_image_id: pic.id } })
  const before = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!

  await signInWithKey(page)
  const media = new MediaLibrary(page)
  await media.goto(site.id, `?item=${pic.id}`)
  await expect(media.details.getByRole('heading', { name: 'old-logo.png' })).toBeVisible()

  // Held for a moment on its way, so the progress shows.
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/v1/media/*/file', async (route) => {
    await held
    await route.continue()
  })
  const chooser = page.waitForEvent('filechooser')
  await media.details.getByRole('button', { name: 'Replace file…' }).click()
  await (await chooser).setFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: solidPng([200, 40, 40], 480, 240) })
  await expect(media.details.getByRole('progressbar', { name: 'Replacing with new-logo.png' })).toBeVisible()
  await expect(media.details.getByRole('button', { name: 'Cancel' })).toBeVisible()
  release()
  await expect(media.details.getByRole('status').filter({ hasText: 'Replaced with new-logo.png.' })).toBeVisible()
  await expect(media.details.getByRole('heading', { name: 'new-logo.png' })).toBeVisible()
  await expect(media.details.getByText('480 × 240')).toBeVisible()
  const after = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!
  expect(after.checksum).not.toBe(before.checksum)
  expect(after.public_url).not.toBe(before.public_url)
  expect(after.metadata.map((m) => m.alt_text)).toEqual(['Our logo'])
  await expect(media.details.getByRole('list', { name: 'Where it is used' }).getByRole('listitem')).toHaveCount(1)
  await page.unroute('**/api/v1/media/*/file')

  // A text file for an image: refused, and the image stays.
  const chooser2 = page.waitForEvent('filechooser')
  await media.details.getByRole('button', { name: 'Replace file…' }).click()
  await (await chooser2).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image\n') })
  const refused = media.details.getByRole('alert').filter({ hasText: 'Not replaced with notes.txt' })
  await expect(refused).toContainText('An image can only be replaced by another image')
  expect((await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!.checksum).toBe(after.checksum)
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test("media details: a colleague's change meanwhile gives the conflict notice, not a silent overwrite (name, focal point)", async ({
  page,
  site,
  signInWithKey,
  atrium,
  baseUrl,
  masterKey,
}) => {
  test.slow()
  const pic = await uploadPng(baseUrl, masterKey, site.id, 'team-photo.png', solidPng([90, 160, 60], 320, 200))
  await signInWithKey(page)
  const media = new MediaLibrary(page)
  await media.goto(site.id, `?item=${pic.id}`)
  await expect(media.details.getByRole('heading', { name: 'team-photo.png' })).toBeVisible()

  // Rename: a colleague renames it first; my save is refused with their version shown, and mine stays in the form.
  await atrium.PUT('/api/v1/media/{id}', { params: { path: { id: pic.id } }, body: { filename: 'their-name.png' } })
  const name = media.details.getByRole('textbox', { name: 'File name' })
  await name.fill('my-name.png')
  await media.details.getByRole('button', { name: 'Save name and folder' }).click()
  const notice = media.details.getByRole('alert').filter({ hasText: 'This file was changed elsewhere' })
  await expect(notice).toContainText('their-name.png')
  await expect(name).toHaveValue('my-name.png')
  expect((await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!.filename).toBe('their-name.png')
  await expectAccessible(page)
  // Saving mine over theirs, knowingly.
  await notice.getByRole('button', { name: 'Save mine over theirs' }).click()
  await expect(notice).toHaveCount(0)
  await expect(media.details.getByRole('heading', { name: 'my-name.png' })).toBeVisible()
  expect((await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!.filename).toBe('my-name.png')

  // Focal point: a colleague moves it; my save is refused; taking theirs shows their point.
  await atrium.PUT('/api/v1/media/{id}', { params: { path: { id: pic.id } }, body: { focal_x: 0.1, focal_y: 0.2 } })
  const focal = slider(page)
  await focal.focus()
  await page.keyboard.press('ArrowRight')
  await media.details.getByRole('button', { name: 'Save focal point' }).click()
  const focalNotice = media.details.getByRole('alert').filter({ hasText: 'This file was changed elsewhere' })
  await expect(focalNotice).toContainText('10 % from the left, 20 % from the top')
  await focalNotice.getByRole('button', { name: 'Take theirs' }).click()
  await expect(focal).toHaveAttribute('aria-valuetext', '10 % from the left, 20 % from the top')
  const now = (await atrium.GET('/api/v1/media/{id}', { params: { path: { id: pic.id } } })).data!
  expect([now.focal_x, now.focal_y, now.filename]).toEqual([0.1, 0.2, 'my-name.png'])
})
