import { expect, expectAccessible, test } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'

test('the palette opens from a text field, finds screens by synonyms, posts by their German title, and offers New post; ? lists the shortcuts', async ({
  page,
  site,
  signInWithKey,
  atrium,
}) => {
  test.slow() // two axe scans and three navigations
  await atrium.POST('/api/v1/blogs/{id}/localizations', {
    params: { path: { id: site.posts.published } },
    body: { locale: 'de', title: 'Frühlingsgarten im Regen', body: 'Es regnet.' },
  })
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)

  // From inside a text field.
  await editor.title.click()
  await page.keyboard.press('Control+k')
  const search = page.getByRole('textbox', { name: 'Search screens, content, sites and actions' })
  await expect(search).toBeFocused()
  const palette = page.getByRole('dialog')

  // A synonym finds the screen.
  await page.keyboard.type('article')
  await expect(palette.getByRole('button', { name: 'Posts', exact: true })).toBeVisible()
  await expect(palette.getByRole('button', { name: /^New post/ })).toBeVisible()

  // A post's German title finds the post, through the site search in every locale.
  await search.fill('Frühlingsgarten')
  const hit = palette.getByRole('button', { name: /Frühlingsgarten im Regen/ })
  await expect(hit).toBeVisible()
  await expect(hit).toContainText('Post')
  await expectAccessible(page)
  await hit.click()
  await expect(page).toHaveURL(new RegExp(`/blogs/${site.posts.published}$`))

  // From the Markdown editor too; "New post" opens a new post.
  await editor.body.click()
  await page.keyboard.press('Control+k')
  await expect(search).toBeFocused()
  await page.keyboard.type('new post')
  await palette.getByRole('button', { name: /^New post/ }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/blogs/new$`))

  // "?" outside a text field lists the shortcuts.
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('Shift+?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await expect(help).toContainText('Open the command palette')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
  // In a text field "?" is text.
  await editor.title.click()
  await page.keyboard.press('Shift+?')
  await expect(help).toBeHidden()
})
