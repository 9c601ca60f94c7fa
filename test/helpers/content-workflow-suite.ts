import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemCtx } from '../../src/core/context.js'
import { auditLogs, outboxEvents } from '../../src/db/schema/audit.js'
import { publishDue, type ScheduledSource } from '../../src/kits/content-workflow/scheduled-publish.js'
import type { ManualClock } from '../../src/platform/clock.js'
import { jobs } from '../../src/workers/index.js'
import { testApp, type TestApp } from './app.js'
import { makeSite, MISSING_ID, type SiteFixture } from './factories.js'
import { expectProblem, expectStatus } from './http.js'
import { eventsFor, expectNoContent } from './records.js'

/*
 * The behaviour every content type built on the content-workflow kit (src/kits/content-workflow/) must show, as one
 * suite, like describeSiteResource for site resources: review (submit, Approve, RequestChanges; who may, only from
 * InReview), bulk status changes and deletes with per-item results, clone into a new Draft, soft delete then 404;
 * scheduled publishing (Published with a future publish_start is Scheduled and not public; once due, the scheduler
 * publishes it exactly once however many instances run it, and it is public at once).
 * Everything lives in the describe's closure: the server suite runs files in one module graph (isolate: false).
 */

interface Item {
  id: string
  slug: string
  status: string
  [field: string]: unknown
}
interface BulkResult {
  total: number
  succeeded: number
  failed: number
  results: Array<{ id: string; success: boolean; error?: string }>
}

export interface ContentWorkflowSuite<R> {
  /** For test names: "blog". */
  name: string
  /** URL segment: /<path>/{id}, /sites/{site_id}/<path>/bulk. */
  path: string
  /** Webhook event prefix: blog.published, blog.reviewed, … */
  events: string
  /** A Draft on `site`, through the API. */
  create(t: TestApp, site: SiteFixture): Promise<Item>
  /** The type's scheduled publishing (its kit ScheduledSource), which the scheduled-publish job runs. */
  scheduled: ScheduledSource<R>
  /** Whether a Read key finds the record where the public reads it (cached answers: blogs' published list, a page by route). */
  isPublic(t: TestApp, site: SiteFixture, item: Item): Promise<boolean>
  /** What a publish at `now` sets besides status and published_at (blogs: published_date). */
  publishedFields?: (now: Date) => Record<string, unknown>
}

