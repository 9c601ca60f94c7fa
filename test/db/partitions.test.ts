import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../src/db/client.js'
import { rowsOf } from '../../src/db/migrate.js'
import { dropPartitionsBefore, makePartitionsAhead, monthlyPartitions, monthStart } from '../../src/db/partitions.js'
import { dropExpiredEventMonths } from '../../src/modules/analytics/service.js'
import { prune as pruneWebhookLog } from '../../src/modules/webhooks/delivery.queries.js'
import { freshDb } from '../helpers/db.js'

/*
 * Monthly partitions of the append-only tables (db/partitions.ts), on the embedded database and on the server alike:
 * months made ahead, rows of a month that landed in the default partition moved into its partition, whole months
 * dropped, and the queries that read these tables pruned to the months they ask for (EXPLAIN).
 */

let dbh: DbHandle

beforeAll(async () => {
  dbh = await freshDb()
})
afterAll(() => dbh.close())

const months = async (table: string) => (await monthlyPartitions(dbh.db, table)).map((p) => p.name)
const p = (table: string, d: Date) => `${table}_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`

/** The tables an EXPLAIN plan reads. */
async function scanned(query: ReturnType<typeof sql>): Promise<string[]> {
  const res = await dbh.db.execute(sql`explain (format json) ${query}`)
  const plan = rowsOf<Record<string, unknown>>(res)[0] as Record<string, unknown>
  const raw = Object.values(plan)[0]
  const tree = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
  const names = new Set<string>()
  const walk = (n: unknown) => {
    if (Array.isArray(n)) return n.forEach(walk)
    if (!n || typeof n !== 'object') return
    const o = n as Record<string, unknown>
    if (typeof o['Relation Name'] === 'string') names.add(o['Relation Name'])
    Object.values(o).forEach(walk)
  }
  walk(tree)
  return [...names].sort()
}

