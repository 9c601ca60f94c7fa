import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemCtx } from '../../../src/core/context.js'
import { auditLogs, outboxEvents } from '../../../src/db/schema/audit.js'
import { blogs } from '../../../src/db/schema/blogs.js'
import { scheduledBlogs } from '../../../src/modules/blogs/workflow.service.js'
import type { Blog } from '../../../src/modules/blogs/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { jobs } from '../../../src/workers/index.js'
import { publishDue } from '../../../src/kits/content-workflow/scheduled-publish.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { createBlog } from './fixtures.js'
import { eventsFor } from '../../helpers/records.js'

let t: TestApp
/** A second instance over the same database, cache and clock: the scheduler races itself. */
let t2: TestApp
let a: SiteFixture
const clock = () => t.clock as ManualClock
const inMs = (ms: number) => new Date(clock().now().getTime() + ms).toISOString()

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_SCHEDULER_INTERVAL_MS: '1000' } })
  t2 = await testApp({ dbh: t.dbh, clock: t.clock, cache: t.deps.cache })
  a = await makeSite(t)
})
afterAll(async () => {
  await t2.close()
  await t.close()
})

async function scheduled(n: number, startInMs: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const blog = await createBlog(t, a, { status: 'Published', publish_start: inMs(startInMs) })
    expect(blog.status).toBe('Scheduled')
    ids.push(blog.id)
  }
  return ids
}

const publishAudits = (ids: string[]) =>
  t.dbh.db
    .select()
    .from(auditLogs)
    .where(and(inArray(auditLogs.entity_id, ids), eq(auditLogs.action, 'Publish')))
const auditCount = async () => (await t.dbh.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs))[0]!.n
const outboxCount = async () => (await t.dbh.db.select({ n: sql<number>`count(*)::int` }).from(outboxEvents))[0]!.n

describe('scheduled publishing', () => {
  it('publishes each due post exactly once while two instances race (several rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const due = await scheduled(8, 60_000)
      const notYet = await scheduled(1, 3_600_000)
      clock().advance(120_000)
      const ctx1 = systemCtx(t.deps, 'job:test-1')
      const ctx2 = systemCtx(t2.deps, 'job:test-2')
      const runs = await Promise.all([
        publishDue(ctx1, scheduledBlogs),
        publishDue(ctx2, scheduledBlogs),
        publishDue(ctx1, scheduledBlogs),
        publishDue(ctx2, scheduledBlogs),
      ])
      const published = runs.flat()
      expect([...published].sort()).toEqual([...due].sort())

      const rows = await t.dbh.db
        .select()
        .from(blogs)
        .where(inArray(blogs.id, [...due, ...notYet]))
      for (const row of rows) {
        if (notYet.includes(row.id)) {
          expect(row.status).toBe('Scheduled')
          expect(row.published_at).toBeNull()
          continue
        }
        expect(row.status).toBe('Published')
        expect(row.published_at?.toISOString()).toBe(clock().now().toISOString())
        expect(row.published_date).toBe(clock().now().toISOString().slice(0, 10))
      }
      const audits = await publishAudits(due)
      expect(audits).toHaveLength(due.length)
      expect(new Set(audits.map((r) => r.entity_id)).size).toBe(due.length)
      for (const r of audits) expect(r).toMatchObject({ user_id: null, api_key_id: null, entity_type: 'blog', site_id: a.id })
      for (const id of due) {
        const published = await eventsFor(t, 'blog.published', id)
        expect(published).toHaveLength(1)
        expect((published[0]!.payload as { data: Blog }).data).toMatchObject({ id, status: 'Published', site_ids: [a.id] })
        expect(await eventsFor(t, 'blog.updated', id)).toHaveLength(1)
      }
      // Nothing is left to do: a further run publishes nothing.
      expect(await publishDue(ctx1, scheduledBlogs)).toEqual([])
      clock().advance(3_600_000) // the not-yet post becomes due for the next round's first run
      expect(await publishDue(ctx2, scheduledBlogs)).toEqual(notYet)
    }
  })

  it('an idle tick writes nothing (no audit row, no event)', async () => {
    const [audits, outbox] = [await auditCount(), await outboxCount()]
    expect(await publishDue(systemCtx(t.deps), scheduledBlogs)).toEqual([])
    expect(await auditCount()).toBe(audits)
    expect(await outboxCount()).toBe(outbox)
  })

  it('skips deleted blogs, blogs no longer Scheduled and blogs of a deleted site', async () => {
    const [gone, unpublished] = await scheduled(2, 60_000)
    expect((await t.as(a.keys.Write).delete(`/blogs/${gone}`)).statusCode).toBe(204)
    expectStatus(await t.as(a.keys.Write).put(`/blogs/${unpublished}`, { status: 'Draft' }), 200)
    const doomed = await makeSite(t)
    const orphan = await createBlog(t, doomed, { status: 'Published', publish_start: inMs(60_000) })
    expect((await t.as(t.masterKey).delete(`/sites/${doomed.id}`)).statusCode).toBe(204)
    clock().advance(120_000)
    expect(await publishDue(systemCtx(t.deps), scheduledBlogs)).toEqual([])
    expect(await publishAudits([gone!, unpublished!, orphan.id])).toEqual([])
  })

  it('a published post shows at once in the cached published list', async () => {
    const [id] = await scheduled(1, 60_000)
    const list = async () =>
      expectStatus<{ data: Array<{ id: string }> }>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/published?per_page=100`), 200).data.map((b) => b.id)
    expect(await list()).not.toContain(id)
    clock().advance(120_000)
    expect(await publishDue(systemCtx(t2.deps), scheduledBlogs)).toEqual([id])
    expect(await list()).toContain(id)
  })

  it('runs as a background job every ATRIUM_SCHEDULER_INTERVAL_MS', async () => {
    const job = jobs.find((j) => j.name === 'scheduled-publish')!
    expect(typeof job.everyMs === 'function' ? job.everyMs(t.deps) : job.everyMs).toBe(1000)
    const [id] = await scheduled(1, 60_000)
    clock().advance(120_000)
    expect(await job.run(t.deps)).toEqual([id])
  })
})
