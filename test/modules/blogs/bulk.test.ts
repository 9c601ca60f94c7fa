import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Blog, BulkResult } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createBlog, writeCounts } from './fixtures.js'
import { eventsFor } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const status = async (id: string, key = a.keys.Read) => {
  const res = await t.as(key).get(`/blogs/${id}`)
  return res.statusCode === 200 ? res.json<Blog>().status : res.statusCode
}

describe('POST /sites/{site_id}/blogs/bulk', () => {
  // Per-id results and the transition rules per id: the content-workflow contract (workflow-contract.test.ts).
  it('Delete with a Write key (Editor = Write for keys) soft-deletes each id', async () => {
    const one = await createBlog(t, a)
    const two = await createBlog(t, a)
    const res = expectStatus<BulkResult>(await t.as(a.keys.Write).post(`/sites/${a.id}/blogs/bulk`, { action: 'Delete', ids: [one.id, two.id, one.id] }), 200)
    expect(res).toMatchObject({ total: 2, succeeded: 2, failed: 0 })
    expect(await status(one.id)).toBe(404)
    expect(await status(two.id)).toBe(404)
    expect(await eventsFor(t, 'blog.deleted', one.id)).toHaveLength(1)
  })

  it('400 over 100 ids, for an unknown action or status, or UpdateStatus without status; nothing changes', async () => {
    const blog = await createBlog(t, a)
    const before = await writeCounts(t)
    const many = Array.from({ length: 101 }, () => blog.id)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'UpdateStatus', ids: many, status: 'Draft' }, 'ids'],
      [{ action: 'Archive', ids: [blog.id] }, 'action'],
      [{ action: 'UpdateStatus', ids: [blog.id], status: 'Gone' }, 'status'],
      [{ action: 'UpdateStatus', ids: [blog.id] }, 'status'],
      [{ action: 'Delete', ids: [] }, 'ids'],
      [{ action: 'Delete', ids: ['not-a-uuid'] }, 'ids.0'],
    ]
    for (const [body, field] of cases) {
      const p = expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/blogs/bulk`, body), 400, 'VALIDATION_FAILED')
      expect(p.errors?.map((e) => e.field)).toContain(field)
    }
    expect(await writeCounts(t)).toEqual(before)
    expect(await status(blog.id)).toBe('Draft')
  })

  it('100 ids are accepted', async () => {
    const blog = await createBlog(t, a)
    const ids = [blog.id, ...Array.from({ length: 99 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)]
    const res = expectStatus<BulkResult>(await t.as(a.keys.Write).post(`/sites/${a.id}/blogs/bulk`, { action: 'UpdateStatus', ids, status: 'InReview' }), 200)
    expect(res).toMatchObject({ total: 100, succeeded: 1, failed: 99 })
  })

  it('401, 403 for a Read key (both actions), 404 for another site', async () => {
    const blog = await createBlog(t, a)
    const body = { action: 'Delete', ids: [blog.id] }
    expectProblem(await t.as().post(`/sites/${a.id}/blogs/bulk`, body), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/blogs/bulk`, body), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/blogs/bulk`, { action: 'UpdateStatus', ids: [blog.id], status: 'InReview' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/sites/${a.id}/blogs/bulk`, body), 404, 'NOT_FOUND')
    expect(await status(blog.id)).toBe('Draft')
  })
})
