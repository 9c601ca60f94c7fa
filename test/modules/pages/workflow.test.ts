import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { siteMembers } from '../../../src/db/schema/members.js'
import { notifications } from '../../../src/db/schema/notifications.js'
import { pages } from '../../../src/db/schema/pages.js'
import { contentTags, tags } from '../../../src/db/schema/taxonomy.js'
import type { BulkResult, Page, PageDetail } from '../../../src/modules/pages/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { eventsFor } from '../../helpers/records.js'
import { addSection, createPage, localize, writeCounts } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock
const inMs = (ms: number) => new Date(clock().now().getTime() + ms).toISOString()
const AUTHOR_IDP = 'idp|page-author'

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

async function addMember(siteId: string, role: (typeof siteMembers.$inferInsert)['role']) {
  const idp = `idp|${role.toLowerCase()}-${uid()}`
  await t.dbh.db.insert(siteMembers).values({ site_id: siteId, user_id: randomUUID(), idp_user_id: idp, role })
  return idp
}
const notesFor = (id: string) => t.dbh.db.select().from(notifications).where(eq(notifications.entity_id, id))

/** A page InReview whose author is a known identity-provider user, titled by its first section. */
async function inReview(site: SiteFixture, extra: Record<string, unknown> = {}): Promise<Page> {
  const page = await createPage(t, site, extra)
  const section = await addSection(t, site, page.id)
  await localize(t, site, section.id, { locale: 'en', title: 'Welcome' })
  await t.dbh.db.update(pages).set({ created_by_idp: AUTHOR_IDP }).where(eq(pages.id, page.id))
  expect(expectStatus<Page>(await t.as(site.keys.Write).put(`/pages/${page.id}`, { status: 'InReview' }), 200).status).toBe('InReview')
  return page
}

describe('workflow transitions', () => {
  it('Draft → InReview notifies the reviewers (named by the first section title); Approve → Published with page.reviewed and page.published', async () => {
    const site = await makeSite(t)
    const reviewer = await addMember(site.id, 'Reviewer')
    const page = await inReview(site)
    const submitted = (await notesFor(page.id)).filter((n) => n.notification_type === 'content_submitted')
    expect(submitted.map((n) => [n.recipient_idp_id, n.title, n.entity_type])).toEqual([[reviewer, 'Review requested: Welcome', 'page']])
    expectProblem(await t.as(site.keys.Read).post(`/pages/${page.id}/review`, { action: 'Approve' }), 403, 'FORBIDDEN')
    const approved = expectStatus<Page>(await t.as(site.keys.Write).post(`/pages/${page.id}/review`, { action: 'Approve', comment: 'Nice' }), 200)
    expect(approved).toMatchObject({ status: 'Published', published_at: clock().now().toISOString() })
    const reviewed = await eventsFor(t, 'page.reviewed', page.id)
    expect(reviewed).toHaveLength(1)
    expect((reviewed[0]!.payload as { data: { review: unknown } }).data.review).toEqual({
      action: 'Approve',
      comment: 'Nice',
      from: 'InReview',
      to: 'Published',
    })
    expect(await eventsFor(t, 'page.published', page.id)).toHaveLength(1)
    const told = (await notesFor(page.id)).filter((n) => n.notification_type === 'content_approved')
    expect(told.map((n) => [n.recipient_idp_id, n.title])).toEqual([[AUTHOR_IDP, 'Approved: Welcome']])
    // Only InReview can be reviewed.
    expectProblem(await t.as(site.keys.Write).post(`/pages/${page.id}/review`, { action: 'Approve' }), 409, 'INVALID_STATE')
  })

  it('Approve with a future publish_start → Scheduled (no page.published yet); RequestChanges → Draft', async () => {
    const later = await inReview(a, { publish_start: inMs(3_600_000) })
    expect(expectStatus<Page>(await t.as(a.keys.Write).post(`/pages/${later.id}/review`, { action: 'Approve' }), 200)).toMatchObject({
      status: 'Scheduled',
      published_at: null,
    })
    expect(await eventsFor(t, 'page.published', later.id)).toHaveLength(0)
    const back = await inReview(a)
    expect(expectStatus<Page>(await t.as(a.keys.Write).post(`/pages/${back.id}/review`, { action: 'RequestChanges', comment: 'More' }), 200).status).toBe(
      'Draft',
    )
    expect((await notesFor(back.id)).map((n) => n.notification_type)).toContain('content_changes_requested')
    const audits = await t.dbh.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_id, back.id), eq(auditLogs.action, 'Review')))
    expect(audits).toHaveLength(1)
  })

  it('400 for a bad review body, 404 for an unknown page; a submit from Published is 409; editorial workflow: Author cannot publish', async () => {
    const page = await inReview(a)
    const before = await writeCounts(t)
    expectProblem(await t.as(a.keys.Write).post(`/pages/${page.id}/review`, { action: 'Reject' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).post(`/pages/${MISSING_ID}/review`, { action: 'Approve' }), 404, 'NOT_FOUND')
    expect(await writeCounts(t)).toEqual(before)
    const live = await createPage(t, a, { status: 'Published' })
    expectProblem(await t.as(a.keys.Write).put(`/pages/${live.id}`, { status: 'InReview' }), 409, 'INVALID_STATE')
  })
})