export function describeContentWorkflow<R>(spec: ContentWorkflowSuite<R>): void {
  let t: TestApp
  let a: SiteFixture
  let b: SiteFixture
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
    b = await makeSite(t)
  })
  afterAll(() => t.close())

  const status = async (id: string, site = a) => {
    const res = await t.as(site.keys.Read).get(`/${spec.path}/${id}`)
    return res.statusCode === 200 ? res.json<Item>().status : res.statusCode
  }
  const submit = async (item: Item) =>
    expect(expectStatus<Item>(await t.as(a.keys.Write).put(`/${spec.path}/${item.id}`, { status: 'InReview' }), 200).status).toBe('InReview')
  const review = (id: string, body: Record<string, unknown>, key = a.keys.Write) => t.as(key).post(`/${spec.path}/${id}/review`, body)
  const bulk = (body: Record<string, unknown>, key = a.keys.Write) => t.as(key).post(`/sites/${a.id}/${spec.path}/bulk`, body)

  describe(`${spec.name}: the content-workflow contract`, () => {
    it('review: Approve publishes InReview (reviewed and published events); RequestChanges sends back to Draft; only InReview; a Read key may not', async () => {
      const item = await spec.create(t, a)
      expectProblem(await review(item.id, { action: 'Approve' }), 409, 'INVALID_STATE')
      await submit(item)
      expectProblem(await review(item.id, { action: 'Approve' }, a.keys.Read), 403, 'FORBIDDEN')
      expectProblem(await review(item.id, { action: 'Approve' }, b.keys.Master), 404, 'NOT_FOUND')
      expectProblem(await review(item.id, { action: 'Maybe' }), 400, 'VALIDATION_FAILED')
      expect(await status(item.id)).toBe('InReview')
      expect(expectStatus<Item>(await review(item.id, { action: 'Approve', comment: 'Nice' }), 200).status).toBe('Published')
      expect(await eventsFor(t, `${spec.events}.reviewed`, item.id)).toHaveLength(1)
      expect(await eventsFor(t, `${spec.events}.published`, item.id)).toHaveLength(1)
      expectProblem(await review(item.id, { action: 'Approve' }), 409, 'INVALID_STATE')

      const other = await spec.create(t, a)
      await submit(other)
      const back = expectStatus<Item>(await review(other.id, { action: 'RequestChanges', comment: 'Needs a better title' }), 200)
      expect(back).toMatchObject({ status: 'Draft', published_at: null })
      expect(await eventsFor(t, `${spec.events}.reviewed`, other.id)).toHaveLength(1)
      expect(await eventsFor(t, `${spec.events}.published`, other.id)).toHaveLength(0)
    })

    it("bulk: per-id results (another site's and unknown ids fail, the others succeed); transition rules per id; Delete; 403 for Read, 400 for a bad body", async () => {
      const one = await spec.create(t, a)
      const two = await spec.create(t, a)
      const foreign = await spec.create(t, b)
      const res = expectStatus<BulkResult>(await bulk({ action: 'UpdateStatus', status: 'Published', ids: [one.id, foreign.id, MISSING_ID, two.id] }), 200)
      expect(res).toMatchObject({ total: 4, succeeded: 2, failed: 2 })
      expect(res.results.map((r) => [r.id, r.success])).toEqual([
        [one.id, true],
        [foreign.id, false],
        [MISSING_ID, false],
        [two.id, true],
      ])
      expect(res.results[1]!.error).toMatch(/not found/)
      expect(res.results[2]!.error).toMatch(/not found/)
      expect(res.results[0]).not.toHaveProperty('error')
      expect(await status(two.id)).toBe('Published')
      expect(await status(one.id)).toBe('Published')
      expect(await status(foreign.id, b)).toBe('Draft')
      expect(await eventsFor(t, `${spec.events}.published`, one.id)).toHaveLength(1)

      const draft = await spec.create(t, a)
      const review = expectStatus<BulkResult>(await bulk({ action: 'UpdateStatus', status: 'InReview', ids: [draft.id, one.id] }), 200)
      expect(review).toMatchObject({ total: 2, succeeded: 1, failed: 1 })
      expect(review.results[1]).toMatchObject({ id: one.id, success: false })
      expect(await status(draft.id)).toBe('InReview')
      expect(await status(one.id)).toBe('Published')

      expectProblem(await bulk({ action: 'Delete', ids: [two.id] }, a.keys.Read), 403, 'FORBIDDEN')
      expectProblem(await bulk({ action: 'UpdateStatus', ids: [two.id] }), 400, 'VALIDATION_FAILED')
      expectProblem(await bulk({ action: 'Delete', ids: [] }), 400, 'VALIDATION_FAILED')
      expect(await status(two.id)).toBe('Published')
      const deleted = expectStatus<BulkResult>(await bulk({ action: 'Delete', ids: [two.id, draft.id] }), 200)
      expect(deleted).toMatchObject({ total: 2, succeeded: 2, failed: 0 })
      expect(await status(two.id)).toBe(404)
      expect(await status(draft.id)).toBe(404)
    })

    it('clone: a new Draft with its own id; 401, 403 for Read, 404 for another site or a deleted source', async () => {
      const source = await spec.create(t, a)
      expectStatus(await bulk({ action: 'UpdateStatus', status: 'Published', ids: [source.id] }), 200)
      const copy = expectStatus<Item>(await t.as(a.keys.Write).post(`/${spec.path}/${source.id}/clone`), 201)
      expect(copy.id).not.toBe(source.id)
      expect(copy).toMatchObject({ slug: `${source.slug}-copy`, status: 'Draft', published_at: null })
      expect(await eventsFor(t, `${spec.events}.created`, copy.id)).toHaveLength(1)
      expect(await status(source.id)).toBe('Published')
      expectProblem(await t.as().post(`/${spec.path}/${source.id}/clone`), 401, 'UNAUTHENTICATED')
      expectProblem(await t.as(a.keys.Read).post(`/${spec.path}/${source.id}/clone`), 403, 'FORBIDDEN')
      expectProblem(await t.as(b.keys.Master).post(`/${spec.path}/${source.id}/clone`), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Write).post(`/${spec.path}/${MISSING_ID}/clone`), 404, 'NOT_FOUND')
    })

    it('delete: soft, then 404 to read, write, clone, review and delete again', async () => {
      const item = await spec.create(t, a)
      expectNoContent(await t.as(a.keys.Write).delete(`/${spec.path}/${item.id}`))
      expect(await eventsFor(t, `${spec.events}.deleted`, item.id)).toHaveLength(1)
      for (const res of [
        await t.as(a.keys.Read).get(`/${spec.path}/${item.id}`),
        await t.as(a.keys.Write).put(`/${spec.path}/${item.id}`, { status: 'InReview' }),
        await t.as(a.keys.Write).post(`/${spec.path}/${item.id}/clone`),
        await review(item.id, { action: 'Approve' }),
        await t.as(a.keys.Write).delete(`/${spec.path}/${item.id}`),
      ]) {
        expectProblem(res, 404, 'NOT_FOUND')
      }
    })

    describe('scheduled publishing', () => {
      /** A second instance over the same database, cache and clock: the scheduler races itself. */
      let t2: TestApp
      const clock = () => t.clock as ManualClock
      const inMs = (ms: number) => new Date(clock().now().getTime() + ms).toISOString()
      beforeAll(async () => {
        t2 = await testApp({ dbh: t.dbh, clock: t.clock, cache: t.deps.cache })
        // Whatever the tests above left Scheduled is published first: every run below sees only its own.
        clock().advance(24 * 3_600_000)
        await publishDue(systemCtx(t.deps), spec.scheduled)
      })
      afterAll(() => t2.close())

      /** Drafts set Published with a publish_start `ms` from now: Scheduled, unpublished. */
      async function scheduled(n: number, ms: number, site = a): Promise<Item[]> {
        const items: Item[] = []
        for (let i = 0; i < n; i++) {
          const item = await spec.create(t, site)
          const res = await t.as(site.keys.Write).put(`/${spec.path}/${item.id}`, { status: 'Published', publish_start: inMs(ms) })
          items.push(expectStatus<Item>(res, 200))
          expect(items[i]).toMatchObject({ status: 'Scheduled', published_at: null })
        }
        return items
      }
      const ids = (items: Item[]) => items.map((i) => i.id)
      const publishAudits = (of: string[]) =>
        t.dbh.db
          .select()
          .from(auditLogs)
          .where(and(inArray(auditLogs.entity_id, of), eq(auditLogs.action, 'Publish')))
      const count = async (table: typeof auditLogs | typeof outboxEvents) => (await t.dbh.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n

      it('due ones are published exactly once while two instances race (audited as the system, updated and published events); not yet due ones wait', async () => {
        for (let round = 0; round < 2; round++) {
          const due = await scheduled(5, 60_000)
          const notYet = await scheduled(1, 3_600_000)
          const updated = await Promise.all(due.map(async (d) => (await eventsFor(t, `${spec.events}.updated`, d.id)).length))
          expect(await publishDue(systemCtx(t.deps), spec.scheduled)).toEqual([])
          clock().advance(120_000)
          const [c1, c2] = [systemCtx(t.deps, 'job:test-1'), systemCtx(t2.deps, 'job:test-2')]
          const runs = await Promise.all([
            publishDue(c1, spec.scheduled),
            publishDue(c2, spec.scheduled),
            publishDue(c1, spec.scheduled),
            publishDue(c2, spec.scheduled),
          ])
          expect(runs.flat().sort()).toEqual(ids(due).sort())

          const now = clock().now()
          for (const [i, d] of due.entries()) {
            const row = expectStatus<Item>(await t.as(a.keys.Write).get(`/${spec.path}/${d.id}`), 200)
            expect(row).toMatchObject({ status: 'Published', published_at: now.toISOString(), ...spec.publishedFields?.(now) })
            const published = await eventsFor(t, `${spec.events}.published`, d.id)
            expect(published).toHaveLength(1)
            expect((published[0]!.payload as { data: Item }).data).toMatchObject({ id: d.id, status: 'Published', site_ids: [a.id] })
            expect(await eventsFor(t, `${spec.events}.updated`, d.id)).toHaveLength(updated[i]! + 1)
          }
          expect(expectStatus<Item>(await t.as(a.keys.Write).get(`/${spec.path}/${notYet[0]!.id}`), 200).status).toBe('Scheduled')
          const audits = await publishAudits(ids(due))
          expect(new Set(audits.map((r) => r.entity_id)).size).toBe(due.length)
          // The source's entity names the audit rows and the events alike (`<entity>.published`).
          for (const r of audits) expect(r).toMatchObject({ user_id: null, api_key_id: null, entity_type: spec.events, site_id: a.id })
          expect(audits).toHaveLength(due.length)

          expect(await publishDue(c1, spec.scheduled)).toEqual([])
          clock().advance(3_600_000)
          expect(await publishDue(c2, spec.scheduled)).toEqual(ids(notYet))
        }
      })

      it('an idle run writes nothing (no audit row, no event)', async () => {
        const [audits, outbox] = [await count(auditLogs), await count(outboxEvents)]
        expect(await publishDue(systemCtx(t.deps), spec.scheduled)).toEqual([])
        expect(await count(auditLogs)).toBe(audits)
        expect(await count(outboxEvents)).toBe(outbox)
      })

      it('skips deleted ones, ones no longer Scheduled and ones of a deleted site', async () => {
        const [gone, unpublished] = await scheduled(2, 60_000)
        expectNoContent(await t.as(a.keys.Write).delete(`/${spec.path}/${gone!.id}`))
        expectStatus(await t.as(a.keys.Write).put(`/${spec.path}/${unpublished!.id}`, { status: 'Draft' }), 200)
        const doomed = await makeSite(t)
        const [orphan] = await scheduled(1, 60_000, doomed)
        expectNoContent(await t.as(t.masterKey).delete(`/sites/${doomed.id}`))
        clock().advance(120_000)
        expect(await publishDue(systemCtx(t.deps), spec.scheduled)).toEqual([])
        expect(await publishAudits([gone!.id, unpublished!.id, orphan!.id])).toEqual([])
      })

      it('not public while Scheduled; public at once when the scheduled-publish job on another instance publishes it', async () => {
        const [item] = await scheduled(1, 60_000)
        expect(await spec.isPublic(t, a, item!)).toBe(false)
        clock().advance(30_000)
        expect(await spec.isPublic(t, a, item!)).toBe(false)
        clock().advance(90_000)
        const job = jobs.find((j) => j.name === 'scheduled-publish')!
        expect(await job.run(t2.deps)).toEqual([item!.id])
        expect(await spec.isPublic(t, a, item!)).toBe(true)
      })
    })
  })
}
