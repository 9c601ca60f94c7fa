import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifyReviewed, notifySubmitted } from '../../src/core/notifications.js'
import { siteMembers } from '../../src/db/schema/members.js'
import { notifications } from '../../src/db/schema/notifications.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

type Role = (typeof siteMembers.$inferInsert)['role']
const member = (siteId: string, role: Role, idp: string) =>
  t.dbh.db.insert(siteMembers).values({ site_id: siteId, user_id: randomUUID(), idp_user_id: idp, role })
const notesFor = (entityId: string) => t.dbh.db.select().from(notifications).where(eq(notifications.entity_id, entityId))

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
  for (const role of ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author', 'Viewer'] as const) await member(a.id, role, `a-${role}`)
  await member(b.id, 'Reviewer', 'b-Reviewer')
})
afterAll(() => t.close())

describe('notifySubmitted', () => {
  it("writes one content_submitted record per Reviewer, Editor, Admin and Owner of the content's site", async () => {
    const entityId = randomUUID()
    const at = new Date('2030-05-06T07:08:09.000Z')
    await t.dbh.db.transaction((tx) => notifySubmitted(tx, { siteId: a.id, entityType: 'page', entityId, title: 'About us', at }))
    const rows = await notesFor(entityId)
    expect(rows.map((r) => r.recipient_idp_id).sort()).toEqual(['a-Admin', 'a-Editor', 'a-Owner', 'a-Reviewer'])
    for (const r of rows) {
      expect(r).toMatchObject({ site_id: a.id, notification_type: 'content_submitted', entity_type: 'page', entity_id: entityId, is_read: false })
      expect(r.title).toBe('Review requested: About us')
      expect(r.message).toBe('The page "About us" was submitted for review.')
      expect(r.created_at.toISOString()).toBe(at.toISOString())
    }
  })

  it('writes nothing when the site has no reviewers, and names untitled content', async () => {
    const site = await makeSite(t)
    await member(site.id, 'Author', `x-${site.id}`)
    const entityId = randomUUID()
    await t.dbh.db.transaction((tx) => notifySubmitted(tx, { siteId: site.id, entityType: 'blog', entityId, title: 'x' }))
    expect(await notesFor(entityId)).toEqual([])
    const other = randomUUID()
    await t.dbh.db.transaction((tx) => notifySubmitted(tx, { siteId: b.id, entityType: 'blog', entityId: other, title: '  ' }))
    expect((await notesFor(other)).map((r) => [r.recipient_idp_id, r.title])).toEqual([['b-Reviewer', 'Review requested: (untitled)']])
  })

  it('is part of the caller transaction: a rollback leaves no record', async () => {
    const entityId = randomUUID()
    await expect(
      t.dbh.db.transaction(async (tx) => {
        await notifySubmitted(tx, { siteId: a.id, entityType: 'blog', entityId, title: 'Doomed' })
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await notesFor(entityId)).toEqual([])
  })
})

describe('notifyReviewed', () => {
  it('tells the author of an approval, with the comment', async () => {
    const entityId = randomUUID()
    await t.dbh.db.transaction((tx) =>
      notifyReviewed(tx, { siteId: a.id, entityType: 'blog', entityId, title: 'Post', recipientIdp: 'author-1', approved: true, comment: ' Ship it ' }),
    )
    const rows = await notesFor(entityId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ recipient_idp_id: 'author-1', notification_type: 'content_approved', title: 'Approved: Post', site_id: a.id })
    expect(rows[0]!.message).toBe('Your blog "Post" was approved.\n\nReviewer\'s comment: Ship it')
  })

  it('tells the author that changes were requested (no comment)', async () => {
    const entityId = randomUUID()
    await t.dbh.db.transaction((tx) =>
      notifyReviewed(tx, { siteId: a.id, entityType: 'page', entityId, title: 'Home', recipientIdp: 'author-2', approved: false }),
    )
    const rows = await notesFor(entityId)
    expect(rows.map((r) => [r.recipient_idp_id, r.notification_type, r.title, r.message])).toEqual([
      ['author-2', 'content_changes_requested', 'Changes requested: Home', 'A reviewer asked for changes to your page "Home".'],
    ])
  })

  it('writes nothing when the author is not a known user', async () => {
    const entityId = randomUUID()
    await t.dbh.db.transaction((tx) => notifyReviewed(tx, { siteId: a.id, entityType: 'blog', entityId, title: 'Post', recipientIdp: null, approved: true }))
    expect(await notesFor(entityId)).toEqual([])
  })
})
