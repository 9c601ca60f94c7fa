import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentVersion } from '../../../src/core/content-version.js'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { blogs } from '../../../src/db/schema/blogs.js'
import { siteMembers } from '../../../src/db/schema/members.js'
import { notifications } from '../../../src/db/schema/notifications.js'
import type { Blog, BlogDetail } from '../../../src/modules/blogs/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createBlog, locId, writeCounts } from './fixtures.js'
import { eventsFor } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock
const AUTHOR_IDP = 'idp|author-1'

/** A member row as a JWT user's membership would be stored (user_id is any UUID here). */
async function addMember(siteId: string, role: (typeof siteMembers.$inferInsert)['role'], idp = `idp|${role.toLowerCase()}-${uid()}`) {
  await t.dbh.db.insert(siteMembers).values({ site_id: siteId, user_id: randomUUID(), idp_user_id: idp, role })
  return idp
}

/** A blog InReview whose author is a known identity-provider user (as if a JWT user had created it). */
async function inReview(extra: Record<string, unknown> = {}): Promise<BlogDetail> {
  const blog = await createBlog(t, a, {
    localizations: [{ locale_id: locId(a, 'en'), title: 'Review me', body: 'words' }],
    ...extra,
  })
  await t.dbh.db.update(blogs).set({ created_by_idp: AUTHOR_IDP }).where(eq(blogs.id, blog.id))
  expectStatus(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'InReview' }), 200)
  return blog
}

const review = (id: string, body: unknown, key = a.keys.Write) => t.as(key).post(`/blogs/${id}/review`, body)
const notesFor = (entityId: string) => t.dbh.db.select().from(notifications).where(eq(notifications.entity_id, entityId))
/** Review outcome notifications only (site a also has a Reviewer member, told of every submission). */
const reviewNotesFor = async (entityId: string) => (await notesFor(entityId)).filter((n) => n.notification_type !== 'content_submitted')
const reviewAudits = (id: string) =>
  t.dbh.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity_id, id), eq(auditLogs.action, 'Review')))

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('submit for review notifies the reviewers', () => {
  it('writes one content_submitted notification per Reviewer, Editor, Admin and Owner of the site', async () => {
    const site = await makeSite(t)
    const told = [
      await addMember(site.id, 'Reviewer'),
      await addMember(site.id, 'Editor'),
      await addMember(site.id, 'Admin'),
      await addMember(site.id, 'Owner'),
    ]
    await addMember(site.id, 'Author')
    await addMember(site.id, 'Viewer')
    await addMember(a.id, 'Reviewer') // another site's reviewer
    const blog = await createBlog(t, site, { localizations: [{ locale_id: locId(site, 'en'), title: 'Fresh post', body: 'x' }] })
    expect(await notesFor(blog.id)).toEqual([])
    expectStatus(await t.as(site.keys.Write).put(`/blogs/${blog.id}`, { status: 'InReview' }), 200)
    const notes = await notesFor(blog.id)
    expect(notes.map((n) => n.recipient_idp_id).sort()).toEqual([...told].sort())
    for (const n of notes) {
      expect(n).toMatchObject({ site_id: site.id, notification_type: 'content_submitted', entity_type: 'blog', entity_id: blog.id, is_read: false })
      expect(n.title).toContain('Fresh post')
    }
  })
})

