import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core'
import { displayOrder, id, liveUniqueIndex, ownedBy, softDeleteTimestamps, timestamps } from './columns.js'
import { siteOwned } from './sites.js'
import { localizationTable } from './localizations.js'

export const LEGAL_DOCUMENT_TYPES = ['CookieConsent', 'PrivacyPolicy', 'TermsOfService', 'Imprint', 'Disclaimer', 'Other'] as const
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number]

/** Legal documents of a site: slug unique per site among live documents; soft delete. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    ...siteOwned(),
    slug: text('slug').notNull(),
    cookie_name: text('cookie_name'),
    document_type: text('document_type', { enum: LEGAL_DOCUMENT_TYPES }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...softDeleteTimestamps(),
  },
  (t) => [
    liveUniqueIndex('legal_documents_site_slug_uq', t, t.site_id, t.slug),
    // The list (slug order) and the cookie-consent lookup (the newest active CookieConsent of a site).
    index('legal_documents_site_type_idx')
      .on(t.site_id, t.document_type, t.created_at)
      .where(sql`${t.deleted_at} is null and ${t.is_active}`),
  ],
)

/** One per locale of the document's site. Deleted with the document row (documents are soft-deleted: they stay). */
export const legalDocumentLocalizations = localizationTable(
  'legal_document_localizations',
  { column: 'legal_document_id', references: () => legalDocuments.id, key: 'doc' },
  {
    title: text('title'),
    intro: text('intro'),
    body: text('body'),
  },
)

/** Consent groups of a document (a cookie-consent banner's categories), in display_order. Hard delete (with their items). */
export const legalGroups = pgTable(
  'legal_groups',
  {
    id: id(),
    legal_document_id: ownedBy('legal_document_id', () => legalDocuments.id),
    cookie_name: text('cookie_name'),
    title: text('title').notNull(),
    description: text('description'),
    display_order: displayOrder(),
    is_required: boolean('is_required').notNull().default(false),
    default_enabled: boolean('default_enabled').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('legal_groups_document_order_idx').on(t.legal_document_id, t.display_order)],
)

/** The cookies or services of a group, in display_order. Hard delete. */
export const legalItems = pgTable(
  'legal_items',
  {
    id: id(),
    group_id: ownedBy('group_id', () => legalGroups.id),
    name: text('name').notNull(),
    provider: text('provider'),
    purpose: text('purpose'),
    expiry: text('expiry'),
    display_order: displayOrder(),
    ...timestamps(),
  },
  (t) => [index('legal_items_group_order_idx').on(t.group_id, t.display_order)],
)

export type LegalDocumentRow = typeof legalDocuments.$inferSelect
export type LegalDocumentLocalizationRow = typeof legalDocumentLocalizations.$inferSelect
export type LegalGroupRow = typeof legalGroups.$inferSelect
export type LegalItemRow = typeof legalItems.$inferSelect
