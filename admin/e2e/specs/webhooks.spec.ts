import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'

test('create a webhook to a receiver on 127.0.0.1, send a test and see it in the log', async ({ page, site, signInWithKey }) => {
  // A long journey with several axe scans: more than 30 s on a loaded machine.
  test.slow()
  const received: { headers: Record<string, unknown>; body: string }[] = []
  const receiver: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  try {
    const csp = watchCsp(page)
    await signInWithKey(page)
    await page.goto(`/admin/sites/${site.id}/webhooks`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks')
    await page.getByRole('textbox', { name: 'Receiver URL' }).fill(url)
    await page.getByRole('radio', { name: 'Only the events I choose' }).check()
    await page.getByRole('checkbox', { name: 'blog.created' }).check()
    await page.getByRole('checkbox', { name: 'blog.published' }).check()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/)
    await page.getByRole('button', { name: 'I have copied it' }).click()

    const row = page.getByRole('row').filter({ hasText: url })
    await expect(row).toContainText('2 events')
    await expect(row).toContainText('Active')
    await row.getByRole('button', { name: `Send a test to ${url}` }).click()
    await expect(page.getByTestId('webhook-notice')).toContainText(`Test delivered to ${url}: HTTP 204`)
    expect(received).toHaveLength(1)
    expect(received[0]?.headers['webhook-signature']).toMatch(/^v1,/)

    await row.getByRole('button', { name: `Pause ${url}` }).click()
    await expect(row).toContainText('Paused')
    await row.getByRole('button', { name: `Resume ${url}` }).click()
    await expect(row).toContainText('Active')

    await row.getByRole('link', { name: `Delivery log of ${url}` }).click()
    const log = page.getByRole('table', { name: 'Delivery attempts, newest first' })
    await expect(log).toContainText('webhook.test')
    await expect(log).toContainText('Delivered')
    await expect(log).toContainText('204')
    await expectAccessible(page)
    await page.screenshot({ path: `${SCREENSHOTS}webhooks.png`, fullPage: true })
    await log.getByRole('button', { name: /All attempts of this delivery \(webhook.test, attempt 1\)/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Attempts of one delivery' })
    await expect(dialog.getByRole('table')).toContainText('204')
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    expect(csp).toEqual([])
  } finally {
    await new Promise((r) => receiver.close(r))
  }
})

test('on a 390 px phone the webhook list fits the screen and a long URL is cut whole, not broken mid-word', async ({ page, site, atrium, signInWithKey }) => {
  // 127.0.0.1: a receiver's host must resolve; nothing is sent to it here.
  const url = 'http://127.0.0.1:9/atrium/receivers/newsletter-subscriptions-and-everything-else?token=abcdefghijklmnopqrstuvwxyz0123456789'
  await atrium.POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: site.id } }, body: { url, description: 'Newsletter hook', events: [] } })
  await page.setViewportSize({ width: 390, height: 844 })
  await signInWithKey(page)
  await page.goto(`/admin/sites/${site.id}/webhooks`)
  const link = page.getByRole('link', { name: `Delivery log of ${url}` })
  await expect(link).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // Cut with an ellipsis on one line, the whole URL in its title: never wrapped inside a word.
  const cut = link.locator('xpath=ancestor::*[contains(@class, "dt-truncate")]')
  await expect(cut).toHaveAttribute('title', url)
  const box = await cut.evaluate((el) => {
    const s = getComputedStyle(el)
    return { lines: Math.round(el.getBoundingClientRect().height / parseFloat(s.lineHeight)), whiteSpace: s.whiteSpace, wordBreak: s.wordBreak }
  })
  expect(box).toEqual({ lines: 1, whiteSpace: 'nowrap', wordBreak: 'normal' })
  // Row actions stay reachable on the card, named with the record.
  await expect(page.getByRole('button', { name: `Delete ${url}` })).toBeVisible()
  await expectAccessible(page)
})
