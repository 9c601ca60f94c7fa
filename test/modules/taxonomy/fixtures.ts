import { and, asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { auditLogs, changeHistory, outboxEvents } from '../../../src/db/schema/audit.js'
import { blogs, type ContentStatus } from '../../../src/db/schema/blogs.js'
import { content, contentSites } from '../../../src/db/schema/content.js'
import type { TestApp } from '../../helpers/app.js'
import { uid } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'

/*
 * Minimal blog rows written straight into the database (content, content_sites, blogs): the taxonomy tests
 * need content items, not the blog service's rules. site_ids: owning site first.
 */
export interface BlogFixture {
  id: string
  content_id: string
  site_id: string
  slug: string
}

export async function makeBlog(t: TestApp, siteIds: string[], opts: { status?: ContentStatus; slug?: string } = {}): Promise<BlogFixture> {
  const owner = siteIds[0]!
  const slug = opts.slug ?? `post-${uid()}`
  const status = opts.status ?? 'Draft'
  const db = t.dbh.db
  const [c] = await db.insert(content).values({ site_id: owner, content_type: 'blog' }).returning()
  await db.insert(contentSites).values(siteIds.map((site_id, position) => ({ content_id: c!.id, site_id, content_type: 'blog' as const, slug, position })))
  const now = t.clock.now()
  const [b] = await db
    .insert(blogs)
    .values({
      content_id: c!.id,
      site_id: owner,
      slug,
      status,
      ...(status === 'Published' ? { published_at: now, published_date: now.toISOString().slice(0, 10) } : {}),
    })
    .returning()
  return { id: b!.id, content_id: c!.id, site_id: owner, slug }
}

/** Soft-deletes a fixture blog the way the blog service does: deleted_at set, carrier rows retired. */
export async function softDeleteBlog(t: TestApp, blog: BlogFixture): Promise<void> {
  await t.dbh.db.update(blogs).set({ deleted_at: t.clock.now() }).where(eq(blogs.id, blog.id))
  await t.dbh.db.update(contentSites).set({ is_live: false }).where(eq(contentSites.content_id, blog.content_id))
}

export async function setBlogStatus(t: TestApp, blog: BlogFixture, status: ContentStatus): Promise<void> {
  await t.dbh.db.update(blogs).set({ status }).where(eq(blogs.id, blog.id))
}

export interface TagBody {
  id: string
  site_id: string
  name: string
  slug: string
}
export interface CategoryBody extends TagBody {
  parent_id: string | null
  description: string
  display_order: number
}

export async function makeTag(t: TestApp, key: string, siteId: string, name = `Tag ${uid()}`, slug?: string): Promise<TagBody> {
  return expectStatus<TagBody>(await t.as(key).post('/tags', { site_id: siteId, name, ...(slug ? { slug } : {}) }), 201)
}

export async function makeCategory(
  t: TestApp,
  key: string,
  siteId: string,
  extra: { name?: string; slug?: string; parent_id?: string | null; display_order?: number; description?: string } = {},
): Promise<CategoryBody> {
  return expectStatus<CategoryBody>(await t.as(key).post('/categories', { site_id: siteId, name: extra.name ?? `Category ${uid()}`, ...extra }), 201)
}

export function auditsOf(t: TestApp, entityType: string, entityId: string) {
  return t.dbh.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity_type, entityType), eq(auditLogs.entity_id, entityId)))
    .orderBy(asc(auditLogs.created_at))
}

export function historyOf(t: TestApp, entityType: string, entityId: string) {
  return t.dbh.db
    .select()
    .from(changeHistory)
    .where(and(eq(changeHistory.entity_type, entityType), eq(changeHistory.entity_id, entityId)))
}

/** Outbox events of a type whose payload data has this id. */
export async function eventsFor(t: TestApp, type: string, id: string) {
  const rows = await t.dbh.db.select().from(outboxEvents).where(eq(outboxEvents.event_type, type))
  return rows.filter((r) => (r.payload as { data?: { id?: string } }).data?.id === id)
}

/** Asserts an empty 204 answer. */
export function expectNoContent(res: Res): void {
  expect(res.statusCode, res.body).toBe(204)
  expect(res.body).toBe('')
}
