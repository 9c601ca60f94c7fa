import { sql } from 'drizzle-orm'
import { auditLogs, outboxEvents } from '../../../src/db/schema/audit.js'
import { contentSites } from '../../../src/db/schema/content.js'
import { pageSectionLocalizations, pageSections, pages } from '../../../src/db/schema/pages.js'
import type { Page, PageSection } from '../../../src/modules/pages/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

/* Page fixtures through the HTTP API (so every rule applies) and row counters. */

export type PageBody = Record<string, unknown>

export const pageBody = (siteIds: string[], extra: PageBody = {}): PageBody => {
  const u = uid()
  return { site_ids: siteIds, route: `/p/${u}`, slug: `page-${u}`, ...extra }
}

/** Creates a page with the site's Write key (or the given key). */
export async function createPage(t: TestApp, site: SiteFixture, extra: PageBody = {}, key = site.keys.Write, siteIds = [site.id]): Promise<Page> {
  return expectStatus<Page>(await t.as(key).post('/pages', pageBody(siteIds, extra)), 201)
}

export async function addSection(t: TestApp, site: SiteFixture, pageId: string, extra: Record<string, unknown> = {}): Promise<PageSection> {
  return expectStatus<PageSection>(await t.as(site.keys.Write).post(`/pages/${pageId}/sections`, { section_type: 'text', ...extra }), 201)
}

export async function localize(t: TestApp, site: SiteFixture, sectionId: string, body: Record<string, unknown>) {
  const res = await t.as(site.keys.Write).put(`/pages/sections/${sectionId}/localizations`, body)
  return { status: res.statusCode, body: res.json<{ id: string; title: string | null; locale_id: string; text: string | null; button_text: string | null }>() }
}

/** Counts of the rows a page write touches: a refused request must leave all of them unchanged. */
export async function writeCounts(t: TestApp) {
  const db = t.dbh.db
  const n = sql<number>`count(*)::int`
  const count = async (q: Promise<Array<{ n: number }>>) => (await q)[0]!.n
  return {
    pages: await count(db.select({ n }).from(pages)),
    carriers: await count(db.select({ n }).from(contentSites)),
    sections: await count(db.select({ n }).from(pageSections)),
    localizations: await count(db.select({ n }).from(pageSectionLocalizations)),
    audit: await count(db.select({ n }).from(auditLogs)),
    outbox: await count(db.select({ n }).from(outboxEvents)),
  }
}