describe('POST /sites/{site_id}/pages/bulk', () => {
  // Per-id results of UpdateStatus: the content-workflow contract (workflow-contract.test.ts).
  it('Delete needs Editor (403 for Read), 400 without status for UpdateStatus or over 100 ids; deletes soft', async () => {
    const p = await createPage(t, a)
    const before = await writeCounts(t)
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/pages/bulk`, { action: 'Delete', ids: [p.id] }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/pages/bulk`, { action: 'UpdateStatus', ids: [p.id] }), 400, 'VALIDATION_FAILED')
    const many = Array.from({ length: 101 }, () => randomUUID())
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/pages/bulk`, { action: 'Delete', ids: many }), 400, 'VALIDATION_FAILED')
    expect(await writeCounts(t)).toEqual(before)
    expect(expectStatus<BulkResult>(await t.as(a.keys.Write).post(`/sites/${a.id}/pages/bulk`, { action: 'Delete', ids: [p.id] }), 200).succeeded).toBe(1)
    expectProblem(await t.as(a.keys.Read).get(`/pages/${p.id}`), 404, 'NOT_FOUND')
    expect(await eventsFor(t, 'page.deleted', p.id)).toHaveLength(1)
  })
})

describe('POST /pages/{id}/clone', () => {
  it('makes a Draft copy with route and slug -copy, -copy-2, sections with localizations, tags; the source is unchanged', async () => {
    const source = await createPage(t, a, { route: `/docs/${uid()}`, status: 'Published', template: 'wide' })
    const s1 = await addSection(t, a, source.id, { section_type: 'hero', display_order: 1, settings: { x: 1 } })
    const s2 = await addSection(t, a, source.id, { section_type: 'text', display_order: 2 })
    await localize(t, a, s1.id, { locale: 'en', title: 'Hero' })
    await localize(t, a, s1.id, { locale: 'de', title: 'Held' })
    await localize(t, a, s2.id, { locale: 'en', text: 'Body' })
    const [tag] = await t.dbh.db
      .insert(tags)
      .values({ site_id: a.id, name: `T ${uid()}`, slug: `t-${uid()}` })
      .returning()
    await t.dbh.db.insert(contentTags).values({ content_id: source.content_id, tag_id: tag!.id })

    const copy = expectStatus<PageDetail>(await t.as(a.keys.Write).post(`/pages/${source.id}/clone`), 201)
    expect(copy).toMatchObject({
      route: `${source.route}-copy`,
      slug: `${source.slug}-copy`,
      status: 'Draft',
      published_at: null,
      template: 'wide',
      site_ids: [a.id],
    })
    expect(copy.id).not.toBe(source.id)
    expect(copy.sections.map((s) => [s.section_type, s.display_order, s.settings, s.localizations.map((l) => l.title ?? l.text)])).toEqual([
      ['hero', 1, { x: 1 }, ['Hero', 'Held']],
      ['text', 2, {}, ['Body']],
    ])
    expect(copy.sections.every((s) => s.page_id === copy.id && ![s1.id, s2.id].includes(s.id))).toBe(true)
    const copiedTags = await t.dbh.db.select().from(contentTags).where(eq(contentTags.content_id, copy.content_id))
    expect(copiedTags.map((r) => r.tag_id)).toEqual([tag!.id])
    const again = expectStatus<PageDetail>(await t.as(a.keys.Write).post(`/pages/${source.id}/clone`), 201)
    expect([again.route, again.slug]).toEqual([`${source.route}-copy-2`, `${source.slug}-copy-2`])
    // The source is unchanged.
    const src = expectStatus<PageDetail>(await t.as(a.keys.Write).get(`/sites/${a.id}/pages/by-route/${source.route.slice(1)}`), 200)
    expect(src).toMatchObject({ id: source.id, status: 'Published' })
    expect(src.sections.map((s) => s.id)).toEqual([s1.id, s2.id])
    expect(await eventsFor(t, 'page.created', copy.id)).toHaveLength(1)
  })

  it('the home page clones to /copy; 403 for Read, 404 for another site or unknown ids', async () => {
    const site = await makeSite(t)
    const home = await createPage(t, site, { route: '/' })
    expect(expectStatus<PageDetail>(await t.as(site.keys.Write).post(`/pages/${home.id}/clone`), 201).route).toBe('/copy')
    expectProblem(await t.as(site.keys.Read).post(`/pages/${home.id}/clone`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/pages/${home.id}/clone`), 404, 'NOT_FOUND')
    expectProblem(await t.as(site.keys.Write).post(`/pages/${MISSING_ID}/clone`), 404, 'NOT_FOUND')
  })
})