describe('monthly partitions', () => {
  const now = new Date()

  it('the migration made this month and the next for every partitioned table, and a default for the rest', async () => {
    for (const table of ['api_key_usage', 'analytics_events', 'webhook_attempts']) {
      const names = await months(table)
      expect(names).toContain(p(table, monthStart(now)))
      expect(names).toContain(p(table, monthStart(now, 1)))
      const res = await dbh.db.execute(sql`select count(*)::int as n from pg_class where relname = ${`${table}_default`}`)
      expect(rowsOf<{ n: number }>(res)[0]?.n).toBe(1)
    }
  })

  it('the daily job makes months ahead; rows of that month already in the default partition move into it', async () => {
    const later = monthStart(now, 3)
    const key = randomUUID()
    const at = new Date(later.getTime() + 5 * 86_400_000)
    await dbh.db.execute(
      sql`insert into api_key_usage (api_key_id, method, path, status_code, ip_hash, created_at) values (${key}, 'GET', '/x', 200, 'h', ${at})`,
    )
    const inDefault = async () =>
      rowsOf<{ n: number }>(await dbh.db.execute(sql`select count(*)::int as n from api_key_usage_default where api_key_id = ${key}`))[0]?.n
    expect(await inDefault()).toBe(1)
    const made = await makePartitionsAhead(dbh.db, later, 0)
    expect(made).toContain(p('api_key_usage', later))
    expect(await inDefault()).toBe(0)
    const res = await dbh.db.execute(sql.raw(`select count(*)::int as n from ${p('api_key_usage', later)} where api_key_id = '${key}'`))
    expect(rowsOf<{ n: number }>(res)[0]?.n).toBe(1)
    // Made once: a second run makes nothing.
    expect(await makePartitionsAhead(dbh.db, later, 0)).toEqual([])
  })

  it('retention drops the months wholly before its cut-off, and only those', async () => {
    const old = monthStart(now, -14)
    await makePartitionsAhead(dbh.db, old, 1)
    const key = randomUUID()
    for (const m of [old, monthStart(now, -13)]) {
      await dbh.db.execute(
        sql`insert into api_key_usage (api_key_id, method, path, status_code, ip_hash, created_at) values (${key}, 'GET', '/x', 200, 'h', ${new Date(m.getTime() + 86_400_000)})`,
      )
    }
    // The cut-off falls inside the second month: the first goes whole, the second stays for the batched delete.
    const dropped = await dropPartitionsBefore(dbh.db, 'api_key_usage', new Date(monthStart(now, -13).getTime() + 10 * 86_400_000))
    expect(dropped).toEqual([p('api_key_usage', old)])
    const left = await dbh.db.execute(sql`select count(*)::int as n from api_key_usage where api_key_id = ${key}`)
    expect(rowsOf<{ n: number }>(left)[0]?.n).toBe(1)
  })

  it("each table's retention drops its expired months as partitions: the webhook delivery log and raw pageviews", async () => {
    const old = monthStart(now, -30)
    await makePartitionsAhead(dbh.db, old, 1)
    for (const table of ['webhook_attempts', 'analytics_events']) expect(await months(table)).toContain(p(table, old))
    // The webhook log's retention (webhooks/delivery.queries.ts prune): a cut-off inside the month after `old`.
    await pruneWebhookLog(dbh.db, new Date(monthStart(now, -29).getTime() + 3 * 86_400_000))
    expect(await months('webhook_attempts')).not.toContain(p('webhook_attempts', old))
    expect(await months('webhook_attempts')).toContain(p('webhook_attempts', monthStart(now, -29)))
    // Raw pageviews (analytics roll-up, after every site's own): a retention that ends 3 days into the month after `old`.
    const at = new Date(monthStart(now, -29).getTime() + 4 * 86_400_000)
    expect(await dropExpiredEventMonths(dbh.db, at, 0)).toContain(p('analytics_events', old))
    const left = await months('analytics_events')
    expect(left).not.toContain(p('analytics_events', old))
    expect(left).toContain(p('analytics_events', monthStart(now, -29)))
    expect(left).toContain(p('analytics_events', monthStart(now)))
  })

  it('raw pageviews keep a day of margin for time zones: a month ending less than a day before the cut-off stays', async () => {
    const old = monthStart(now, -40)
    await makePartitionsAhead(dbh.db, old, 0)
    // Cut-off (retention 0) on the first day of the next month: the month ends 0 days before it, within the margin.
    expect(await dropExpiredEventMonths(dbh.db, new Date(monthStart(now, -39).getTime() + 3_600_000), 0)).toEqual([])
    expect(await months('analytics_events')).toContain(p('analytics_events', old))
  })

  it('the queries that read these tables by time read only the months they ask for (EXPLAIN)', async () => {
    const from = monthStart(now)
    const to = new Date(from.getTime() + 86_400_000)
    const key = randomUUID()
    const site = randomUUID()
    // A key's day, as the usage roll-up and the daily counts read it (modules/api-keys/usage.queries.ts).
    expect(await scanned(sql`select count(*) from api_key_usage where api_key_id = ${key} and created_at >= ${from} and created_at < ${to}`)).toEqual([
      p('api_key_usage', from),
    ])
    // Usage retention's batch: only the months before the cut-off (and the default partition, which may hold any time).
    const cutoff = new Date(monthStart(now, 1).getTime() - 1)
    const usageDelete = await scanned(sql`select id from api_key_usage where api_key_id = ${key} and created_at < ${cutoff} limit 10`)
    expect(usageDelete).not.toContain(p('api_key_usage', monthStart(now, 1)))
    // A site's raw pageviews of a window (analytics roll-up and reports).
    expect(await scanned(sql`select count(*) from analytics_events where site_id = ${site} and occurred_at >= ${from} and occurred_at < ${to}`)).toEqual([
      p('analytics_events', from),
    ])
    // The webhook delivery log's retention.
    const attempts = await scanned(sql`select id from webhook_attempts where created_at < ${from}`)
    expect(attempts).not.toContain(p('webhook_attempts', from))
    expect(attempts).not.toContain(p('webhook_attempts', monthStart(now, 1)))
  })
})
