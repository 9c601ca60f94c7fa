import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { webhookAttempts, webhookDeliveries } from '../../../src/db/schema/webhooks.js'
import { dispatcherOf } from '../../../src/modules/webhooks/delivery.service.js'
import { systemClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, expectNoContent, type Page } from '../../helpers/records.js'
import { pump } from './pump.js'
import { receiver, type Reply } from './receiver.js'

/* GET /webhooks/{id}/deliveries/{delivery_id} (what was sent and answered) and POST …/redeliver. */

interface Attempt {
  id: string
  delivery_id: string
  event_type: string
  attempt: number
  status_code: number | null
  success: boolean
}
interface Detail extends Attempt {
  request_headers: Record<string, string> | null
  request_body: string | null
  response_headers: Record<string, string> | null
  response_body: string | null
}
interface Queued {
  delivery_id: string
  webhook_id: string
  event_type: string
  attempt: number
  queued_at: string
}

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const receivers: Array<{ close(): Promise<void> }> = []

beforeAll(async () => {
  t = await testApp({
    clock: systemClock,
    // retries wait a minute: a failed attempt stays pending while a test looks at it
    env: { ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', ATRIUM_WEBHOOK_RETRY_BASE_MS: '60000', ATRIUM_WEBHOOK_TIMEOUT_MS: '1000' },
  })
  a = await makeSite(t)
  b = await makeSite(t)
  await dispatcherOf(t.deps).fanOut()
})
afterAll(async () => {
  await dispatcherOf(t.deps).stop()
  await Promise.all(receivers.map((r) => r.close()))
  await t.close()
})

const admin = () => t.as(a.keys.Admin)

/** A receiver answering `replies` then `fallback`, and a webhook of site a for social.created sending to it. */
async function hooked(replies: Reply[] = [], fallback?: Reply, description?: string) {
  const r = await receiver(replies, fallback)
  receivers.push(r)
  const hook = expectStatus<{ id: string; secret: string }>(
    await admin().post(`/sites/${a.id}/webhooks`, { url: r.url, events: ['social.created'], ...(description ? { description } : {}) }),
    201,
  )
  return { r, hook }
}
const attemptsOf = async (hookId: string) =>
  expectStatus<Page<Attempt>>(await admin().get(`/webhooks/${hookId}/deliveries?per_page=100`), 200).data.sort((x, y) => x.attempt - y.attempt)
const social = async () =>
  expectStatus<{ id: string }>(await t.as(a.keys.Write).post(`/sites/${a.id}/social`, { platform: 'github', url: `https://github.com/${uid()}` }), 201)
/** Creates a social link and runs the loop until the hook has logged `n` attempts. */
async function delivered(hookId: string, n = 1): Promise<Attempt[]> {
  await social()
  await pump(t.deps, async () => (await attemptsOf(hookId)).length >= n)
  return attemptsOf(hookId)
}
const deliveryRow = async (id: string) => (await t.dbh.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!

describe('GET /webhooks/{id}/deliveries/{delivery_id}', () => {
  it('answers the attempt with the headers and body sent (signature, never the secret) and the answer received', async () => {
    const answer = JSON.stringify({ ok: true, received: 'thanks' })
    const { r, hook } = await hooked([], { status: 201, headers: { 'content-type': 'application/json', 'x-receiver': 'r1' }, body: answer })
    const [logged] = await delivered(hook.id)
    const res = await admin().get(`/webhooks/${hook.id}/deliveries/${logged!.id}`)
    const d = expectStatus<Detail>(res, 200)
    expect(d).toMatchObject({ id: logged!.id, delivery_id: logged!.delivery_id, event_type: 'social.created', attempt: 1, status_code: 201, success: true })
    const sent = r.got[0]!
    expect(d.request_body).toBe(sent.body)
    expect(d.request_headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': logged!.delivery_id,
      'webhook-timestamp': sent.headers['webhook-timestamp'],
      'webhook-signature': sent.headers['webhook-signature'],
      'content-length': String(Buffer.byteLength(sent.body)),
    })
    expect(d.response_headers).toMatchObject({ 'content-type': 'application/json', 'x-receiver': 'r1' })
    expect(d.response_body).toBe(answer)
    expect(res.body).not.toContain(hook.secret)
    expect(res.body).not.toContain(hook.secret.slice('whsec_'.length))
  })

  it('keeps the first 4 KiB of a long answer, never a cut character; a binary answer is logged, not refused', async () => {
    const long = `a${'é'.repeat(3000)}` // 6001 bytes: the 4096th byte starts a two-byte character
    const { hook } = await hooked([{ status: 500, body: long }], { status: 200, body: Buffer.from([0x41, 0x00, 0xff, 0x42]) })
    const [failed] = await delivered(hook.id)
    await t.dbh.db.update(webhookDeliveries).set({ next_attempt_at: new Date() }).where(eq(webhookDeliveries.id, failed!.delivery_id))
    await pump(t.deps, async () => (await attemptsOf(hook.id)).length >= 2)
    const log = await attemptsOf(hook.id)
    const first = expectStatus<Detail>(await admin().get(`/webhooks/${hook.id}/deliveries/${log[0]!.id}`), 200)
    expect(first).toMatchObject({ status_code: 500, success: false })
    expect(Buffer.byteLength(first.response_body!)).toBe(4095)
    expect(long.startsWith(first.response_body!)).toBe(true)
    const second = expectStatus<Detail>(await admin().get(`/webhooks/${hook.id}/deliveries/${log[1]!.id}`), 200)
    expect(second).toMatchObject({ status_code: 200, success: true, response_body: 'A\uFFFD\uFFFDB' })
  })

  it('no answer: the request is logged, the response is null', async () => {
    const dead = expectStatus<{ id: string }>(await admin().post(`/sites/${a.id}/webhooks`, { url: 'http://127.0.0.1:9/closed' }), 201)
    const attempt = expectStatus<Attempt>(await admin().post(`/webhooks/${dead.id}/test`), 200)
    const d = expectStatus<Detail>(await admin().get(`/webhooks/${dead.id}/deliveries/${attempt.id}`), 200)
    expect(d).toMatchObject({ success: false, status_code: null, response_headers: null, response_body: null })
    expect(d.request_headers).toMatchObject({ 'webhook-id': attempt.delivery_id })
    expect(JSON.parse(d.request_body!)).toMatchObject({ type: 'webhook.test', data: { webhook_id: dead.id } })
  })

  it('400 for a malformed id; 404 for an unknown one, another webhook’s record and another site; 403 below Admin', async () => {
    const { hook } = await hooked()
    const [logged] = await delivered(hook.id)
    const { hook: other } = await hooked()
    expectProblem(await admin().get(`/webhooks/${hook.id}/deliveries/not-a-uuid`), 400, 'VALIDATION_FAILED')
    expectProblem(await admin().get(`/webhooks/${hook.id}/deliveries/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await admin().get(`/webhooks/${other.id}/deliveries/${logged!.id}`), 404, 'NOT_FOUND')
    // the webhook-id is not a record id of the log
    expectProblem(await admin().get(`/webhooks/${hook.id}/deliveries/${logged!.delivery_id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/webhooks/${hook.id}/deliveries/${logged!.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).get(`/webhooks/${hook.id}/deliveries/${logged!.id}`), 403, 'FORBIDDEN')
  })
})

describe('POST /webhooks/{id}/deliveries/{delivery_id}/redeliver', () => {
  it('queues exactly one more attempt with the same webhook-id and body: 202, then the log shows it', async () => {
    const { r, hook } = await hooked([{ status: 200 }, { status: 200 }, { status: 500 }], { status: 200 }, 'Deploy hook')
    const [first] = await delivered(hook.id)
    const res = await admin().post(`/webhooks/${hook.id}/deliveries/${first!.id}/redeliver`)
    const queued = expectStatus<Queued>(res, 202)
    expect(queued).toMatchObject({ delivery_id: first!.delivery_id, webhook_id: hook.id, event_type: 'social.created', attempt: 2 })
    await pump(t.deps, async () => (await attemptsOf(hook.id)).length >= 2)
    expect(r.got).toHaveLength(2)
    expect(r.got[1]!.headers['webhook-id']).toBe(first!.delivery_id)
    expect(r.got[1]!.body).toBe(r.got[0]!.body)
    expect((await deliveryRow(first!.delivery_id)).status).toBe('succeeded')

    // A failed redelivery ends the delivery again: no retries follow it.
    expectStatus<Queued>(await admin().post(`/webhooks/${hook.id}/deliveries/${first!.id}/redeliver`, {}), 202)
    await pump(t.deps, async () => (await attemptsOf(hook.id)).length >= 3)
    await pump(t.deps, async () => (await deliveryRow(first!.delivery_id)).status !== 'pending')
    const log = await attemptsOf(hook.id)
    expect(log.map((x) => [x.attempt, x.status_code])).toEqual([
      [1, 200],
      [2, 200],
      [3, 500],
    ])
    expect((await deliveryRow(first!.delivery_id)).status).toBe('failed')
    expect(r.got).toHaveLength(3)

    const audits = (await auditsOf(t, 'webhook', hook.id)).filter((x) => x.action === 'Redeliver')
    expect(audits).toHaveLength(2)
    expect(audits[0]).toMatchObject({ site_id: a.id, record_label: 'Deploy hook', metadata: { delivery_id: first!.delivery_id, attempt: 2 } })
  })

  it('a delivery still being retried is sent now and keeps its remaining retries', async () => {
    const { hook } = await hooked([{ status: 500 }], { status: 200 })
    const [failed] = await delivered(hook.id)
    const before = await deliveryRow(failed!.delivery_id)
    expect(before).toMatchObject({ status: 'pending', attempts: 1, attempt_limit: 6 })
    expect(before.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000)
    expectStatus<Queued>(await admin().post(`/webhooks/${hook.id}/deliveries/${failed!.id}/redeliver`), 202)
    expect(await deliveryRow(failed!.delivery_id)).toMatchObject({ status: 'pending', attempt_limit: 6 })
    await pump(t.deps, async () => (await deliveryRow(failed!.delivery_id)).status === 'succeeded')
    expect((await attemptsOf(hook.id)).map((x) => x.status_code)).toEqual([500, 200])
  })

  it('refused: 409 while inactive or an attempt is on the wire, 404 once the webhook is deleted; nothing queued', async () => {
    const { hook } = await hooked()
    const [logged] = await delivered(hook.id)
    const path = `/webhooks/${hook.id}/deliveries/${logged!.id}/redeliver`
    const audited = async () => (await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_id, hook.id))).length
    const trail = await audited()

    expectStatus(await admin().put(`/webhooks/${hook.id}`, { is_active: false }), 200)
    expect(expectProblem(await admin().post(path), 409, 'INVALID_STATE').detail).toMatch(/inactive/)
    expectStatus(await admin().put(`/webhooks/${hook.id}`, { is_active: true }), 200)

    await t.dbh.db
      .update(webhookDeliveries)
      .set({ status: 'pending', locked_until: new Date(Date.now() + 60_000) })
      .where(eq(webhookDeliveries.id, logged!.delivery_id))
    expect(expectProblem(await admin().post(path), 409, 'INVALID_STATE').detail).toMatch(/in progress/)
    await t.dbh.db.update(webhookDeliveries).set({ status: 'succeeded', locked_until: null }).where(eq(webhookDeliveries.id, logged!.delivery_id))
    expect(await audited()).toBe(trail + 2) // the two updates only

    expectNoContent(await admin().delete(`/webhooks/${hook.id}`))
    expect(expectProblem(await admin().post(path), 404, 'NOT_FOUND').detail).toBe('webhook not found')
    expect((await deliveryRow(logged!.delivery_id)).status).toBe('succeeded')
    expect(await t.dbh.db.select().from(webhookAttempts).where(eq(webhookAttempts.webhook_id, hook.id))).toHaveLength(1)
  })

  it('400 for a malformed id; 404 for unknown, another webhook’s record or another site; 403 below Admin', async () => {
    const { hook } = await hooked()
    const [logged] = await delivered(hook.id)
    const { hook: other } = await hooked()
    expectProblem(await admin().post(`/webhooks/${hook.id}/deliveries/nope/redeliver`), 400, 'VALIDATION_FAILED')
    expectProblem(await admin().post(`/webhooks/${hook.id}/deliveries/${logged!.id}/redeliver`, [1]), 400, 'VALIDATION_FAILED')
    expectProblem(await admin().post(`/webhooks/${hook.id}/deliveries/${MISSING_ID}/redeliver`), 404, 'NOT_FOUND')
    expectProblem(await admin().post(`/webhooks/${other.id}/deliveries/${logged!.id}/redeliver`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).post(`/webhooks/${hook.id}/deliveries/${logged!.id}/redeliver`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/webhooks/${hook.id}/deliveries/${logged!.id}/redeliver`), 403, 'FORBIDDEN')
    expect((await deliveryRow(logged!.delivery_id)).status).toBe('succeeded')
    expect(await attemptsOf(hook.id)).toHaveLength(1)
  })
})

describe('webhook edit (PUT /webhooks/{id})', () => {
  it('changes URL, events, description and activity; later deliveries go to the new URL; the audit speaks in its description', async () => {
    const { r: oldRx, hook } = await hooked([], undefined, 'Old name')
    const fresh = await receiver()
    receivers.push(fresh)
    const upd = expectStatus<Record<string, unknown>>(
      await admin().put(`/webhooks/${hook.id}`, { url: fresh.url, description: 'New name', events: ['social.created', 'blog.created'] }),
      200,
    )
    expect(upd).toMatchObject({ url: fresh.url, description: 'New name', events: ['social.created', 'blog.created'], is_active: true })
    await delivered(hook.id)
    expect(fresh.got).toHaveLength(1)
    expect(oldRx.got).toHaveLength(0)
    const labels = (await auditsOf(t, 'webhook', hook.id)).map((x) => [x.action, x.record_label])
    expect(labels).toEqual([
      ['Create', 'Old name'],
      ['Update', 'New name'],
    ])
  })
})
