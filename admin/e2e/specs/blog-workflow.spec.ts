import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'

test('review between two roles: an Author key submits, a Reviewer key requests changes with a comment, then approves', async ({
  browser,
  site,
  atrium,
  signInWithKey,
}) => {
  test.slow() // two browser contexts signing in and saving in turn
  await atrium.PUT('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: site.id } }, body: { editorial_workflow_enabled: true } })
  const keyFor = async (name: string) => (await atrium.POST('/api/v1/api-keys', { body: { name, permission: 'Write', site_id: site.id } })).data!.key
  const [authorKey, reviewerKey] = await Promise.all([keyFor('Author of the review journey'), keyFor('Reviewer of the review journey')])
  const contexts = await Promise.all([browser.newContext(), browser.newContext()])
  const [authorPage, reviewerPage] = await Promise.all(contexts.map((c) => c.newPage()))
  await signInWithKey(authorPage!, authorKey)
  await signInWithKey(reviewerPage!, reviewerKey)
  const author = new BlogEditor(authorPage!)
  const reviewer = new BlogEditor(reviewerPage!)

  await author.goto(site.id, site.posts.draft)
  await author.title.fill('Gardens in spring, for review')
  await author.button('Submit for review').click()
  await expect(author.blogStatus).toHaveAttribute('data-status', 'InReview')

  await reviewer.goto(site.id, site.posts.draft)
  await expect(reviewer.title).toHaveValue('Gardens in spring, for review')
  await reviewer.button('Request changes').click()
  const dialog = reviewerPage!.getByRole('dialog', { name: 'Request changes' })
  await dialog.getByRole('textbox', { name: 'Comment for the author' }).fill('Please add a photo of the tulips.')
  await expectAccessible(reviewerPage!)
  await dialog.getByRole('button', { name: 'Request changes' }).click()
  await expect(reviewer.blogStatus).toHaveAttribute('data-status', 'Draft')

  // The author sees the post back in Draft, submits again; the reviewer approves.
  await author.goto(site.id, site.posts.draft)
  await expect(author.blogStatus).toHaveAttribute('data-status', 'Draft')
  await author.button('Submit for review').click()
  await expect(author.blogStatus).toHaveAttribute('data-status', 'InReview')
  await reviewer.goto(site.id, site.posts.draft)
  await reviewer.button('Approve').click()
  const approve = reviewerPage!.getByRole('dialog', { name: 'Approve' })
  await expect(approve.getByRole('button', { name: 'Approve' })).toBeVisible()
  await expectAccessible(reviewerPage!)
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(reviewer.blogStatus).toHaveAttribute('data-status', 'Published')

  const reviews = (
    await atrium.GET('/api/v1/audit/entity/{entity_type}/{entity_id}', { params: { path: { entity_type: 'blog', entity_id: site.posts.draft } } })
  ).data!
  const outcomes = reviews.filter((e) => e.action === 'Review').map((e) => e.metadata as { action: string; comment: string | null })
  expect(outcomes.map((o) => o.action).sort()).toEqual(['Approve', 'RequestChanges'])
  expect(outcomes.find((o) => o.action === 'RequestChanges')?.comment).toBe('Please add a photo of the tulips.')
  await Promise.all(contexts.map((c) => c.close()))
})

test('schedule in the site’s time zone: the API holds the right instant, the list and the dashboard show it Scheduled', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  // The browser runs in Europe/Berlin (playwright.config.ts); the site is in America/New_York.
  const csp = watchCsp(page)
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  await expect(editor.settings.getByText('Times in the site’s time zone: America/New_York')).toBeVisible()
  const year = new Date().getUTCFullYear() + 1
  // 09:00 in New York in July (EDT, UTC-4) is 13:00 UTC, 15:00 in Berlin (CEST).
  await editor.publishStart.fill(`${year}-07-01T09:00`)
  const at = new Date(`${year}-07-01T13:00:00.000Z`)
  const shown = (timeZone: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at)
  await expect(editor.publishStartHint).toContainText(`Your time: ${shown('Europe/Berlin')}`)
  await expect(editor.button('Schedule')).toBeVisible()
  await expectAccessible(page)
  await editor.button('Schedule').click()
  await expect(editor.blogStatus).toHaveAttribute('data-status', 'Scheduled')

  const blog = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.draft } } })).data!
  expect(blog.status).toBe('Scheduled')
  expect(new Date(blog.publish_start!).toISOString()).toBe(`${year}-07-01T13:00:00.000Z`)

  // Read back in the site's zone after a reload.
  await editor.goto(site.id, site.posts.draft)
  await expect(editor.publishStart).toHaveValue(`${year}-07-01T09:00`)

  await page.goto(`/admin/sites/${site.id}/blogs`)
  const row = page.getByRole('row').filter({ hasText: 'A draft about gardens' })
  await expect(row).toContainText('Scheduled')
  await page.goto(`/admin/sites/${site.id}`)
  const scheduled = page.getByRole('region', { name: 'Scheduled' })
  await expect(scheduled.getByRole('link', { name: 'A draft about gardens' })).toBeVisible()
  await expect(scheduled).toContainText(`Publishes ${shown('America/New_York')} (America/New_York)`)
  expect(csp).toEqual([])
})

