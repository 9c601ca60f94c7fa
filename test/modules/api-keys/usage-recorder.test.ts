import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys, apiKeyUsage } from '../../../src/db/schema/api-keys.js'
import { deleteKey } from '../../../src/modules/api-keys/queries.js'
import { usageRecorderFor, type UsageRecord } from '../../../src/platform/usage.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { keyRow } from './helpers.js'

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const rec = (keyId: string, at: number, path = '/api/v1/x'): UsageRecord => ({
  api_key_id: keyId,
  method: 'GET',
  path,
  status_code: 200,
  ip_hash: 'f'.repeat(64),
  created_at: new Date(at),
})

/** A recorder of its own (no timer), over the test app's database, as the app runs it there. */
const recorder = () => usageRecorderFor(t.dbh, t.deps.log, 60_000)

async function usageCount(keyIds: string[]): Promise<number> {
  return (await t.dbh.db.select({ id: apiKeyUsage.id }).from(apiKeyUsage).where(inArray(apiKeyUsage.api_key_id, keyIds))).length
}

describe('UsageRecorder', () => {
  it('writes a batch of several keys at once, and last_used_at is each key’s latest request', async () => {
    const k1 = await makeKey(t, 'Read', a.id)
    const k2 = await makeKey(t, 'Read', a.id)
    const r = recorder()
    const base = Date.parse('2030-01-01T00:00:00Z')
    for (let i = 0; i < 30; i++) r.record(rec(i % 2 ? k1.id : k2.id, base + i * 1000))
    await r.flush()
    expect(await usageCount([k1.id])).toBe(15)
    expect(await usageCount([k2.id])).toBe(15)
    expect((await keyRow(t, k1.id))?.last_used_at?.getTime()).toBe(base + 29_000)
    expect((await keyRow(t, k2.id))?.last_used_at?.getTime()).toBe(base + 28_000)
    // An older batch written late never moves last_used_at backwards.
    r.record(rec(k1.id, base))
    await r.stop()
    expect((await keyRow(t, k1.id))?.last_used_at?.getTime()).toBe(base + 29_000)
    expect(await usageCount([k1.id])).toBe(16)
  })

  it('writes a batch larger than its chunk size in several statements, every row once', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const r = usageRecorderFor(t.dbh, t.deps.log, 60_000, 3)
    const base = Date.parse('2031-01-01T00:00:00Z')
    for (let i = 0; i < 10; i++) r.record(rec(k.id, base + i * 1000, `/api/v1/p${i}`))
    await r.flush()
    const paths = (await t.dbh.db.select({ path: apiKeyUsage.path }).from(apiKeyUsage).where(eq(apiKeyUsage.api_key_id, k.id))).map((x) => x.path)
    expect(paths.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `/api/v1/p${i}`).sort())
    expect((await keyRow(t, k.id))?.last_used_at?.getTime()).toBe(base + 9_000)
  })

  it('every flush waits for the records taken by flushes still running', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const r = recorder()
    const now = Date.now()
    for (let i = 0; i < 5; i++) r.record(rec(k.id, now + i))
    const first = r.flush()
    for (let i = 5; i < 10; i++) r.record(rec(k.id, now + i))
    // Two more callers while the first write runs: both must see all ten once they return.
    const counts = await Promise.all([r.flush().then(() => usageCount([k.id])), r.flush().then(() => usageCount([k.id]))])
    await first
    expect(counts).toEqual([10, 10])
  })

  it('a key deleted while its usage is written: the write waits for the deletion and leaves no usage of it', async () => {
    const live = await makeKey(t, 'Read', a.id)
    const gone = await makeKey(t, 'Read', a.id)
    const r = recorder()
    let flushed: Promise<void> | undefined
    // As DELETE /api-keys/{id} does: the key locked, then the key and its usage deleted, in one transaction.
    await t.dbh.db.transaction(async (tx) => {
      await tx.select().from(apiKeys).where(eq(apiKeys.id, gone.id)).for('update')
      r.record(rec(live.id, Date.now()))
      r.record(rec(gone.id, Date.now()))
      flushed = r.flush()
      // On a server the write now waits for this transaction's lock (the embedded database runs one at a time).
      await new Promise((resolve) => setTimeout(resolve, 200))
      await deleteKey(tx, gone.id)
    })
    await flushed
    expect(await usageCount([live.id])).toBe(1)
    expect(await usageCount([gone.id])).toBe(0)
  })

  it('usage ids are UUIDs of version 7, in the order of the requests', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const r = recorder()
    const base = Date.parse('2032-01-01T00:00:00Z')
    for (let i = 0; i < 5; i++) r.record(rec(k.id, base + i * 1000))
    await r.flush()
    const rows = await t.dbh.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.api_key_id, k.id)).orderBy(apiKeyUsage.created_at)
    expect(rows).toHaveLength(5)
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(parseInt(row.id.replace(/-/g, '').slice(0, 12), 16)).toBe(row.created_at.getTime())
    }
    expect(rows.map((x) => x.id)).toEqual([...rows.map((x) => x.id)].sort())
  })

  it('requests alike but for their time are each one row, at their own millisecond, whatever their order', async () => {
    const k1 = await makeKey(t, 'Read', a.id)
    const k2 = await makeKey(t, 'Read', a.id)
    const r = recorder()
    const base = Date.parse('2033-03-03T03:03:03.003Z')
    const sent: Array<[string, string, number, number]> = []
    // Interleaved: two keys, two paths, two statuses, times out of order and repeated (two requests in one ms).
    for (let i = 0; i < 120; i++) {
      const key = i % 3 ? k1.id : k2.id
      const path = i % 4 ? '/api/v1/a' : '/api/v1/b'
      const status = i % 5 ? 200 : 404
      const at = base + ((i * 7919) % 97)
      sent.push([key, path, status, at])
      r.record({ ...rec(key, at, path), status_code: status })
    }
    await r.flush()
    const rows = await t.dbh.db
      .select()
      .from(apiKeyUsage)
      .where(inArray(apiKeyUsage.api_key_id, [k1.id, k2.id]))
    const got = rows.map((x) => [x.api_key_id, x.path, x.status_code, x.created_at.getTime()] as [string, string, number, number])
    const order = (x: [string, string, number, number], y: [string, string, number, number]) => JSON.stringify(x).localeCompare(JSON.stringify(y))
    expect(got.sort(order)).toEqual(sent.sort(order))
    expect(new Set(rows.map((x) => x.id)).size).toBe(120)
    for (const row of rows) expect(parseInt(row.id.replace(/-/g, '').slice(0, 12), 16)).toBe(row.created_at.getTime())
    expect((await keyRow(t, k1.id))?.last_used_at?.getTime()).toBe(Math.max(...sent.filter((x) => x[0] === k1.id).map((x) => x[3])))
  })

  it('drops the usage of keys deleted meanwhile, keeping the rest', async () => {
    const live = await makeKey(t, 'Read', a.id)
    const gone = await makeKey(t, 'Read', a.id)
    expect((await t.as(t.masterKey).delete(`/api-keys/${gone.id}`)).statusCode).toBe(204)
    const r = recorder()
    r.record(rec(live.id, Date.now()))
    r.record(rec(gone.id, Date.now()))
    await r.flush()
    expect(await usageCount([live.id])).toBe(1)
    expect(await t.dbh.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.api_key_id, gone.id))).toEqual([])
  })
})
