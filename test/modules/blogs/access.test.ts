import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCtx } from '../../../src/core/context.js'
import type { Principal, SiteRole } from '../../../src/core/principal.js'
import { ApiError } from '../../../src/http/errors.js'
import type { Blog, BlogDetail, BlogListItem, BulkResult } from '../../../src/modules/blogs/schemas.js'
import * as writes from '../../../src/modules/blogs/write.service.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { blogBody, createBlog, locId, writeCounts } from './fixtures.js'
import { expectNoContent } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const publishedIds = async (site: SiteFixture) =>
  expectStatus<{ data: BlogListItem[] }>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published?per_page=100`), 200).data.map((x) => x.id)

const user = (siteId: string, role: SiteRole): Principal => {
  const userId = randomUUID()
  return {
    kind: 'user',
    userId,
    idpUserId: `idp-${uid()}`,
    isSystemAdmin: false,
    memberships: new Map([[siteId, role]]),
    rateLimitPerMinute: 1000,
    actorId: userId,
  }
}

async function rejects(p: Promise<unknown>, status: number): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ApiError)
  expect((err as ApiError).status).toBe(status)
}

describe('shared content (site_ids [A, B])', () => {
  it('is listed in both sites, readable through both, owned by A', async () => {
    // A's Write key cannot reach B: sharing needs a caller with Author on every listed site.
    expectProblem(await t.as(a.keys.Write).post('/blogs', blogBody([a.id, b.id])), 404, 'NOT_FOUND')
    const shared = await createBlog(t, a, { status: 'Published', localizations: [{ locale_id: locId(a, 'en'), title: 'Shared' }] }, t.masterKey, [a.id, b.id])
    expect(shared).toMatchObject({ site_id: a.id, site_ids: [a.id, b.id] })
    expect(await publishedIds(a)).toContain(shared.id)
    expect(await publishedIds(b)).toContain(shared.id)
    expect(expectStatus<Blog>(await t.as(b.keys.Read).get(`/blogs/${shared.id}`), 200).site_ids).toEqual([a.id, b.id])
    expect(expectStatus<BlogDetail>(await t.as(b.keys.Read).get(`/sites/${b.id}/blogs/by-slug/${shared.slug}`), 200).id).toBe(shared.id)
  })

  it('a B-scoped Write key cannot change it (403: it can read the blog, decisions.md "Shared content"); an A-scoped one can', async () => {
    const shared = await createBlog(t, a, {}, t.masterKey, [a.id, b.id])
    const before = await writeCounts(t)
    expectProblem(await t.as(b.keys.Write).put(`/blogs/${shared.id}`, { author: 'B' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/blogs/${shared.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Write).post(`/blogs/${shared.id}/clone`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Write).post(`/blogs/${shared.id}/localizations`, { locale_id: locId(a, 'de') }), 403, 'FORBIDDEN')
    const bulk = expectStatus<BulkResult>(await t.as(b.keys.Write).post(`/sites/${b.id}/blogs/bulk`, { action: 'Delete', ids: [shared.id] }), 200)
    expect(bulk).toMatchObject({ succeeded: 0, failed: 1 })
    expect(await writeCounts(t)).toEqual(before)
    expect(expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${shared.id}`, { author: 'A', status: 'Published' }), 200).author).toBe('A')
    expect(await publishedIds(b)).toContain(shared.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${shared.id}`))
    expect(await publishedIds(b)).not.toContain(shared.id)
    expectProblem(await t.as(b.keys.Read).get(`/blogs/${shared.id}`), 404, 'NOT_FOUND')
  })

  it('slugs are unique in every carrying site', async () => {
    const slug = `dup-${uid()}`
    await createBlog(t, b, { slug })
    const before = await writeCounts(t)
    expectProblem(await t.as(t.masterKey).post('/blogs', blogBody([a.id, b.id], { slug })), 409, 'CONFLICT')
    expect(await writeCounts(t)).toEqual(before)
    const inA = await createBlog(t, a, { slug })
    const other = await createBlog(t, a, {}, t.masterKey, [a.id, b.id])
    expectProblem(await t.as(a.keys.Write).put(`/blogs/${other.id}`, { slug }), 409, 'CONFLICT')
    expect(inA.slug).toBe(slug)
  })

  it('an unscoped Admin key may share between sites; site_ids must be distinct', async () => {
    const admin = await makeKey(t, 'Admin', null)
    const shared = await createBlog(t, b, {}, admin.key, [b.id, a.id])
    expect(shared).toMatchObject({ site_id: b.id, site_ids: [b.id, a.id] })
    expectProblem(await t.as(admin.key).post('/blogs', blogBody([a.id, a.id])), 400, 'VALIDATION_FAILED')
  })
})

describe('publishing with the editorial workflow on', () => {
  let site: SiteFixture
  beforeAll(async () => {
    site = await makeSite(t)
    expectStatus(await t.as(site.keys.Admin).put(`/sites/${site.id}/settings`, { editorial_workflow_enabled: true }), 200)
  })

  it('canPublish: workflow off, or Reviewer and above on the site', () => {
    const on = { editorial_workflow_enabled: true, timezone: 'UTC' }
    const off = { editorial_workflow_enabled: false, timezone: 'UTC' }
    const ctx = (p: Principal) => makeCtx(t.deps, p, 'test')
    expect(writes.canPublish(ctx(user(site.id, 'Author')), site.id, off)).toBe(true)
    expect(writes.canPublish(ctx(user(site.id, 'Author')), site.id, on)).toBe(false)
    expect(writes.canPublish(ctx(user(site.id, 'Viewer')), site.id, on)).toBe(false)
    // Spec role table order: Reviewer is above Editor, so an Editor (delete) does not publish past review.
    expect(writes.canPublish(ctx(user(site.id, 'Editor')), site.id, on)).toBe(false)
    for (const role of ['Reviewer', 'Admin', 'Owner'] as const) expect(writes.canPublish(ctx(user(site.id, role)), site.id, on)).toBe(true)
    expect(writes.canPublish(ctx(user(b.id, 'Reviewer')), site.id, on)).toBe(false)
  })

  it('an Author cannot publish (403, nothing changes) but can submit for review', async () => {
    const author = makeCtx(t.deps, user(site.id, 'Author'), 'test')
    const blog = await createBlog(t, site)
    const before = await writeCounts(t)
    await rejects(writes.update(author, blog.id, { status: 'Published' }), 403)
    await rejects(writes.update(author, blog.id, { status: 'Scheduled', publish_start: new Date(Date.now() + 3_600_000).toISOString() }), 403)
    await rejects(writes.create(author, { site_ids: [site.id], slug: `p-${uid()}`, status: 'Published' }), 403)
    expect(await writeCounts(t)).toEqual(before)
    expect((await writes.update(author, blog.id, { status: 'InReview' })).status).toBe('InReview')
    const reviewer = makeCtx(t.deps, user(site.id, 'Reviewer'), 'test')
    expect((await writes.update(reviewer, blog.id, { status: 'Published' })).status).toBe('Published')
  })

  it('over HTTP a Write key counts as Reviewer and publishes; a Read key gets 403', async () => {
    const blog = await createBlog(t, site)
    expectProblem(await t.as(site.keys.Read).put(`/blogs/${blog.id}`, { status: 'Published' }), 403, 'FORBIDDEN')
    expect(expectStatus<Blog>(await t.as(site.keys.Write).put(`/blogs/${blog.id}`, { status: 'Published' }), 200).status).toBe('Published')
  })
})

describe('malformed ids', () => {
  it('400 VALIDATION_FAILED naming the parameter on every id route', async () => {
    const cases: Array<[ReturnType<ReturnType<TestApp['as']>['get']>, string]> = [
      [t.as(a.keys.Read).get('/sites/nope/blogs'), 'site_id'],
      [t.as(a.keys.Read).get('/sites/nope/blogs/published'), 'site_id'],
      [t.as(a.keys.Read).get('/sites/nope/blogs/featured'), 'site_id'],
      [t.as(a.keys.Read).get('/sites/nope/blogs/by-slug/x'), 'site_id'],
      [t.as(a.keys.Read).get('/blogs/nope/detail'), 'id'],
      [t.as(a.keys.Write).put('/blogs/nope', { author: 'x' }), 'id'],
      [t.as(a.keys.Write).delete('/blogs/nope'), 'id'],
      [t.as(a.keys.Read).get('/blogs/nope/localizations'), 'id'],
      [t.as(a.keys.Write).post('/blogs/nope/localizations', { locale_id: locId(a, 'en') }), 'id'],
      [t.as(a.keys.Write).delete('/blogs/localizations/nope'), 'loc_id'],
      [t.as(a.keys.Write).post('/sites/nope/blogs/bulk', { action: 'Delete', ids: [] }), 'site_id'],
    ]
    for (const [res, field] of cases) expect(expectProblem(await res, 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe(field)
  })
})
