import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, expectAccessible, test, watchCsp } from '../fixtures'

interface Receiver {
  url: string
  received: { headers: IncomingHttpHeaders; body: string }[]
  close: () => Promise<void>
}

/** A receiver on 127.0.0.1 answering JSON with a header of its own, so the detail has a response to show. */
async function receiver(path: string): Promise<Receiver> {
  const received: Receiver['received'] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json', 'x-receiver': 'e2e-hooks' }).end(JSON.stringify({ ok: true, seen: received.length }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

test('edit a webhook: URL, events and active are saved; unsaved edits are guarded', async ({ page, site, atrium, signInWithKey }) => {
  test.slow()
  const first = await receiver('/first')
  const second = await receiver('/second')
  try {
    const hook = (await atrium.POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: site.id } }, body: { url: first.url } })).data!
    const csp = watchCsp(page)
    await signInWithKey(page)
    await page.goto(`/admin/sites/${site.id}/webhooks`)
    await page.getByRole('link', { name: `Delivery log of ${first.url}` }).click()
    await page.getByRole('link', { name: `Edit ${first.url}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${first.url}`)
    const form = page.getByRole('form', { name: 'Webhook settings' })
    await form.getByRole('textbox', { name: 'Receiver URL' }).fill(second.url)
    await form.getByRole('radio', { name: 'Only the events I choose' }).check()
    await form.getByRole('checkbox', { name: 'blog.published' }).check()
    await form.getByRole('checkbox', { name: 'page.published' }).check()
    await form.getByRole('checkbox', { name: 'Active' }).uncheck()
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByTestId('webhook-edit-status')).toHaveText(`Saved: ${second.url}`)
    const saved = (await atrium.GET('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: site.id } } })).data!.data.find((w) => w.id === hook.id)!
    expect(saved.url).toBe(second.url)
    expect([...saved.events].sort()).toEqual(['blog.published', 'page.published'])
    expect(saved.is_active).toBe(false)

    // An unsaved description: leaving by link asks first; staying keeps the text.
    await form.getByRole('textbox', { name: 'Description' }).fill('Rebuilds the site')
    await page.getByRole('link', { name: 'All webhooks' }).click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.getByRole('button', { name: 'Stay' }).click()
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Rebuilds the site')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByTestId('webhook-edit-status')).toHaveText(`Saved: ${second.url}`)
    await page.getByRole('link', { name: 'All webhooks' }).click()
    const row = page.getByRole('row').filter({ hasText: second.url })
    await expect(row).toContainText('2 events')
    await expect(row).toContainText('Paused')
    // The list's row action opens the same form.
    await row.getByRole('button', { name: `Edit ${second.url}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${second.url}`)
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Rebuilds the site')
    expect(csp).toEqual([])
  } finally {
    await first.close()
    await second.close()
  }
})

test('read a delivery with its request and response, redeliver it; a deleted webhook’s delivery is refused with a reason', async ({
  page,
  site,
  atrium,
  signInWithKey,
}) => {
  test.slow()
  const hooks = await receiver('/deliveries')
  try {
    const hook = (
      await atrium.POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: site.id } }, body: { url: hooks.url, events: ['tag.created'] } })
    ).data!
    await atrium.POST('/api/v1/tags', { body: { site_id: site.id, name: 'Rail travel' } })
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(1)
    const webhookId = hooks.received[0]!.headers['webhook-id']

    const csp = watchCsp(page)
    await signInWithKey(page)
    await page.goto(`/admin/sites/${site.id}/webhooks/${hook.id}`)
    const log = page.getByRole('table', { name: 'Delivery attempts, newest first' })
    await log.getByRole('link', { name: /^Details of tag\.created, attempt 1/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('tag.created, attempt 1')
    const request = page.getByRole('region', { name: 'Request sent' })
    await expect(request.getByRole('table', { name: 'Headers: Request sent' })).toContainText('webhook-signature')
    await expect(request.getByRole('table', { name: 'Headers: Request sent' })).toContainText(String(webhookId))
    await expect(request.getByLabel('Body: Request sent')).toContainText('"type": "tag.created"')
    await expect(request.getByLabel('Body: Request sent')).toContainText('Rail travel')
    const response = page.getByRole('region', { name: 'Response received' })
    await expect(response.getByRole('table', { name: 'Headers: Response received' })).toContainText('e2e-hooks')
    await expect(response.getByLabel('Body: Response received')).toContainText('"seen": 1')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Redeliver' }).click()
    await expect(page.getByTestId('redeliver-status')).toContainText('Queued: attempt 2 is sent now')
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(2)
    expect(hooks.received[1]!.headers['webhook-id']).toBe(webhookId)

    // Someone deletes the webhook meanwhile: its delivery cannot be sent again, and the screen says why.
    await atrium.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: hook.id } } })
    await page.getByRole('button', { name: 'Redeliver' }).click()
    const refused = page.getByRole('alert').filter({ hasText: 'This webhook was deleted' })
    await expect(refused).toContainText('Its deliveries can no longer be sent.')
    await expect(page.getByTestId('redeliver-status')).toHaveText('')
    expect(hooks.received).toHaveLength(2)
    expect(csp).toEqual([])
  } finally {
    await hooks.close()
  }
})