// The real keyboard path of the editor: skip link → h1 → (new post) Save draft, the locale bar, Title, Subtitle, Excerpt,
// Write/Preview, the formatting toolbar (one stop), Body; (the post's editor) Save draft, the workflow buttons, History, Clone, Delete, the locale bar,
// side by side, then the same content fields, the SEO fields, and the post settings (slug, author, featured, images,
// schedule, categories, tags, attachments). In the Markdown body Tab indents; Escape, then Tab or Shift+Tab leaves it.
test('the whole publish journey by keyboard alone: create, type, Ctrl+S, publish', async ({ page, site, atrium, signInWithKey }) => {
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.gotoNew(site.id)
  // The skip link first, as a keyboard user would: Enter puts focus on the screen's heading.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(editor.heading).toBeFocused()
  await expect(editor.body).toBeVisible() // CodeMirror is its own chunk
  // The body first: a title starts the autosave clock, and the first save turns the new form into the post's editor.
  await editor.tabTo(editor.body, { max: 9 })
  await expect(editor.body).toHaveAccessibleDescription('Tab indents. To leave the text: Esc, then Tab.')
  await page.keyboard.type('Every step by **keyboard**.')
  // Escape, then Shift+Tab leaves the Markdown body (Tab alone indents): back over the toolbar (one stop) and
  // Write/Preview to the title.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('toolbar', { name: 'Formatting: Body (Markdown)' }).getByRole('button', { name: 'Heading' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('radio', { name: 'Write' })).toBeFocused()
  await editor.tabTo(editor.title, { back: true, max: 3 })
  await page.keyboard.type('Written without a mouse')
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page).toHaveURL(/\/blogs\/[0-9a-f-]{36}$/)
  const blogId = page.url().split('/').pop()!
  // Saving never publishes. The post's own editor takes focus on its heading; Tab on to Publish (after Save draft
  // and Submit for review), Enter.
  await expect(editor.heading).toHaveText('Written without a mouse')
  await expect(editor.blogStatus).toHaveAttribute('data-status', 'Draft')
  await expect(editor.heading).toBeFocused()
  await editor.tabTo(editor.button('Publish'), { max: 3 })
  await page.keyboard.press('Enter')
  await expect(editor.blogStatus).toHaveAttribute('data-status', 'Published')
  const detail = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: blogId } } })).data!
  expect(detail.status).toBe('Published')
  expect(detail.localizations.map((l) => [l.title, l.body])).toEqual([['Written without a mouse', 'Every step by **keyboard**.']])
})

