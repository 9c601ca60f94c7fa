import { startProvider, type StandInProvider } from '../../../test/servers/ai-provider'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'
import { EditorPanels } from '../pages/EditorPanels'

/*
 * Editor part B: history with revert, AI proposals (a stand-in AI provider on 127.0.0.1, the one the server tests
 * use), and the side-by-side translation view.
 */

test('revert a field: the history shows each change field by field; reverting puts the old values back in the editor and the API', async ({
  page,
  site,
  signInWithKey,
  atrium,
}) => {
  const csp = watchCsp(page)
  const id = site.posts.draft
  const detail = async () => (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })).data!
  const locId = (await detail()).localizations[0]!.id
  // Two edits of the title and two of the slug, through the API.
  for (const title of ['Gardens, second', 'Gardens, third'])
    await atrium.PUT('/api/v1/blogs/localizations/{loc_id}', { params: { path: { loc_id: locId } }, body: { title } })
  for (const slug of ['gardens-two', 'gardens-three']) await atrium.PUT('/api/v1/blogs/{id}', { params: { path: { id } }, body: { slug } })

  await signInWithKey(page)
  const editor = new BlogEditor(page)
  const panels = new EditorPanels(page)
  await editor.goto(site.id, id)
  await expect(editor.title).toHaveValue('Gardens, third')
  await panels.openHistory()
  // Each change: who and when, and the field's word diff.
  const third = panels.change('blog_localization', 'third')
  await expect(third.locator('del')).toHaveText('second')
  await expect(third.locator('ins')).toHaveText('third')
  await expectAccessible(page)

  // A localized field: back through the locale's save queue.
  await third.getByRole('checkbox').check()
  await panels.revertChosen()
  await expect(editor.title).toHaveValue('Gardens, second')
  expect((await detail()).localizations[0]!.title).toBe('Gardens, second')

  // A post field: through POST /audit/history/revert; the editor shows it and holds the new ETag.
  await panels.change('blog', 'three').getByRole('checkbox').check()
  await panels.revertChosen()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue('gardens-two')
  expect((await detail()).slug).toBe('gardens-two')
  // The next save is not refused (412): the queue took the reverted version's tag.
  await page.getByRole('textbox', { name: 'Author' }).fill('Ann Gardener')
  await editor.save()
  await editor.expectSaved()
  await expect(editor.conflict).toBeHidden()
  expect((await detail()).author).toBe('Ann Gardener')
  expect(csp).toEqual([])
})

test.describe('AI assist', () => {
  let provider: StandInProvider
  test.beforeAll(async () => {
    provider = await startProvider()
  })
  test.afterAll(async () => provider.close())

  test('a proposal shown as a diff, accepted; another rejected; an error shows its title', async ({ page, site, signInWithKey, atrium }) => {
    provider.mode = 'ok'
    const path = { site_id: site.id }
    await atrium.PUT('/api/v1/sites/{site_id}/settings', { params: { path }, body: { ai_enabled: true } })
    await atrium.PUT('/api/v1/sites/{site_id}/ai/config', {
      params: { path },
      body: { provider_name: 'LM Studio', base_url: `${provider.url}/v1`, api_key: null, model: 'local-model', max_tokens: 200 },
    })
    const csp = watchCsp(page)
    await signInWithKey(page)
    const editor = new BlogEditor(page)
    const panels = new EditorPanels(page)
    await editor.goto(site.id, site.posts.draft)
    const excerpt = page.getByRole('textbox', { name: 'Excerpt' })

    await panels.ai('Suggest an excerpt')
    const proposal = panels.aiDialog.getByTestId('ai-proposal')
    await expect(proposal.locator('[data-field="excerpt"] ins')).toHaveText('excerpt sample')
    // Nothing applied before accepting.
    await expect(excerpt).toHaveValue('')
    await expectAccessible(page)
    await panels.aiDialog.getByRole('button', { name: 'Accept selected' }).click()
    await expect(excerpt).toHaveValue('excerpt sample')
    await editor.save()
    await editor.expectSaved()
    const loc = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: site.posts.draft } } })).data!.localizations[0]!
    expect(loc.excerpt).toBe('excerpt sample')

    await panels.ai('Suggest SEO title and description')
    await expect(panels.aiDialog.getByTestId('ai-proposal').locator('[data-field="meta_title"] ins')).toHaveText('meta_title sample')
    await panels.aiDialog.getByRole('button', { name: 'Reject' }).click()
    await expect(page.getByTestId('ai-note')).toHaveText('Proposal rejected; nothing changed.')
    await expect(editor.metaTitle).toHaveValue('')

    // A provider failure: the problem's title, nothing changed.
    provider.mode = 'error500'
    await panels.ai('Suggest an excerpt')
    await expect(panels.aiDialog.getByRole('alert')).toContainText('Provider error')
    await panels.aiDialog.getByRole('button', { name: 'Close' }).first().click()
    await expect(excerpt).toHaveValue('excerpt sample')

    // A slow provider: the wait can be cancelled.
    provider.mode = 'hang'
    await panels.ai('Suggest an excerpt')
    await expect(panels.aiDialog.getByText('Asking the AI…')).toBeVisible()
    await panels.aiDialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(panels.aiDialog).toBeHidden()
    provider.mode = 'ok'
    expect(csp).toEqual([])
  })
})

test('side-by-side translation: the source read only beside the target, saved through the same queue', async ({ page, site, signInWithKey, atrium }) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  const panels = new EditorPanels(page)
  await editor.goto(site.id, site.posts.draft)
  await page.getByRole('button', { name: /^Side by side with / }).click()
  await expect(panels.translation).toBeVisible()
  const source = panels.translation.getByRole('textbox', { name: /^Title \(English\)$/ })
  await expect(source).toHaveValue('A draft about gardens')
  await expect(source).toHaveAttribute('readonly', '')
  await panels.translation.getByRole('textbox', { name: /^Title \(German\)$/ }).fill('Ein Entwurf über Gärten')
  await panels.translation.getByRole('textbox', { name: /^Body \(Markdown\) \(German\)$/ }).fill('# Gärten')
  await expectAccessible(page)
  await editor.save()
  await editor.expectSaved()
  await expect(editor.locale('de')).toContainText('Draft')
  const locs = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: site.posts.draft } } })).data!.localizations
  expect(locs.find((l) => l.title === 'Ein Entwurf über Gärten')?.body).toBe('# Gärten')
  expect(csp).toEqual([])
})
