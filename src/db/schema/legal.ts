import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, updatedAt } from './columns.js'
import { locales, sites } from './sites.js'

export const LEGAL_DOCUMENT_TYPES = ['CookieConsent', 'PrivacyPolicy', 'TermsOfService', 'Imprint', 'Disclaimer', 'Other'] as const
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number]

/** Legal documents of a site: slug unique per site among live documents; soft delete. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    cookie_name: text('cookie_name'),
    document_type: text('document_type', { enum: LEGAL_DOCUMENT_TYPES }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('legal_documents_site_slug_uq')
      .on(t.site_id, t.slug)
      .where(sql`${t.deleted_at} is null`),
    // The list (slug order) and the cookie-consent lookup (the newest active CookieConsent of a site).
    index('legal_documents_site_type_idx')
      .on(t.site_id, t.document_type, t.created_at)
      .where(sql`${t.deleted_at} is null and ${t.is_active}`),
  ],
)

/** One per locale of the document's site. Deleted with the document row (documents are soft-deleted: they stay). */
export const legalDocumentLocalizations = pgTable(
  'legal_document_localizations',
  {
    id: id(),
    legal_document_id: uuid('legal_document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'cascade' }),
    locale_id: uuid('locale_id')
      .notNull()
      .references(() => locales.id, { onDelete: 'cascade' }),
    title: text('title'),
    intro: text('intro'),
    body: text('body'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_document_localizations_doc_locale_uq').on(t.legal_document_id, t.locale_id),
    index('legal_document_localizations_locale_idx').on(t.locale_id),
  ],
)

/** Consent groups of a document (a cookie-consent banner's categories), in display_order. Hard delete (with their items). */
export const legalGroups = pgTable(
  'legal_groups',
  {
    id: id(),
    legal_document_id: uuid('legal_document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'cascade' }),
    cookie_name: text('cookie_name'),
    title: text('title').notNull(),
    description: text('description'),
    display_order: integer('display_order').notNull().default(0),
    is_required: boolean('is_required').notNull().default(false),
    default_enabled: boolean('default_enabled').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('legal_groups_document_order_idx').on(t.legal_document_id, t.display_order)],
)

/** The cookies or services of a group, in display_order. Hard delete. */
export const legalItems = pgTable(
  'legal_items',
  {
    id: id(),
    group_id: uuid('group_id')
      .notNull()
      .references(() => legalGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    provider: text('provider'),
    purpose: text('purpose'),
    expiry: text('expiry'),
    display_order: integer('display_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('legal_items_group_order_idx').on(t.group_id, t.display_order)],
)

export type LegalDocumentRow = typeof legalDocuments.$inferSelect
export type LegalDocumentLocalizationRow = typeof legalDocumentLocalizations.$inferSelect
export type LegalGroupRow = typeof legalGroups.$inferSelect
export type LegalItemRow = typeof legalItems.$inferSelect
