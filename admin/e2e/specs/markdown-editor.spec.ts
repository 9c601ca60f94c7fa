import { expect, expectAccessible, SCREENSHOTS, test, uploadPng, watchCsp } from '../fixtures'
import { MediaLibrary } from '../pages/MediaLibrary'
import { BlogEditor } from '../pages/BlogEditor'
import { solidPng } from '../png'

/** Relative luminance contrast of two CSS rgb() colours, as WCAG defines it. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

test('the Markdown editor follows the dark theme, formats from its toolbar and inserts a library image with its alt text', async ({
  page,
  site,
  signInWithKey,
  atrium,
  baseUrl,
  masterKey,
}) => {
  test.slow() // four axe scans twice (both themes, desktop and phone), the toolbar by keyboard, the picker
  const csp = watchCsp(page)
  const media = await uploadPng(baseUrl, masterKey, site.id, 'brick.png', solidPng([180, 60, 40]))
  const locales = (await atrium.GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: site.id } } })).data!
  const en = locales.find((l) => l.code === 'en')!
  await atrium.POST('/api/v1/media/{id}/metadata', { params: { path: { id: media.id } }, body: { locale_id: en.id, alt_text: 'A brick wall' } })

  await page.addInitScript(() => localStorage.setItem('atrium-admin:theme', 'dark'))
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  // A new post: select-all-and-type over a styled heading makes Chromium try an inline style (refused by the CSP and
  // redrawn by CodeMirror, but reported), which the CSP watch below would count.
  await editor.gotoNew(site.id)
  await editor.title.fill('Tulips')
  await expect(editor.body).toBeVisible()
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark')

  // Readable in the dark scheme: the text area's colours come from the scheme (it stayed white with grey text).
  const colours = await page.evaluate(() => {
    const root = document.querySelector('.md-editor')!.shadowRoot!
    const style = getComputedStyle(root.querySelector('.cm-editor')!)
    const line = getComputedStyle(root.querySelector('.cm-line')!)
    return { background: style.backgroundColor, text: line.color }
  })
  expect(contrast(colours.background, colours.text)).toBeGreaterThanOrEqual(7)
  expect(colours.background).not.toBe('rgb(255, 255, 255)')
  await expectAccessible(page)

  // Toolbar: the selection becomes bold, the line a heading; the focus stays in the text.
  await editor.typeBody('Tulips everywhere')
  await page.keyboard.press('Home')
  await page.keyboard.press('Shift+ArrowRight')
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight')
  const toolbar = page.getByRole('toolbar', { name: 'Formatting: Body (Markdown)' })
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await expect(editor.body).toContainText('**Tulips** everywhere')
  await expect(editor.body).toBeFocused()
  await toolbar.getByRole('button', { name: 'Heading' }).click()
  await expect(editor.body).toContainText('## **Tulips** everywhere')
  // A heading is styled by size and weight, never underlined.
  const decoration = await page.evaluate(() => {
    const root = document.querySelector('.md-editor')!.shadowRoot!
    const span = [...root.querySelectorAll('.cm-line span')].find((s) => s.textContent?.includes('Tulips'))!
    return getComputedStyle(span).textDecorationLine + ' ' + getComputedStyle(span.closest('.cm-line')!.querySelector('span')!).textDecorationLine
  })
  expect(decoration).not.toContain('underline')

  // By keyboard the toolbar is one Tab stop (the ARIA toolbar pattern): Escape, Shift+Tab reaches it from the text;
  // arrows, Home and End move between its buttons and wrap; Tab and Shift+Tab leave it, and it remembers the last.
  await page.keyboard.press('End')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Shift+Tab')
  const tool = (name: string) => toolbar.getByRole('button', { name, exact: true })
  await expect(tool('Heading')).toBeFocused()
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1)
  await page.keyboard.press('ArrowRight')
  await expect(tool('Bold')).toBeFocused()
  await page.keyboard.press('End')
  await expect(tool('Image')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tool('Heading')).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(tool('Image')).toBeFocused()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(tool('Italic')).toBeFocused()
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveText('Italic')
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('radio', { name: 'Write' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(tool('Italic')).toBeFocused()
  // Enter applies to the text's selection and puts the focus back in the text.
  await page.keyboard.press('Enter')
  await expect(editor.body).toBeFocused()
  await expect(editor.body).toContainText('## **Tulips** everywhere_text_')

  // Image: chosen in the library, inserted with its alt text on a line of its own. First the new post's creation (its
  // autosave, when the typing pauses), which moves the editor to the post's own route and closes an open picker with it:
  // a pause for the scan below was once long enough for that, and the picker's button was gone.
  await expect(page).toHaveURL(/\/blogs\/[0-9a-f-]{36}$/)
  await page.keyboard.press('End')
  await toolbar.getByRole('button', { name: 'Image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose: Image in Body (Markdown)' })
  const library = new MediaLibrary(page, dialog)
  await library.tile('brick.png').click()
  await expect(dialog.getByRole('button', { name: 'Use this image' })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Use this image' }).click()
  await expect(dialog).toBeHidden()
  await expect(editor.body).toContainText(`![A brick wall](${media.public_url})`)

  // The preview reads like a page: the image with its alt text, the heading not underlined.
  await page.getByText('Preview', { exact: true }).click()
  await expect(page.locator('.md-preview').getByRole('img', { name: 'A brick wall' })).toBeVisible()
  await expect(page.locator('.md-preview h2')).toHaveCSS('text-decoration-line', 'none')
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}blog-editor-dark.png` })
  expect(csp).toEqual([])
})

test('a library image chosen while the new post is being created is kept: the editor moves to the post once the picker closes', async ({
  page,
  site,
  signInWithKey,
  atrium,
  baseUrl,
  masterKey,
}) => {
  const media = await uploadPng(baseUrl, masterKey, site.id, 'moss.png', solidPng([40, 120, 60]))

  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.gotoNew(site.id)
  const createdPost = page.waitForResponse((r) => r.url().endsWith('/api/v1/blogs') && r.request().method() === 'POST')
  await editor.title.fill('Moss')
  await editor.typeBody('Moss on stones')
  await page.getByRole('toolbar', { name: 'Formatting: Body (Markdown)' }).getByRole('button', { name: 'Image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose: Image in Body (Markdown)' })
  await new MediaLibrary(page, dialog).tile('moss.png').click()
  // The autosave creates the post while the picker is open; the picker stays, and so does the screen (it closed with
  // the move to the post's own route, and the choice was lost).
  expect((await createdPost).status()).toBe(201)
  await page.waitForTimeout(300)
  await expect(dialog.getByRole('button', { name: 'Use this image' })).toBeVisible()
  await expect(page).toHaveURL(/\/blogs\/new/)
  // Clicked again while the dialog stays open: once in 15 runs it stayed open after the click (not caught with a trace;
  // the likeliest cause is the library re-rendering under the click after the create). The text must hold the image below.
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Use this image' }).click({ timeout: 2_000 })
    await expect(dialog).toBeHidden({ timeout: 3_000 })
  }).toPass({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/blogs\/[0-9a-f-]{36}$/)
  await expect(editor.body).toContainText(`](${media.public_url})`)
  const blogId = /\/blogs\/([0-9a-f-]{36})$/.exec(page.url())![1]!
  const body = async () => (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: blogId } } })).data!.localizations[0]?.body
  await expect.poll(body, { timeout: 15_000 }).toContain(`](${media.public_url})`)
})
