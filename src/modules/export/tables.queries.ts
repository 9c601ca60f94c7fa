import { getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import * as s from '../../db/schema/index.js'

/*
 * What a site archive holds: one NDJSON file per table below, in this order,
 * which is also the order of import (every row comes after the rows it names, except a table's own tree: see
 * `tree`). Each entry says which rows of site S travel (`where`), how they are ordered for keyset batches (`keys`:
 * the primary key) and which of their columns name rows of another table (`refs`), so that import can remap an id
 * that is taken in the target database and follow every reference to it.
 *
 * Left out on purpose: API keys and their usage, AI provider keys, webhook secrets and deliveries, sessions,
 * analytics raw events and salts, audit log and change history (the trail of the other installation: their ids
 * and actors mean nothing here), the outbox. Soft-deleted records do not travel (no API read shows them).
 * Content a site carries but another site owns travels as the site's own (its localizations follow the site's
 * locale of the same code); the archived site is the only carrying site after import.
 */

/** A reference: the column names a row of the table `to` (a spec name). */
export interface TableSpec {
  /** File name (`<name>.ndjson`) and the manifest's counts key. */
  name: string
  table: PgTable
  /** Primary-key columns: the order of keyset batches. */
  keys: readonly string[]
  /** The rows of site `site` that travel (columns qualified by the table's own name). */
  where: (site: SQL) => SQL
  /** Columns naming rows of another archived table (or this one): remapped on import. */
  refs?: Readonly<Record<string, string>>
  /**
   * References that may point at a row that does not travel (soft-deleted, another site's): exported as null
   * unless the target is in the archive. Also listed in `refs`.
   */
  soft?: readonly string[]
  /** A self-reference (trees): inserted as null, set once the whole table is in. */
  tree?: string
  /** Columns never written to the archive (secrets; values derived again on import). */
  omit?: readonly string[]
  /** Rows that need the locale mapping of shared content (localizations): `locale_id` follows the site's locale of the same code. */
  localized?: boolean
}

const t = (name: string) => sql.raw(`"${name}"`)
const col = (table: string, column: string) => sql.raw(`"${table}"."${column}"`)
const live = (table: string) => sql`${col(table, 'deleted_at')} is null`
const ofSite = (table: string, site: SQL) => sql`${col(table, 'site_id')} = ${site}`

/** Content items the site carries (owned or shared to it), live. */
const carried = (site: SQL) => sql`select cs.content_id from content_sites cs where cs.site_id = ${site} and cs.is_live`

/** Ids of the rows of spec `name` that travel (for `in (…)`); each spec's `where` names its table, so it nests. */
export function idsOf(name: string, site: SQL): SQL {
  const spec = SPEC_BY_NAME.get(name)
  if (!spec) throw new Error(`unknown archive table ${name}`)
  return sql`select ${col(getTableName(spec.table), 'id')} from ${spec.table} where ${spec.where(site)}`
}

export const TABLES: readonly TableSpec[] = [
  { name: 'locales', table: s.locales, keys: ['id'], where: (site) => ofSite('locales', site) },
  {
    name: 'media_folders',
    table: s.mediaFolders,
    keys: ['id'],
    where: (site) => sql`${ofSite('media_folders', site)} and ${live('media_folders')}`,
    refs: { parent_id: 'media_folders' },
    soft: ['parent_id'],
    tree: 'parent_id',
  },
  {
    name: 'media',
    table: s.media,
    keys: ['id'],
    where: (site) => sql`${ofSite('media', site)} and ${live('media')}`,
    refs: { folder_id: 'media_folders' },
    soft: ['folder_id'],
    // The stored file travels under files/ (the row names it); variants are made again on import.
    omit: ['variants'],
  },
  {
    name: 'media_metadata',
    table: s.mediaMetadata,
    keys: ['id'],
    where: (site) => sql`${col('media_metadata', 'media_id')} in (${idsOf('media', site)})`,
    refs: { media_id: 'media', locale_id: 'locales' },
    localized: true,
  },
  {
    name: 'document_folders',
    table: s.documentFolders,
    keys: ['id'],
    where: (site) => sql`${ofSite('document_folders', site)} and ${live('document_folders')}`,
    refs: { parent_id: 'document_folders' },
    soft: ['parent_id'],
    tree: 'parent_id',
  },
  {
    name: 'documents',
    table: s.documents,
    keys: ['id'],
    where: (site) => sql`${ofSite('documents', site)} and ${live('documents')}`,
    refs: { folder_id: 'document_folders' },
    soft: ['folder_id'],
  },
  {
    name: 'document_localizations',
    table: s.documentLocalizations,
    keys: ['id'],
    where: (site) => sql`${col('document_localizations', 'document_id')} in (${idsOf('documents', site)})`,
    refs: { document_id: 'documents', locale_id: 'locales' },
    localized: true,
  },
  { name: 'tags', table: s.tags, keys: ['id'], where: (site) => sql`${ofSite('tags', site)} and ${live('tags')}` },
  {
    name: 'categories',
    table: s.categories,
    keys: ['id'],
    where: (site) => sql`${ofSite('categories', site)} and ${live('categories')}`,
    refs: { parent_id: 'categories' },
    soft: ['parent_id'],
    tree: 'parent_id',
  },
  { name: 'content', table: s.content, keys: ['id'], where: (site) => sql`${col('content', 'id')} in (${carried(site)})` },
  {
    name: 'content_sites',
    table: s.contentSites,
    keys: ['content_id', 'site_id'],
    where: (site) => sql`${ofSite('content_sites', site)} and ${col('content_sites', 'is_live')}`,
    refs: { content_id: 'content' },
  },
  {
    name: 'blogs',
    table: s.blogs,
    keys: ['id'],
    where: (site) => sql`${col('blogs', 'content_id')} in (${carried(site)}) and ${live('blogs')}`,
    refs: { content_id: 'content', cover_image_id: 'media', header_image_id: 'media' },
    soft: ['cover_image_id', 'header_image_id'],
  },
  {
    name: 'blog_localizations',
    table: s.blogLocalizations,
    keys: ['id'],
    where: (site) => sql`${col('blog_localizations', 'content_id')} in (${idsOfBodies('blogs', site)})`,
    refs: { content_id: 'content', locale_id: 'locales' },
    localized: true,
  },
  {
    name: 'pages',
    table: s.pages,
    keys: ['id'],
    where: (site) => sql`${col('pages', 'content_id')} in (${carried(site)}) and ${live('pages')}`,
    refs: { content_id: 'content', parent_page_id: 'pages' },
    soft: ['parent_page_id'],
    tree: 'parent_page_id',
  },
  {
    name: 'page_sections',
    table: s.pageSections,
    keys: ['id'],
    where: (site) => sql`${col('page_sections', 'page_id')} in (${idsOf('pages', site)})`,
    refs: { page_id: 'pages', cover_image_id: 'media' },
    soft: ['cover_image_id'],
  },
  {
    name: 'page_section_localizations',
    table: s.pageSectionLocalizations,
    keys: ['id'],
    where: (site) => sql`${col('page_section_localizations', 'page_section_id')} in (${idsOf('page_sections', site)})`,
    refs: { page_section_id: 'page_sections', locale_id: 'locales' },
    localized: true,
  },
  {
    name: 'skills',
    table: s.skills,
    keys: ['id'],
    where: (site) => sql`${col('skills', 'content_id')} in (${carried(site)}) and ${live('skills')}`,
    refs: { content_id: 'content' },
  },
  {
    name: 'cv_entries',
    table: s.cvEntries,
    keys: ['id'],
    where: (site) => sql`${col('cv_entries', 'content_id')} in (${carried(site)}) and ${live('cv_entries')}`,
    refs: { content_id: 'content' },
  },
  {
    name: 'content_tags',
    table: s.contentTags,
    keys: ['content_id', 'tag_id'],
    where: (site) => sql`${col('content_tags', 'content_id')} in (${carried(site)}) and ${col('content_tags', 'tag_id')} in (${idsOf('tags', site)})`,
    refs: { content_id: 'content', tag_id: 'tags' },
  },
  {
    name: 'content_categories',
    table: s.contentCategories,
    keys: ['content_id', 'category_id'],
    where: (site) =>
      sql`${col('content_categories', 'content_id')} in (${carried(site)}) and ${col('content_categories', 'category_id')} in (${idsOf('categories', site)})`,
    refs: { content_id: 'content', category_id: 'categories' },
  },
  {
    name: 'content_documents',
    table: s.contentDocuments,
    keys: ['content_id', 'document_id'],
    where: (site) =>
      sql`${col('content_documents', 'content_id')} in (${carried(site)}) and ${col('content_documents', 'document_id')} in (${idsOf('documents', site)})`,
    refs: { content_id: 'content', document_id: 'documents' },
  },
  { name: 'navigation_menus', table: s.navigationMenus, keys: ['id'], where: (site) => ofSite('navigation_menus', site) },
  {
    name: 'navigation_items',
    table: s.navigationItems,
    keys: ['id'],
    where: (site) => sql`${col('navigation_items', 'menu_id')} in (${idsOf('navigation_menus', site)})`,
    refs: { menu_id: 'navigation_menus', parent_id: 'navigation_items', page_id: 'pages' },
    soft: ['page_id'],
    tree: 'parent_id',
  },
  {
    name: 'navigation_item_localizations',
    table: s.navigationItemLocalizations,
    keys: ['id'],
    where: (site) => sql`${col('navigation_item_localizations', 'navigation_item_id')} in (${idsOf('navigation_items', site)})`,
    refs: { navigation_item_id: 'navigation_items', locale_id: 'locales' },
    localized: true,
  },
  { name: 'legal_documents', table: s.legalDocuments, keys: ['id'], where: (site) => sql`${ofSite('legal_documents', site)} and ${live('legal_documents')}` },
  {
    name: 'legal_document_localizations',
    table: s.legalDocumentLocalizations,
    keys: ['id'],
    where: (site) => sql`${col('legal_document_localizations', 'legal_document_id')} in (${idsOf('legal_documents', site)})`,
    refs: { legal_document_id: 'legal_documents', locale_id: 'locales' },
    localized: true,
  },
  {
    name: 'legal_groups',
    table: s.legalGroups,
    keys: ['id'],
    where: (site) => sql`${col('legal_groups', 'legal_document_id')} in (${idsOf('legal_documents', site)})`,
    refs: { legal_document_id: 'legal_documents' },
  },
  {
    name: 'legal_items',
    table: s.legalItems,
    keys: ['id'],
    where: (site) => sql`${col('legal_items', 'group_id')} in (${idsOf('legal_groups', site)})`,
    refs: { group_id: 'legal_groups' },
  },
  { name: 'social_links', table: s.socialLinks, keys: ['id'], where: (site) => sql`${ofSite('social_links', site)} and ${live('social_links')}` },
  { name: 'redirects', table: s.redirects, keys: ['id'], where: (site) => sql`${ofSite('redirects', site)} and ${live('redirects')}` },
  {
    name: 'content_templates',
    table: s.contentTemplates,
    keys: ['id'],
    where: (site) => sql`${ofSite('content_templates', site)} and ${live('content_templates')}`,
  },
  // Exported inactive and without their secret (import gives each a new one).
  { name: 'webhooks', table: s.webhooks, keys: ['id'], where: (site) => sql`${ofSite('webhooks', site)} and ${live('webhooks')}`, omit: ['secret'] },
  // Without the provider key: it is a secret of this installation (encrypted with its key).
  {
    name: 'ai_configs',
    table: s.aiConfigs,
    keys: ['id'],
    where: (site) => ofSite('ai_configs', site),
    omit: ['api_key_encrypted', 'api_key_key_id', 'api_key_masked'],
  },
  // Members by identity-provider id; the internal user id is derived from it again on import.
  { name: 'site_members', table: s.siteMembers, keys: ['id'], where: (site) => ofSite('site_members', site), omit: ['user_id'] },
  {
    name: 'notifications',
    table: s.notifications,
    keys: ['id'],
    where: (site) => ofSite('notifications', site),
  },
  { name: 'analytics_daily_stats', table: s.analyticsDailyStats, keys: ['site_id', 'date', 'path'], where: (site) => ofSite('analytics_daily_stats', site) },
  { name: 'analytics_daily_totals', table: s.analyticsDailyTotals, keys: ['site_id', 'date'], where: (site) => ofSite('analytics_daily_totals', site) },
  { name: 'analytics_rollup_state', table: s.analyticsRollupState, keys: ['site_id'], where: (site) => ofSite('analytics_rollup_state', site) },
]

/** Content ids of the live bodies of one kind the site carries (their localizations travel). */
function idsOfBodies(table: string, site: SQL): SQL {
  return sql`select ${col(table, 'content_id')} from ${t(table)} where ${col(table, 'content_id')} in (${carried(site)}) and ${live(table)}`
}

const SPEC_BY_NAME = new Map(TABLES.map((spec) => [spec.name, spec]))

export const specOf = (name: string): TableSpec | undefined => SPEC_BY_NAME.get(name)

/** Where stored files travel: `files/<namespace>/<name>`. */
export const FILE_DIRS = { media: 'files/media/', documents: 'files/documents/' } as const
