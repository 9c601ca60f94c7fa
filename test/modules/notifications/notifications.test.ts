import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteRole } from '../../../src/core/principal.js'
import { notifications } from '../../../src/db/schema/notifications.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { jwtUser, startIdp, type JwtUser, type TestIdp } from '../../helpers/idp.js'
import type { Page } from '../../helpers/records.js'

let idp: TestIdp
let t: TestApp
let site: SiteFixture
const users = {} as Record<SiteRole, JwtUser>
let outsider: JwtUser

interface Notification {
  id: string
  site_id: string
  recipient_idp_id: string
  notification_type: string
  title: string
  message: string
  entity_type: string
  entity_id: string
  is_read: boolean
  created_at: string
}

beforeAll(async () => {
  idp = await startIdp()
  t = await testApp({ env: idp.env() })
  site = await makeSite(t)
  for (const role of ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author', 'Viewer'] as const) users[role] = await jwtUser(t, idp, { siteId: site.id, role })
  outsider = await jwtUser(t, idp)
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

const listOf = async (u: JwtUser, query = '') => expectStatus<Page<Notification>>(await u.as.get(`/sites/${site.id}/notifications${query}`), 200)
const unread = async (u: JwtUser) => expectStatus<{ unread_count: number }>(await u.as.get(`/sites/${site.id}/notifications/unread-count`), 200).unread_count

describe('the submit → review → notification cycle', () => {
  let blogId: string

  it('submitting for review notifies the Reviewers, Editors, Admins and Owner (not the author or Viewers)', async () => {
    const created = expectStatus<{ id: string }>(
      await users.Author.as.post('/blogs', { site_ids: [site.id], slug: `n-${uid()}`, localizations: [{ locale: 'en', title: 'Hello review' }] }),
      201,
    )
    blogId = created.id
    expectStatus(await users.Author.as.put(`/blogs/${blogId}`, { status: 'InReview' }), 200)
    for (const role of ['Owner', 'Admin', 'Reviewer', 'Editor'] as const) {
      const page = await listOf(users[role])
      expect(page.data, role).toHaveLength(1)
      expect(page.data[0]).toMatchObject({
        site_id: site.id,
        recipient_idp_id: users[role].sub,
        notification_type: 'content_submitted',
        entity_type: 'blog',
        entity_id: blogId,
        is_read: false,
      })
      expect(page.data[0]!.title).toContain('Hello review')
      expect(await unread(users[role])).toBe(1)
    }
    expect((await listOf(users.Author)).data).toEqual([])
    expect((await listOf(users.Viewer)).data).toEqual([])
  })

  it('approve notifies the author (content_approved); request-changes after a resubmit too, newest first', async () => {
    expectStatus(await users.Reviewer.as.post(`/blogs/${blogId}/review`, { action: 'Approve' }), 200)
    ;(t.clock as ManualClock).advance(1000) // the service's clock stamps the notifications
    const second = expectStatus<{ id: string }>(
      await users.Author.as.post('/blogs', { site_ids: [site.id], slug: `n-${uid()}`, localizations: [{ locale: 'en', title: 'Second' }] }),
      201,
    )
    expectStatus(await users.Author.as.put(`/blogs/${second.id}`, { status: 'InReview' }), 200)
    expectStatus(await users.Reviewer.as.post(`/blogs/${second.id}/review`, { action: 'RequestChanges', comment: 'More detail please' }), 200)
    const page = await listOf(users.Author)
    expect(page.data.map((n) => [n.notification_type, n.entity_id])).toEqual([
      ['content_changes_requested', second.id],
      ['content_approved', blogId],
    ])
    expect(page.data[0]!.message).toContain('More detail please')
    expect(page.meta).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 })
    expect(await unread(users.Author)).toBe(2)
  })

  it("marks one read (only the recipient's own: another user's is 404), then all read ({updated})", async () => {
    const [newest, older] = (await listOf(users.Author)).data
    expectProblem(await users.Reviewer.as.put(`/notifications/${newest!.id}/read`), 404, 'NOT_FOUND')
    expect(await unread(users.Author)).toBe(2)
    const read = expectStatus<Notification>(await users.Author.as.put(`/notifications/${newest!.id}/read`), 200)
    expect(read).toMatchObject({ id: newest!.id, is_read: true })
    expectStatus(await users.Author.as.put(`/notifications/${newest!.id}/read`), 200)
    expect(await unread(users.Author)).toBe(1)
    expect((await listOf(users.Author)).data.map((n) => n.is_read)).toEqual([true, false])
    expect(expectStatus(await users.Author.as.put(`/sites/${site.id}/notifications/read-all`), 200)).toEqual({ updated: 1 })
    expect(expectStatus(await users.Author.as.put(`/sites/${site.id}/notifications/read-all`), 200)).toEqual({ updated: 0 })
    expect(await unread(users.Author)).toBe(0)
    // Other users' notifications are untouched.
    expect(await unread(users.Reviewer)).toBe(2)
    void older
  })
})

describe('access', () => {
  it('API keys get 403 on every notification endpoint; no credentials 401', async () => {
    const [any] = await t.dbh.db.select().from(notifications).limit(1)
    for (const key of [site.keys.Read, site.keys.Master, t.masterKey]) {
      expectProblem(await t.as(key).get(`/sites/${site.id}/notifications`), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).get(`/sites/${site.id}/notifications/unread-count`), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).put(`/notifications/${any!.id}/read`), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).put(`/sites/${site.id}/notifications/read-all`), 403, 'FORBIDDEN')
    }
    expectProblem(await t.as().get(`/sites/${site.id}/notifications`), 401, 'UNAUTHENTICATED')
    const [still] = await t.dbh.db.select().from(notifications).where(eq(notifications.id, any!.id))
    expect(still!.is_read).toBe(any!.is_read)
  })

  it('a non-member of the site gets 404; a bad id 400', async () => {
    expectProblem(await outsider.as.get(`/sites/${site.id}/notifications`), 404, 'NOT_FOUND')
    expectProblem(await outsider.as.put(`/sites/${site.id}/notifications/read-all`), 404, 'NOT_FOUND')
    expectProblem(await users.Author.as.put('/notifications/not-a-uuid/read'), 400, 'VALIDATION_FAILED')
  })
})

describe('pagination', () => {
  it('per_page defaults to 20 (max 100), newest first', async () => {
    const u = await jwtUser(t, idp, { siteId: site.id, role: 'Viewer' })
    const base = Date.now() - 100_000
    await t.dbh.db.insert(notifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        site_id: site.id,
        recipient_idp_id: u.sub,
        notification_type: 'content_approved' as const,
        title: `n${i}`,
        message: '',
        entity_type: 'blog',
        entity_id: site.id,
        created_at: new Date(base + i * 1000),
      })),
    )
    const first = await listOf(u)
    expect(first.meta).toEqual({ page: 1, per_page: 20, total: 25, total_pages: 2 })
    expect(first.data.map((n) => n.title).slice(0, 3)).toEqual(['n24', 'n23', 'n22'])
    expect((await listOf(u, '?page=2')).data.map((n) => n.title)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0'])
    expectProblem(await u.as.get(`/sites/${site.id}/notifications?per_page=101`), 400, 'VALIDATION_FAILED')
  })
})