test('post settings: categories with the primary one, tags made inline, attachments, open on site, clone, sign-out guard', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  test.slow() // a long journey with an axe scan
  const csp = watchCsp(page)
  const cat = async (name: string, parent_id?: string) =>
    (await atrium.POST('/api/v1/categories', { body: { site_id: site.id, name, ...(parent_id ? { parent_id } : {}) } })).data!
  const garden = await cat('Garden')
  const bulbs = await cat('Bulbs', garden.id)
  await cat('Kitchen')
  await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: 'spring' } })
  const doc = async (name: string) =>
    (
      await atrium.POST('/api/v1/sites/{site_id}/documents', {
        params: { path: { site_id: site.id } },
        body: { document_type: 'pdf', url: `https://example.org/${name}` },
      })
    ).data!
  const [planting, care] = await Promise.all([doc('planting.pdf'), doc('care.pdf')])
  await atrium.PUT('/api/v1/sites/{id}', { params: { path: { id: site.id } }, body: { url: 'https://garden.example.org' } })
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.published)
  const published = (await atrium.GET('/api/v1/blogs/{id}', { params: { path: { id: site.posts.published } } })).data!

  // Categories from the site's tree, by their paths; the first assigned is primary until another is chosen.
  const categories = editor.group('Categories')
  const addCategory = categories.getByRole('combobox', { name: 'Add a category' })
  // Each shows the server's answer (pessimistic): take it, then wait for it.
  await addCategory.fill('Garden')
  await addCategory.press('Enter')
  await expect(categories.getByRole('button', { name: 'Remove category “Garden”' })).toBeVisible()
  await addCategory.fill('Bulbs')
  await page.getByRole('option', { name: 'Garden › Bulbs' }).click()
  await expect(categories.getByRole('button', { name: 'Remove category “Garden › Bulbs”' })).toBeVisible()
  await expect(categories.getByRole('combobox', { name: 'Primary category' })).toHaveValue(garden.id)
  await categories.getByRole('combobox', { name: 'Primary category' }).selectOption({ label: 'Bulbs' })
  await expect(categories.getByRole('combobox', { name: 'Primary category' })).toHaveValue(bulbs.id)

  // Tags: an existing one by name, and a new one created inline.
  const tags = editor.group('Tags')
  await tags.getByRole('combobox', { name: 'Add a tag' }).fill('spring')
  await tags.getByRole('button', { name: 'Add' }).click()
  await expect(tags.getByRole('button', { name: 'Remove tag “spring”' })).toBeVisible()
  await tags.getByRole('combobox', { name: 'Add a tag' }).fill('Tulips')
  await tags.getByRole('combobox', { name: 'Add a tag' }).press('Enter')
  await expect(tags.getByRole('button', { name: 'Remove tag “Tulips”' })).toBeVisible()

  // Attachments: both, then the second moved first, then one detached.
  const attachments = editor.group('Attachments')
  await attachments.getByRole('combobox', { name: 'Document to attach' }).selectOption({ label: 'https://example.org/planting.pdf' })
  await attachments.getByRole('button', { name: 'Attach' }).click()
  await expect(attachments.getByRole('link', { name: 'Open “https://example.org/planting.pdf”' })).toBeVisible()
  await attachments.getByRole('button', { name: 'Attach' }).click()
  await expect(attachments.getByRole('link', { name: 'Open “https://example.org/care.pdf”' })).toBeVisible()
  const careOrder = attachments.getByRole('spinbutton', { name: 'Order of “https://example.org/care.pdf”' })
  await careOrder.fill('-1')
  await careOrder.press('Enter')
  await expect(attachments.getByRole('listitem').first()).toContainText('care.pdf')
  await expectAccessible(page)

  const detail = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: site.posts.published } } })).data!
  expect(detail.categories.map((c) => [c.name, c.is_primary]).sort()).toEqual([
    ['Bulbs', true],
    ['Garden', false],
  ])
  expect(detail.tags.map((t) => t.name).sort()).toEqual(['Tulips', 'spring'])
  expect(detail.documents.map((d) => [d.document_id, d.display_order])).toEqual([
    [care.id, -1],
    [planting.id, 0],
  ])
  await attachments.getByRole('button', { name: 'Detach “https://example.org/planting.pdf”' }).click()
  await expect(attachments.getByRole('link', { name: 'Open “https://example.org/planting.pdf”' })).toBeHidden()

  // Open on site: the site url + post_path with the slug.
  await expect(page.getByRole('link', { name: 'Open on site' })).toHaveAttribute('href', `https://garden.example.org/blog/${published.slug}`)

  // Sign-out with unsaved changes asks first; Stay keeps the editor.
  await editor.title.fill('Hello, world (unsaved)')
  await page.getByRole('button', { name: 'Profile and preferences' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  const guard = page.getByRole('dialog', { name: 'Sign out with unsaved changes?' })
  await expect(guard).toBeVisible()
  await guard.getByRole('button', { name: 'Stay' }).click()
  await expect(editor.title).toHaveValue('Hello, world (unsaved)')

  // Clone: the copy opens as a draft with the same taxonomy.
  await editor.button('Clone').click()
  await expect(editor.blogStatus).toHaveAttribute('data-status', 'Draft')
  await expect(page).not.toHaveURL(new RegExp(site.posts.published))
  const cloneId = page.url().split('/').pop()!
  const copy = (await atrium.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: cloneId } } })).data!
  expect(copy.slug).toBe(`${published.slug}-copy`)
  expect(copy.tags.map((t) => t.name).sort()).toEqual(['Tulips', 'spring'])

  expect(csp).toEqual([])
})

