import { randomUUID } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeyUsage, apiKeyUsageDaily } from '../../../src/db/schema/api-keys.js'
import { auditLogs, changeHistory } from '../../../src/db/schema/audit.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { runDailyMaintenance } from '../../../src/workers/retention.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'

interface Day {
  date: string
  total: number
  by_status: Record<'2xx' | '3xx' | '4xx' | '5xx', number>
}

const DAY = 86_400_000
let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock
const utcDay = (d: Date) => d.toISOString().slice(0, 10)
const daysAgo = (n: number, hour = 12) => new Date(Date.parse(`${utcDay(new Date(clock().now().getTime() - n * DAY))}T00:00:00Z`) + hour * 3_600_000)
const daily = async (keyId: string, days?: number) =>
  expectStatus<Day[]>(await t.as(a.keys.Admin).get(`/api-keys/${keyId}/usage/daily${days ? `?days=${days}` : ''}`), 200)
const usageRows = (keyId: string) => t.dbh.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.api_key_id, keyId))
const seed = (keyId: string, at: Date, status: number, n = 1) =>
  t.dbh.db
    .insert(apiKeyUsage)
    .values(Array.from({ length: n }, () => ({ api_key_id: keyId, method: 'GET', path: '/x', status_code: status, ip_hash: 'h', created_at: at })))

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('GET /api-keys/{id}/usage/daily', () => {
  it('requests made now show today at once, by status class; one entry per UTC day, oldest first, zero-filled', async () => {
    const k = await makeKey(t, 'Read', a.id)
    for (let i = 0; i < 3; i++) expectStatus(await t.as(k.key).get(`/sites/${a.id}`), 200)
    expectProblem(await t.as(k.key).get(`/blogs/${randomUUID()}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(k.key).put(`/sites/${a.id}`, { description: 'x' }), 403, 'FORBIDDEN')
    // a request's record is taken in its onResponse hook, which may run just after the answer reached the test
    await new Promise((r) => setTimeout(r, 20))
    const days = await daily(k.id, 3)
    const today = utcDay(clock().now())
    expect(days.map((d) => d.date)).toEqual([utcDay(daysAgo(2)), utcDay(daysAgo(1)), today])
    expect(days[2]).toEqual({ date: today, total: 5, by_status: { '2xx': 3, '3xx': 0, '4xx': 2, '5xx': 0 } })
    expect(days.slice(0, 2).every((d) => d.total === 0 && Object.values(d.by_status).every((n) => n === 0))).toBe(true)
    expect(await daily(k.id)).toHaveLength(30)
    expect(await daily(k.id, 400)).toHaveLength(400)
  })

  it("400 for days out of range, 403 below Admin, 404 for another site's key", async () => {
    for (const days of ['0', '401', 'x', '1.5'])
      expectProblem(await t.as(a.keys.Admin).get(`/api-keys/${a.keyIds.Read}/usage/daily?days=${days}`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).get(`/api-keys/${a.keyIds.Read}/usage/daily`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).get(`/api-keys/${b.keyIds.Read}/usage/daily`), 404, 'NOT_FOUND')
  })
})

/** The jobs without their embedded pacing (ATRIUM_MAINTENANCE_SHARE=100): these tests check what they do, not how fast. */
const flatOut = () => ({ ...t.deps, config: { ...t.deps.config, maintenanceShare: 100 } })

describe('daily maintenance (workers/retention.ts)', () => {
  it('rolls records up per day, then deletes records past ATRIUM_USAGE_RETENTION_DAYS in batches; the answer stays the same; once per day', async () => {
    const k = await makeKey(t, 'Read', a.id)
    await seed(k.id, daysAgo(45), 200, 2300)
    await seed(k.id, daysAgo(45, 23), 503)
    await seed(k.id, daysAgo(10), 301, 2)
    await seed(k.id, daysAgo(1), 404)
    const before = await daily(k.id, 60)
    expect(before.find((d) => d.date === utcDay(daysAgo(45)))).toEqual({
      date: utcDay(daysAgo(45)),
      total: 2301,
      by_status: { '2xx': 2300, '3xx': 0, '4xx': 0, '5xx': 1 },
    })

    clock().advance(60 * 60_000)
    const ran = await runDailyMaintenance(flatOut())
    expect(ran['api-key-usage']).toMatchObject({ recordsDeleted: 2301 })
    expect(ran['audit-retention']).toBeNull() // ATRIUM_AUDIT_RETENTION_DAYS unset: audit kept forever
    const left = await usageRows(k.id)
    expect(left.map((r) => r.status_code).sort()).toEqual([301, 301, 404])
    const rolled = await t.dbh.db.select().from(apiKeyUsageDaily).where(eq(apiKeyUsageDaily.api_key_id, k.id))
    expect(rolled.find((r) => r.day === utcDay(daysAgo(45)))).toMatchObject({ total: 2301, status_2xx: 2300, status_5xx: 1 })
    const after = await daily(k.id, 60)
    expect(after.filter((d) => d.total > 0)).toEqual(before.filter((d) => d.total > 0))

    // a second tick the same day (another instance) runs nothing; the next day runs again
    expect(await runDailyMaintenance(flatOut())).toEqual({})
    await seed(k.id, daysAgo(31), 200)
    clock().advance(DAY)
    expect((await runDailyMaintenance(flatOut()))['api-key-usage']).toMatchObject({ rolledDays: 1 })
  })

  it('roll-ups older than 400 days are deleted; a deleted key takes its days with it', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const old = utcDay(daysAgo(401))
    await t.dbh.db.insert(apiKeyUsageDaily).values([
      { api_key_id: k.id, day: old, total: 1, status_2xx: 1, status_3xx: 0, status_4xx: 0, status_5xx: 0 },
      { api_key_id: k.id, day: utcDay(daysAgo(399)), total: 2, status_2xx: 2, status_3xx: 0, status_4xx: 0, status_5xx: 0 },
    ])
    clock().advance(DAY)
    await runDailyMaintenance(flatOut())
    expect((await t.dbh.db.select().from(apiKeyUsageDaily).where(eq(apiKeyUsageDaily.api_key_id, k.id))).map((r) => r.total)).toEqual([2])
    expect((await t.as(a.keys.Admin).delete(`/api-keys/${k.id}`)).statusCode).toBe(204)
    expect(await t.dbh.db.select().from(apiKeyUsageDaily).where(eq(apiKeyUsageDaily.api_key_id, k.id))).toEqual([])
  })

  it('ATRIUM_AUDIT_RETENTION_DAYS deletes audit entries and change history older than that, nothing newer', async () => {
    const entity = randomUUID()
    const mk = async (at: Date, n: number) => {
      for (let i = 0; i < n; i++) {
        const [row] = await t.dbh.db
          .insert(auditLogs)
          .values({ site_id: a.id, action: 'Update', entity_type: 'retention_test', entity_id: entity, created_at: at })
          .returning()
        await t.dbh.db
          .insert(changeHistory)
          .values({ site_id: a.id, audit_log_id: row!.id, entity_type: 'retention_test', entity_id: entity, field_name: 'f', changed_at: at })
      }
    }
    await mk(daysAgo(100), 3)
    await mk(daysAgo(5), 2)
    clock().advance(DAY)
    const deps = { ...flatOut(), config: { ...flatOut().config, auditRetentionDays: 30 } }
    expect((await runDailyMaintenance(deps))['audit-retention']).toEqual({ history: 3, entries: 3 })
    const cutoff = daysAgo(30)
    expect(
      await t.dbh.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity_type, 'retention_test'), lt(auditLogs.created_at, cutoff))),
    ).toEqual([])
    expect(await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'retention_test'))).toHaveLength(2)
    expect(await t.dbh.db.select().from(changeHistory).where(eq(changeHistory.entity_type, 'retention_test'))).toHaveLength(2)
  })
})
