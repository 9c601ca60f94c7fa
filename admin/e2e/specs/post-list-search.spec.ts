import type { Request } from '@playwright/test'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { BlogList } from '../pages/BlogList'
import { solidPng } from '../png'

test('the post list searches every language of the site, keeps its columns, shows plain snippets, covers and languages, and offers the authors in use', async ({
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
  form.append('file', new Blob([new Uint8Array(solidPng([40, 160, 60]))], { type: 'image/png' }), 'tulips-cover.png')
  const uploaded = await fetch(`${baseUrl}/api/v1/media/upload`, { method: 'POST', headers: { 'x-api-key': masterKey }, body: form })
  expect(uploaded.status).toBe(201)
  const cover = (await uploaded.json()) as { id: string }
  await atrium.POST('/api/v1/blogs', {
    body: {
      site_ids: [site.id],
      status: 'InReview',
      author: 'Zora Quill',
      cover_image_id: cover.id,
      localizations: [
        { locale: 'en', title: 'Tulip care', body: 'Plant the bulbs in autumn.' },
        { locale: 'de', title: 'Tulpenpflege', body: '## Zwiebeln **setzen**\n\nIm [Herbst](https://example.org/herbst) die Zwiebeln setzen.' },
      ],
    },
  })
  const csp = watchCsp(page)
  await signInWithKey(page)
  // The plain list's items carry their languages and covers: no read per row (covers' renditions are images, not API reads).
  const perRow: string[] = []
  const countPerRow = (req: Request) => {
    if (['fetch', 'xhr'].includes(req.resourceType()) && /\/detail(\?|$)|\/media\//.test(new URL(req.url()).pathname)) perRow.push(req.url())
  }
  page.on('request', countPerRow)
  const list = new BlogList(page)
  await list.goto(site.id)
  await expect(list.rows()).toHaveCount(5)

  // Each row shows its cover (a small rendition) and the languages it has.
  const tulip = list.row('Tulip care')
  await expect(tulip.getByTestId('cover')).toHaveAttribute('src', /[?&]w=48(&|$)/)
  await expect(tulip.getByTestId('cover')).toHaveAttribute('srcset', /96w/)
  await expect(tulip.getByRole('cell').last()).toHaveText('en · de')
  await expect(list.row('Hello, world').getByRole('cell').last()).toHaveText('en')
  expect(perRow).toEqual([])
  page.off('request', countPerRow)

  // A German word finds the post by its German title; the status and author columns stay; the snippet is plain words.
  await list.search.fill('Zwiebeln')
  await expect(page).toHaveURL(/q=Zwiebeln/)
  const hit = list.row('Tulpenpflege')
  await expect(hit).toBeVisible()
  await expect(hit).toContainText('In review')
  await expect(hit).toContainText('Zora Quill')
  await expect(hit.getByRole('cell').last()).toHaveText('en · de')
  const snippet = hit.locator('.blog-list-snippet')
  await expect(snippet).toContainText('Zwiebeln')
  await expect(snippet).not.toContainText('**')
  await expect(snippet).not.toContainText('](')
  await expect(snippet).not.toContainText('##')
  await expectAccessible(page)

  // Searching English only: the German word finds nothing.
  await page.getByRole('combobox', { name: 'Language', exact: true }).click()
  await page.getByRole('option', { name: /^(en|.+ \(en\))$/ }).click()
  await expect(page).toHaveURL(/locale=en/)
  await expect(page.getByText('No posts match.')).toBeVisible()

  // The author filter offers the names the site's posts carry.
  await list.goto(site.id)
  await list.author.click()
  await page.getByRole('option', { name: 'Zora Quill' }).click()
  await expect(page).toHaveURL(/author=Zora(\+|%20)Quill/)
  await expect(list.rows()).toHaveCount(1)
  expect(csp).toEqual([])
})
