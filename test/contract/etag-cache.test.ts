import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.js'
import { twoInstances, type TwoInstances } from '../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../helpers/http.js'

/*
 * Cached answers of one record carry the ETag of its current version, on two instances sharing the database and
 * the cache (as in read-after-write.test.ts: embedded, one in-process cache object; with REDIS_URL, two Redis
 * clients with one prefix, so B also has its own per-process layer). Answers carrying more than the record (the
 * blog detail, by slug) carry the record's tag, the one GET by id answers and If-Match takes.
 */

let instances: TwoInstances
let A: TestApp
let B: TestApp
let site: SiteFixture

beforeAll(async () => {
  instances = await twoInstances()
  A = instances.A
  B = instances.B
  site = await makeSite(A)
})
afterAll(() => instances?.close())

const tag = (res: Res): string => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  const t = res.headers.etag
  expect(t).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
  return t as string
}

describe('ETag of cached answers across two instances', () => {
  it('blog: GET by id, the detail and by slug carry one tag, the new one after a write on the other instance', async () => {
    const slug = `etag-${uid()}`
    const created = await A.as(site.keys.Write).post('/blogs', { site_ids: [site.id], slug, author: 'First' })
    const id = expectStatus<{ id: string }>(created, 201).id
    const createdTag = created.headers.etag
    const reads = () =>
      Promise.all([
        B.as(site.keys.Read).get(`/blogs/${id}`),
        B.as(site.keys.Read).get(`/blogs/${id}/detail`),
        B.as(site.keys.Write).get(`/sites/${site.id}/blogs/by-slug/${slug}`),
      ])
    // Twice: the second round is answered from the cache.
    for (let i = 0; i < 2; i++) {
      const [byId, detail, bySlug] = await reads()
      expect(tag(byId)).toBe(createdTag)
      expect(tag(detail)).toBe(createdTag)
      expect(tag(bySlug)).toBe(createdTag)
    }
    const stale = createdTag as string
    const put = await A.as(site.keys.Write).put(`/blogs/${id}`, { author: 'Second' }, { 'if-match': stale })
    const next = tag(put)
    expect(next).not.toBe(stale)
    for (let i = 0; i < 2; i++) {
      const [byId, detail, bySlug] = await reads()
      expect(tag(byId)).toBe(next)
      expect(tag(detail)).toBe(next)
      expect(tag(bySlug)).toBe(next)
    }
    // The tag B's cached detail sent before the write is stale on A.
    const refused = await A.as(site.keys.Write).put(`/blogs/${id}`, { author: 'Third' }, { 'if-match': stale })
    expectProblem(refused, 412, 'EDIT_CONFLICT')
    expect(refused.json<{ current: { author: string } }>().current.author).toBe('Second')
    expect(refused.headers.etag).toBe(next)
  })

  it('site: the cached GET carries the new tag after a write on the other instance', async () => {
    const before = tag(await B.as(site.keys.Read).get(`/sites/${site.id}`))
    expect(tag(await B.as(site.keys.Read).get(`/sites/${site.id}`))).toBe(before)
    const put = await A.as(site.keys.Admin).put(`/sites/${site.id}`, { description: `etag ${uid()}` }, { 'if-match': before })
    const next = tag(put)
    expect(next).not.toBe(before)
    expect(tag(await B.as(site.keys.Read).get(`/sites/${site.id}`))).toBe(next)
    expect(tag(await B.as(site.keys.Read).get(`/sites/${site.id}`))).toBe(next)
  })
})
