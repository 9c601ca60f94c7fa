import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'

/**
 * A stand-in frontend on 127.0.0.1: its /api/preview exchanges the token server-side (GET /preview) and renders the
 * post's title, as the starter frontend does; anything else is a 404 page. No-store, like any preview.
 */
async function startFrontend(atriumUrl: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const token = url.searchParams.get('token') ?? ''
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(`<!doctype html><html lang="en"><head><title>Front</title></head><body><main>${html}</main></body></html>`)
    }
    if (url.pathname !== '/api/preview') return send(404, '<h1>Not found</h1>')
    fetch(`${atriumUrl}/api/v1/preview`, { headers: { 'x-preview-token': token } })
      .then(async (r) => {
        if (!r.ok) return send(404, '<h1>Preview not available</h1>')
        const body = (await r.json()) as { data: { localizations: Array<{ title: string }> } }
        const title = body.data.localizations[0]?.title ?? ''
        send(200, `<p>Preview</p><h1>${title.replace(/[<&]/g, '')}</h1><p>path ${url.searchParams.get('path') ?? ''}</p>`)
      })
      .catch(() => send(500, '<h1>Error</h1>'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

test('Preview opens the draft on the site, the live pane follows saves, a shared link works until revoked', async ({
  page,
  browser,
  site,
  atrium,
  baseUrl,
  signInWithKey,
}) => {
  test.setTimeout(90_000)
  const csp = watchCsp(page)
  const front = await startFrontend(baseUrl)
  try {
    await atrium.PUT('/api/v1/sites/{site_id}/settings', {
      params: { path: { site_id: site.id } },
      body: { preview_url: `${front.origin}/api/preview?token={token}&path={path}` },
    })
    await signInWithKey(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    const editor = new BlogEditor(page)
    await editor.goto(site.id, site.posts.draft)

    // Side by side at 1280 px: the site's preview page in a frame beside the editor.
    const toggle = page.getByRole('button', { name: 'Live preview' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const frame = page.frameLocator('iframe[title="Live preview of A draft about gardens"]')
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('A draft about gardens')

    // A save reloads the pane within seconds; the editor keeps the focus and what was typed.
    await editor.title.click()
    await editor.title.press('End')
    await editor.title.pressSequentially(' and ponds')
    await page.keyboard.press('ControlOrMeta+s')
    await expect(page.frameLocator('iframe[title^="Live preview of"]').getByRole('heading', { level: 1 })).toHaveText('A draft about gardens and ponds', {
      timeout: 5_000,
    })
    await expect(editor.title).toBeFocused()
    await expect(editor.title).toHaveValue('A draft about gardens and ponds')

    // Preview: a new tab on the site with a fresh token.
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Preview on site', exact: true }).click()])
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('A draft about gardens and ponds')
    expect(tab.url()).toMatch(/token=prv_[A-Za-z0-9_-]{43}&path=%2Fblog%2F/)
    await tab.close()

    // Share preview: a link for a day, opened in a fresh context (no sign-in), then revoked.
    await page.getByRole('button', { name: 'Share preview' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share a preview link' })
    await dialog.getByRole('combobox', { name: 'Link works for' }).selectOption({ label: '1 day' })
    await dialog.getByRole('button', { name: 'Create and copy link' }).click()
    const link = await dialog.getByRole('textbox', { name: 'Preview link' }).inputValue()
    expect(link.startsWith(`${front.origin}/api/preview?token=prv_`)).toBe(true)
    await expectAccessible(page)
    const fresh = await browser.newContext()
    try {
      const visitor = await fresh.newPage()
      await visitor.goto(link)
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('A draft about gardens and ponds')
      // The live links, soonest expiry first: the day-long link is the last one.
      const revokes = dialog.getByRole('list', { name: 'Live links' }).getByRole('button', { name: /^Revoke the link expiring/ })
      const before = await revokes.count()
      await revokes.last().click()
      await expect(revokes).toHaveCount(before - 1)
      await visitor.reload()
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Preview not available')
    } finally {
      await fresh.close()
    }
    expect(csp).toEqual([])
  } finally {
    front.server.close()
  }
})

test('without a frontend the pane renders the saved post itself and says how to connect one; narrower it is a toggle', async ({
  page,
  site,
  signInWithKey,
}) => {
  const csp = watchCsp(page)
  await signInWithKey(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const editor = new BlogEditor(page)
  await editor.goto(site.id, site.posts.draft)
  // Without a frontend the pane waits for the toggle, then opens beside the editor.
  const liveToggle = page.getByRole('button', { name: 'Live preview' })
  await expect(liveToggle).toHaveAttribute('aria-pressed', 'false')
  await liveToggle.click()
  const pane = page.getByRole('region', { name: 'Live preview' })
  await expect(pane.getByText('No frontend connected')).toBeVisible()
  await expect(pane.getByRole('link', { name: 'Open site settings' })).toBeVisible()
  const rendering = pane.getByTestId('preview-rendering')
  await expect(rendering.getByRole('heading', { level: 2 })).toHaveText('A draft about gardens')
  await expect(page.getByRole('button', { name: 'Preview on site', exact: true })).toBeDisabled()

  // Markdown rendered; a save shows within seconds while the editor keeps the focus.
  await editor.body.click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type('\n\n## Pond plants')
  await page.keyboard.press('ControlOrMeta+s')
  await expect(rendering.getByRole('heading', { level: 2, name: 'Pond plants' })).toBeVisible({ timeout: 5_000 })
  await expect(editor.body).toBeFocused()
  await expectAccessible(page)

  // Narrower: closed until toggled, the editor untouched.
  await page.setViewportSize({ width: 1000, height: 800 })
  await page.reload()
  await expect(editor.body).toBeVisible()
  const toggle = page.getByRole('button', { name: 'Live preview' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('region', { name: 'Live preview' })).toHaveCount(0)
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('region', { name: 'Live preview' }).getByTestId('preview-rendering')).toContainText('Pond plants')
  expect(csp).toEqual([])
})
