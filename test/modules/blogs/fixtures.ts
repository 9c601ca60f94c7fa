import { sql } from 'drizzle-orm'
import { auditLogs, outboxEvents } from '../../../src/db/schema/audit.js'
import { blogLocalizations, blogs } from '../../../src/db/schema/blogs.js'
import { categories, contentCategories, contentTags, tags } from '../../../src/db/schema/taxonomy.js'
import type { BlogDetail } from '../../../src/modules/blogs/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

/* Blog fixtures through the HTTP API (so every rule applies) plus direct taxonomy rows and row counters. */

export type BlogBody = Record<string, unknown>

export const blogBody = (siteIds: string[], extra: BlogBody = {}): BlogBody => ({ site_ids: siteIds, slug: `post-${uid()}`, author: 'Ann', ...extra })

export const locId = (site: SiteFixture, code: string) => site.locales.find((l) => l.code === code)!.id

/** Creates a blog with the site's Write key (or the given key); returns the detail answer. */
export async function createBlog(t: TestApp, site: SiteFixture, extra: BlogBody = {}, key = site.keys.Write, siteIds = [site.id]): Promise<BlogDetail> {
  return expectStatus<BlogDetail>(await t.as(key).post('/blogs', blogBody(siteIds, extra)), 201)
}

/** A published blog with an English localization (title from the slug unless given). */
export async function publishedBlog(t: TestApp, site: SiteFixture, extra: BlogBody = {}, siteIds = [site.id]): Promise<BlogDetail> {
  const slug = (extra.slug as string | undefined) ?? `pub-${uid()}`
  return createBlog(
    t,
    site,
    { slug, status: 'Published', localizations: [{ locale_id: locId(site, 'en'), title: `Title ${slug}`, body: 'Some words here' }], ...extra },
    site.keys.Write,
    siteIds,
  )
}

export async function addTag(t: TestApp, siteId: string, name: string) {
  const [row] = await t.dbh.db
    .insert(tags)
    .values({ site_id: siteId, name, slug: `${name.toLowerCase()}-${uid()}` })
    .returning()
  return row!
}

export async function addCategory(t: TestApp, siteId: string, name: string) {
  const [row] = await t.dbh.db
    .insert(categories)
    .values({ site_id: siteId, name, slug: `${name.toLowerCase()}-${uid()}` })
    .returning()
  return row!
}

export async function assignTag(t: TestApp, contentId: string, tagId: string) {
  await t.dbh.db.insert(contentTags).values({ content_id: contentId, tag_id: tagId })
}

export async function assignCategory(t: TestApp, contentId: string, categoryId: string, isPrimary = false) {
  await t.dbh.db.insert(contentCategories).values({ content_id: contentId, category_id: categoryId, is_primary: isPrimary })
}

/** Counts of the rows a blog write touches: a refused request must leave all of them unchanged. */
export async function writeCounts(t: TestApp) {
  const db = t.dbh.db
  const count = async (q: Promise<Array<{ n: number }>>) => (await q)[0]!.n
  const n = sql<number>`count(*)::int`
  return {
    blogs: await count(db.select({ n }).from(blogs)),
    localizations: await count(db.select({ n }).from(blogLocalizations)),
    audit: await count(db.select({ n }).from(auditLogs)),
    outbox: await count(db.select({ n }).from(outboxEvents)),
  }
}
