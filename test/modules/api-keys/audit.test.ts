import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, changeHistory, outboxEvents } from '../../../src/db/schema/audit.js'
import * as apiKeys from '../../../src/modules/api-keys/service.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { expectNoSecret, manualClock, type KeyBody } from './helpers.js'
import { auditsOf, historyOf } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

describe('audit trail of API keys', () => {
  it('every mutation writes one audit row with no key or digest in it', async () => {
    const actor = [null, a.keyIds.Admin]
    const clock = manualClock(t)
    const created = expectStatus<KeyBody>(
      await t.as(a.keys.Admin).post('/api-keys', { name: 'audited', permission: 'Write', expires_at: new Date(clock.now().getTime() + 60_000).toISOString() }),
      200,
    )
    const key = created.key!
    const id = created.id
    // Audit rows carry the clock's time: step it so that their order is the order of the calls.
    const step = () => clock.advance(10)
    step()
    expectStatus(await t.as(a.keys.Admin).put(`/api-keys/${id}`, { name: 'audited 2', rate_limit_per_minute: 10 }), 200)
    step()
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${id}/block`, { reason: 'suspicious' }), 200)
    step()
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${id}/unblock`), 200)
    clock.advance(61_000)
    expect(await apiKeys.expireDue(t.sys())).toBe(1)
    step()
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${id}/revoke`), 200)
    step()
    expect((await t.as(a.keys.Admin).delete(`/api-keys/${id}`)).statusCode).toBe(204)

    const rows = await auditsOf(t, 'api_key', id)
    expect(rows.map((r) => [r.action, r.user_id, r.api_key_id])).toEqual([
      ['Create', ...actor],
      ['Update', ...actor],
      ['Block', ...actor],
      ['Unblock', ...actor],
      ['Update', null, null],
      ['Revoke', ...actor],
      ['Delete', ...actor],
    ])
    for (const r of rows) {
      expect(r).toMatchObject({ entity_type: 'api_key', entity_id: id, site_id: a.id })
      expectNoSecret(JSON.stringify(r.metadata), key)
    }
    expect(rows[0]?.metadata).toMatchObject({ name: 'audited', permission: 'Write', key_prefix: created.key_prefix, site_id: a.id })
    expect(rows[2]?.metadata).toMatchObject({ key_prefix: created.key_prefix, reason: 'suspicious' })

    // Field-level history: what changed, never the digest.
    const history = await historyOf(t, 'api_key', id)
    const fieldsChanged = history.map((h) => h.field_name)
    expect(fieldsChanged).toEqual(expect.arrayContaining(['name', 'rate_limit_per_minute', 'status', 'block_reason']))
    expect(fieldsChanged).not.toContain('key_digest')
    expectNoSecret(JSON.stringify(history), key)
    expect(history.find((h) => h.field_name === 'block_reason' && h.new_value === 'suspicious')).toBeDefined()
    const auditIds = new Set(rows.map((r) => r.id))
    expect(history.every((h) => h.audit_log_id !== null && auditIds.has(h.audit_log_id))).toBe(true)
  })

  it('keys created by the system (bootstrap, factories) are audited as the system', async () => {
    const rows = await auditsOf(t, 'api_key', a.keyIds.Read)
    expect(rows.map((r) => [r.action, r.user_id, r.api_key_id, r.site_id])).toEqual([['Create', null, null, a.id]])
  })

  it('no audit row names a plaintext key or digest anywhere in the table', async () => {
    const all = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'api_key'))
    expect(all.length).toBeGreaterThan(4)
    const text = JSON.stringify(all)
    for (const key of [t.masterKey, ...Object.values(a.keys)]) expectNoSecret(text, key)
    const history = JSON.stringify(await t.dbh.db.select().from(changeHistory).where(eq(changeHistory.entity_type, 'api_key')))
    for (const key of [t.masterKey, ...Object.values(a.keys)]) expectNoSecret(history, key)
    // Keys are not content: no webhook events.
    const events = await t.dbh.db.select().from(outboxEvents)
    expect(events.filter((e) => e.event_type.startsWith('api_key'))).toEqual([])
  })
})
