import type { Page } from '@playwright/test'
import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { MediaLibrary } from '../pages/MediaLibrary'
import { solidPng } from '../png'

/** An image uploaded through the API (as a frontend's import would), in the site's library. */
async function uploadImage(baseUrl: string, key: string, siteId: string, name: string, bytes: Buffer): Promise<{ id: string; image_url: string }> {
  const form = new FormData()
  form.append('site_ids', JSON.stringify([siteId]))
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name)
  const res = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': key }, body: form })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; image_url: string }
}

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
  const pic = await uploadImage(baseUrl, masterKey, site.id, 'harbour-view.png', solidPng([40, 110, 170], 640, 400))
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
  const csp = watchCsp(page)
  await uploadImage(baseUrl, masterKey, site.id, 'drag-me.png', solidPng([200, 90, 40], 320, 200))
  await atrium.POST('/api/v1/sites/{site_id}/media-folders', { params: { path: { site_id: site.id } }, body: { name: 'Archive' } })
  await page.addInitScript(() => localStorage.setItem('atrium-admin:theme', 'dark'))
  await signInWithKey(page)
  const media = new MediaLibrary(page)
  await media.goto(site.id)
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark')
  const folders = page.getByRole('navigation', { name: 'Folders' })
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