describe('POST /blogs/{id}/review', () => {
  it('Approve publishes a blog without a future publish_start: published_at, published_date, events, author notified', async () => {
    const blog = await inReview()
    const before = await contentVersion(t.deps, a.id)
    clock().advance(60_000)
    const res = expectStatus<Blog>(await review(blog.id, { action: 'Approve', comment: 'Nice & tidy <3' }), 200)
    expect(res).toMatchObject({ id: blog.id, status: 'Published', site_id: a.id, site_ids: [a.id] })
    expect(res.published_at).toBe(clock().now().toISOString())
    expect(res.published_date).toBe(clock().now().toISOString().slice(0, 10))
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200)).toEqual(res)

    const audits = await reviewAudits(blog.id)
    expect(audits).toHaveLength(1)
    expect(audits[0]!.metadata).toMatchObject({ action: 'Approve', comment: 'Nice & tidy <3', from: 'InReview', to: 'Published' })
    const reviewed = await eventsFor(t, 'blog.reviewed', blog.id)
    expect(reviewed).toHaveLength(1)
    expect((reviewed[0]!.payload as { data: { status: string; review: unknown } }).data).toMatchObject({
      status: 'Published',
      review: { action: 'Approve', comment: 'Nice & tidy <3', from: 'InReview', to: 'Published' },
    })
    expect(await eventsFor(t, 'blog.published', blog.id)).toHaveLength(1)

    const notes = await reviewNotesFor(blog.id)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ notification_type: 'content_approved', site_id: a.id, entity_type: 'blog' })
    expect(notes[0]!.title).toContain('Review me')
    expect(notes[0]!.message).toContain('Nice & tidy <3')
    expect(await contentVersion(t.deps, a.id)).not.toBe(before)
  })

  it('Approve keeps a published_date that was already set', async () => {
    const blog = await inReview({ published_date: '2020-02-02' })
    const res = expectStatus<Blog>(await review(blog.id, { action: 'Approve' }), 200)
    expect(res.published_date).toBe('2020-02-02')
  })

  it('Approve with publish_start in the future schedules it (no blog.published yet)', async () => {
    const start = new Date(clock().now().getTime() + 3_600_000).toISOString()
    const blog = await inReview({ publish_start: start })
    const res = expectStatus<Blog>(await review(blog.id, { action: 'Approve' }), 200)
    expect(res.status).toBe('Scheduled')
    expect(res.published_at).toBeNull()
    expect(await eventsFor(t, 'blog.reviewed', blog.id)).toHaveLength(1)
    expect(await eventsFor(t, 'blog.published', blog.id)).toHaveLength(0)
    expect((await reviewNotesFor(blog.id)).map((n) => n.notification_type)).toEqual(['content_approved'])
  })

  it('Approve with a publish_start already passed publishes at once', async () => {
    const start = new Date(clock().now().getTime() + 1000).toISOString()
    const blog = await inReview({ publish_start: start })
    clock().advance(5000)
    expect(expectStatus<Blog>(await review(blog.id, { action: 'Approve' }), 200).status).toBe('Published')
  })

  it('RequestChanges sends it back to Draft and tells the author', async () => {
    const blog = await inReview()
    const res = expectStatus<Blog>(await review(blog.id, { action: 'RequestChanges', comment: 'Needs a better title' }), 200)
    expect(res.status).toBe('Draft')
    expect(res.published_at).toBeNull()
    const notes = await reviewNotesFor(blog.id)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ recipient_idp_id: AUTHOR_IDP, notification_type: 'content_changes_requested' })
    expect(notes[0]!.message).toContain('Needs a better title')
    expect(await eventsFor(t, 'blog.reviewed', blog.id)).toHaveLength(1)
    expect(await eventsFor(t, 'blog.published', blog.id)).toHaveLength(0)
    expect((await reviewAudits(blog.id))[0]!.metadata).toMatchObject({ action: 'RequestChanges', from: 'InReview', to: 'Draft' })
  })

  it('an author created with an API key (no identity-provider id) gets no notification', async () => {
    const blog = await createBlog(t, a)
    expectStatus(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'InReview' }), 200)
    expect((await notesFor(blog.id)).map((n) => n.notification_type)).toEqual(['content_submitted'])
    expectStatus(await review(blog.id, { action: 'Approve' }), 200)
    expect(await reviewNotesFor(blog.id)).toEqual([])
  })

  it.each([
    ['Draft', {}],
    ['Published', { status: 'Published' }],
    ['Scheduled', { status: 'Scheduled', publish_start: '2999-01-01T00:00:00Z' }],
  ])('refuses to review a %s blog: 409 INVALID_STATE, nothing changes', async (status, extra) => {
    const blog = await createBlog(t, a, extra)
    expect(blog.status).toBe(status)
    const counts = await writeCounts(t)
    const problem = expectProblem(await review(blog.id, { action: 'Approve' }), 409, 'INVALID_STATE')
    expect(problem.detail).toContain(status)
    expectProblem(await review(blog.id, { action: 'RequestChanges' }), 409, 'INVALID_STATE')
    expect(await writeCounts(t)).toEqual(counts)
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).status).toBe(status)
  })

  it('a reviewed blog cannot be reviewed again', async () => {
    const blog = await inReview()
    expectStatus(await review(blog.id, { action: 'RequestChanges' }), 200)
    expectProblem(await review(blog.id, { action: 'Approve' }), 409, 'INVALID_STATE')
  })

  it('400 for an unknown action, a missing action or a comment over 2000 characters; nothing changes', async () => {
    const blog = await inReview()
    const counts = await writeCounts(t)
    const bad = [{ action: 'Reject' }, {}, { action: 'Approve', comment: 'x'.repeat(2001) }, { action: 'approve' }, { action: 'Approve', comment: 42 }]
    for (const body of bad) {
      const problem = expectProblem(await review(blog.id, body), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.length).toBeGreaterThan(0)
    }
    expect(await writeCounts(t)).toEqual(counts)
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).status).toBe('InReview')
    // 2000 characters exactly is fine.
    expectStatus(await review(blog.id, { action: 'Approve', comment: 'y'.repeat(2000) }), 200)
  })

  it('401 without credentials, 403 for a Read key, 404 for another site or an unknown id', async () => {
    const blog = await inReview()
    expectProblem(await t.as().post(`/blogs/${blog.id}/review`, { action: 'Approve' }), 401, 'UNAUTHENTICATED')
    expectProblem(await review(blog.id, { action: 'Approve' }, a.keys.Read), 403, 'FORBIDDEN')
    expectProblem(await review(blog.id, { action: 'Approve' }, b.keys.Master), 404, 'NOT_FOUND')
    expectProblem(await review(MISSING_ID, { action: 'Approve' }), 404, 'NOT_FOUND')
    expectProblem(await review('not-a-uuid', { action: 'Approve' }), 400, 'VALIDATION_FAILED')
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).status).toBe('InReview')
  })

  it('a sharing site cannot review: the owning site needs Reviewer (403 through the sharing site only)', async () => {
    const shared = await createBlog(t, a, {}, t.masterKey, [a.id, b.id])
    expectStatus(await t.as(a.keys.Write).put(`/blogs/${shared.id}`, { status: 'InReview' }), 200)
    expectProblem(await review(shared.id, { action: 'Approve' }, b.keys.Master), 403, 'FORBIDDEN')
    const res = expectStatus<Blog>(await review(shared.id, { action: 'Approve' }), 200)
    expect(res.site_ids).toEqual([a.id, b.id])
  })

  it('a soft-deleted blog is 404', async () => {
    const blog = await inReview()
    expect((await t.as(a.keys.Write).delete(`/blogs/${blog.id}`)).statusCode).toBe(204)
    expectProblem(await review(blog.id, { action: 'Approve' }), 404, 'NOT_FOUND')
  })
})