// The DELETE is sent when the notice offering Undo closes, never while it is on screen (it stays while hovered or
// while the focus is in it). The notice takes the focus to its Undo button, so the keyboard reaches Undo in time.
test('delete with undo: nothing is sent while Undo is offered; without Undo the DELETE goes', async ({ page, site, atrium, signInWithKey }) => {
  test.slow() // it waits out the notice's 6 s on purpose
  const deletes: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url())
  })
  const statusOf = (id: string) =>
    atrium.GET('/api/v1/blogs/{id}', { params: { path: { id } } }).then(
      (r) => r.response.status,
      (e: { status: number }) => e.status,
    )
  await signInWithKey(page)
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  const deleted = page.getByRole('alert').filter({ hasText: 'Post deleted' })
  const undo = deleted.getByRole('button', { name: 'Undo' })

  // Delete goes to the list with a notice whose Undo has the focus (described by the notice's text); Enter undoes:
  // the post comes back, and nothing was sent.
  await editor.button('Delete').click()
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/blogs$`))
  await expect(undo).toBeFocused()
  await expect(undo).toHaveAccessibleDescription(/A draft about gardens/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(site.posts.draft))
  await expect(page.getByRole('alert').filter({ hasText: 'Not deleted' })).toBeVisible()
  await expect(editor.body).toBeVisible()
  expect(deletes).toEqual([])
  expect(await statusOf(site.posts.draft)).toBe(200)

  // Deleted again (its own notice, though "Not deleted" may still show): while the focus rests on Undo, and then while
  // the pointer rests on the notice, Undo stays offered past its 6 s and nothing is sent; once both have left, the
  // notice closes and the DELETE goes.
  await editor.button('Delete').click()
  await expect(undo).toBeFocused()
  await page.waitForTimeout(7_000)
  await expect(undo).toBeVisible()
  await deleted.hover()
  await page.getByRole('heading', { level: 1 }).focus()
  await page.waitForTimeout(7_000)
  await expect(undo).toBeVisible()
  expect(deletes).toEqual([])
  await page.getByRole('main').hover({ position: { x: 10, y: 10 } })
  await expect(deleted).toBeHidden({ timeout: 15_000 })
  await expect.poll(() => statusOf(site.posts.draft), { timeout: 10_000 }).toBe(404)
  expect(deletes).toHaveLength(1)

  // Escape lets the offer go at once: the notice closes, the DELETE goes, and the focus lands on the list's title.
  await editor.goto(site.id, site.posts.inReview)
  await editor.button('Delete').click()
  await expect(undo).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(deleted).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect.poll(() => statusOf(site.posts.inReview), { timeout: 10_000 }).toBe(404)
  expect(deletes).toHaveLength(2)
})
