import { satisfies } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import type { RecordScope } from '../../core/entities.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { ReadDb } from '../../db/client.js'
import type { LegalDocumentRow, LegalGroupRow, LegalItemRow } from '../../db/schema/legal.js'
import { notFound } from '../../http/errors.js'
import { legalDocumentEntity } from './entity.js'
import { legalLocalizationKit } from './localizations.service.js'
import * as q from './queries.js'
import {
  LegalDocument,
  LegalDocumentDetail,
  presentLegalDocument,
  presentLegalGroupFields,
  presentLegalItem,
  presentLegalLocalization,
  type LegalGroup,
} from './schemas.js'

/*
 * Whole legal documents: the document with its localizations (default locale first, then by code) and its groups,
 * each with its items, both by display_order. Loaded with one query per level (localizations, groups, items of
 * all groups), never one per group. By id, by slug and the cookie-consent banner are cached (core/read-cache.ts):
 * by id and by slug on the document's own handles, which every write to the document or to anything hanging off
 * it refreshes; cookie-consent on the site's lists (which document is the newest active one changes with any
 * document created, deleted, activated or retyped in the site).
 */

const detailCache = jsonCache('legal-detail', LegalDocumentDetail, LegalDocument)

/** Groups with their items, in display_order: items grouped in memory from the one query. */
export function nestGroups(groups: LegalGroupRow[], items: LegalItemRow[]): LegalGroup[] {
  const byGroup = new Map<string, LegalItemRow[]>()
  for (const item of items) byGroup.set(item.group_id, [...(byGroup.get(item.group_id) ?? []), item])
  return groups.map((g) => ({ ...presentLegalGroupFields(g), items: (byGroup.get(g.id) ?? []).map(presentLegalItem) }))
}

async function detailOf(db: ReadDb, doc: LegalDocumentRow): Promise<LegalDocumentDetail> {
  const [locs, groups, items] = await Promise.all([legalLocalizationKit.ofKey(db, doc.id), q.groupsOf(db, doc.id), q.itemsOfDocument(db, doc.id)])
  return { ...presentLegalDocument(doc), localizations: locs.map(presentLegalLocalization), groups: nestGroups(groups, items) }
}

/** The whole document by id (any is_active), cached on the document's handle. `scope`: what the route's access check resolved. */
export async function detail(ctx: Ctx, id: string, scope?: RecordScope): Promise<RawJson> {
  const site = scope?.siteId ?? ((await q.findDocument(ctx.db, id)) ?? notFound(legalDocumentEntity)).site_id
  return detailCache.get(ctx, { site, record: `legal_document:${id}` }, 'id', async () => ({
    value: await detailOf(ctx.db, (await q.findDocument(ctx.db, id)) ?? notFound(legalDocumentEntity)),
    until: null,
  }))
}

/**
 * The whole document with this slug in the site. Public lookup: Read-level callers (Read keys, Viewers) get only
 * an active document (an inactive one is 404 for them, like a draft); Write and above see inactive ones too. The two
 * audiences are cached apart.
 */
export async function bySlug(ctx: Ctx, siteId: string, slug: string): Promise<RawJson> {
  const preview = satisfies(ctx.principal, siteId, 'Write')
  return detailCache.get(ctx, { site: siteId, record: `legal_document:slug:${siteId}:${slug}` }, preview ? 'slug' : 'live-slug', async () => {
    const doc = (await q.documentBySlug(ctx.db, siteId, slug)) ?? notFound(legalDocumentEntity)
    if (!preview && !doc.is_active) notFound(legalDocumentEntity)
    return { value: await detailOf(ctx.db, doc), until: null }
  })
}

/** The site's active CookieConsent document (the newest if several), whole; 404 when there is none. */
export async function cookieConsent(ctx: Ctx, siteId: string): Promise<RawJson> {
  return detailCache.get(ctx, siteId, 'cookie-consent', async () => {
    const doc = (await q.activeCookieConsent(ctx.db, siteId)) ?? notFound('cookie consent document')
    return { value: await detailOf(ctx.db, doc), until: null }
  })
}
