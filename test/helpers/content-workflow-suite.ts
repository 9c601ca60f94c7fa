import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from './app.js'
import { makeSite, MISSING_ID, type SiteFixture } from './factories.js'
import { expectProblem, expectStatus } from './http.js'
import { eventsFor, expectNoContent } from './records.js'

/*
 * The behaviour every content type built on the content-workflow kit (src/kits/content-workflow/) must show, as one
 * suite, like describeSiteResource for site resources: review (submit, Approve, RequestChanges; who may, only from
 * InReview), bulk status changes and deletes with per-item results, clone into a new Draft, soft delete then 404.
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

export interface ContentWorkflowSuite {
  /** For test names: "blog". */
  name: string
  /** URL segment: /<path>/{id}, /sites/{site_id}/<path>/bulk. */
  path: string
  /** Webhook event prefix: blog.published, blog.reviewed, … */
  events: string
  /** A Draft on `site`, through the API. */
  create(t: TestApp, site: SiteFixture): Promise<Item>
}

export function describeContentWorkflow(spec: ContentWorkflowSuite): void {
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
  })
}
