import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteEntity } from '../../src/modules/sites/entity.js'
import { mutate } from '../../src/core/mutation.js'
import { auditLogs, changeHistory, outboxEvents } from '../../src/db/schema/audit.js'
import { locales, sites } from '../../src/db/schema/sites.js'
import type { ManualClock } from '../../src/platform/clock.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectStatus } from '../helpers/http.js'

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const db = () => t.dbh.db

async function counts(siteId: string) {
  const [audit] = await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.site_id, siteId))
  const [history] = await db().select({ n: count() }).from(changeHistory).where(eq(changeHistory.site_id, siteId))
  const [outbox] = await db().select({ n: count() }).from(outboxEvents)
  const [locs] = await db().select({ n: count() }).from(locales).where(eq(locales.site_id, siteId))
  return { audit: audit?.n, history: history?.n, outbox: outbox?.n, locales: locs?.n }
}

const siteRow = async (id: string) => (await db().select().from(sites).where(eq(sites.id, id)))[0]

describe('mutation pipeline: a site update', () => {
  it('writes the audit entry, one history row per changed field and the outbox event', async () => {
    ;(t.clock as ManualClock).advance(1000)
    const now = t.clock.now()
    const before = await siteRow(a.id)
    const updated = expectStatus<Record<string, unknown>>(
      await t.as(a.keys.Admin).put(`/sites/${a.id}`, { name: 'Pipeline name', description: 'Pipeline description', slug: a.slug }),
      200,
    )

    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_type, 'site'), eq(auditLogs.entity_id, a.id), eq(auditLogs.action, 'Update')))
    expect(audits).toHaveLength(1)
    const audit = audits[0]
    expect(audit).toMatchObject({ site_id: a.id, user_id: null, api_key_id: a.keyIds.Admin, action: 'Update', entity_type: 'site' })
    expect(audit?.created_at.getTime()).toBe(now.getTime())

    const history = await db()
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.audit_log_id, audit?.id as string))
    expect(history.map((h) => [h.field_name, h.old_value, h.new_value]).sort()).toEqual([
      ['description', before?.description, 'Pipeline description'],
      ['name', before?.name, 'Pipeline name'],
    ])
    for (const h of history) {
      expect(h).toMatchObject({ site_id: a.id, entity_type: 'site', entity_id: a.id, changed_by: null, api_key_id: a.keyIds.Admin })
    }

    const events = await db()
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.event_type, 'site.updated'), eq(outboxEvents.site_id, a.id)))
    expect(events).toHaveLength(1)
    // matched to webhooks in the change's transaction (mutate: matchWebhooks), so dispatched when written
    expect(events[0]?.dispatched_at).toEqual(now)
    expect(events[0]?.payload).toEqual({ type: 'site.updated', timestamp: now.toISOString(), site_id: a.id, data: updated })
  })

  it('writes an audit entry but no history for an update that changes nothing', async () => {
    const current = await siteRow(a.id)
    const before = await counts(a.id)
    expectStatus(await t.as(a.keys.Admin).put(`/sites/${a.id}`, { name: current?.name }), 200)
    const after = await counts(a.id)
    expect(after).toEqual({ ...before, audit: (before.audit ?? 0) + 1, outbox: (before.outbox ?? 0) + 1 })
  })
})

describe('mutation pipeline: atomicity', () => {
  it('keeps nothing of a fn that writes and then throws', async () => {
    const row = await siteRow(a.id)
    const before = await counts(a.id)
    await expect(
      mutate(t.sys(), { entity: siteEntity, action: 'Update' }, async (tx) => {
        await tx.update(sites).set({ name: 'Doomed' }).where(eq(sites.id, a.id))
        await tx.insert(locales).values({ site_id: a.id, code: 'fi', name: 'Finnish', is_default: false })
        await tx.insert(outboxEvents).values({ site_id: a.id, event_type: 'site.updated', payload: {} })
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await siteRow(a.id)).toEqual(row)
    expect(await counts(a.id)).toEqual(before)
  })

  it('rolls back the row, audit and history when the pipeline fails after writing them', async () => {
    const row = await siteRow(a.id)
    const before = await counts(a.id)
    await expect(
      mutate(t.sys(), { entity: siteEntity, action: 'Update' }, async (tx) => {
        const [after] = await tx.update(sites).set({ name: 'Half done' }).where(eq(sites.id, a.id)).returning()
        return {
          result: after,
          siteId: a.id,
          entityId: a.id,
          before: row,
          after,
          // The outbox insert fails (site_id is a uuid column) after the audit and history rows were written.
          events: [{ type: 'site.updated', siteId: 'not-a-uuid', data: after }],
        }
      }),
    ).rejects.toThrow()
    expect(await siteRow(a.id)).toEqual(row)
    expect(await counts(a.id)).toEqual(before)
  })

  it('commits everything together when nothing fails (control)', async () => {
    const row = await siteRow(a.id)
    const before = await counts(a.id)
    await mutate(t.sys(), { entity: siteEntity, action: 'Update' }, async (tx) => {
      const [after] = await tx.update(sites).set({ name: 'Committed' }).where(eq(sites.id, a.id)).returning()
      return { result: after, siteId: a.id, entityId: a.id, before: row, after, events: [{ type: 'site.updated', siteId: a.id, data: { id: a.id } }] }
    })
    expect((await siteRow(a.id))?.name).toBe('Committed')
    expect(await counts(a.id)).toEqual({
      ...before,
      audit: (before.audit ?? 0) + 1,
      history: (before.history ?? 0) + 1,
      outbox: (before.outbox ?? 0) + 1,
    })
  })
})
