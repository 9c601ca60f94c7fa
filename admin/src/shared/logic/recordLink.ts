/*
 * Where a record named by an audit entry, a change, a notification or a search hit lives in the admin: blogs, pages
 * and documents open on their own screens, every other entity type on its area's screen (null: nothing to open, e.g. a deleted record, an AI
 * generation). One table for the dashboard's activity, the audit log and the notifications page.
 */
const SCREEN_OF: Record<string, string> = {
  blog: 'blogs',
  blog_localization: 'blogs',
  page: 'pages',
  page_section: 'pages',
  page_section_localization: 'pages',
  media: 'media',
  media_folder: 'media',
  document: 'documents',
  document_folder: 'documents',
  document_localization: 'documents',
  legal_document: 'legal',
  legal_document_localization: 'legal',
  legal_group: 'legal',
  legal_item: 'legal',
  navigation_menu: 'navigation',
  navigation_item: 'navigation',
  navigation_item_localization: 'navigation',
  category: 'taxonomy',
  tag: 'taxonomy',
  content_template: 'templates',
  redirect: 'redirects',
  social_link: 'social',
  skill: 'skills',
  cv_entry: 'cv',
  site: 'settings',
  site_settings: 'settings',
  locale: 'settings',
  site_member: 'members',
  webhook: 'webhooks',
  api_key: 'api-keys',
  ai_config: 'ai',
  analytics: 'analytics',
}
/** Entity types with a screen of their own at /sites/$siteId/<screen>/$recordId (documents: documents/routes.ts). */
const EDITORS = new Set(['blog', 'page', 'document'])

export interface RecordLink {
  /** A screen id of app/areas.ts. */
  area: string
  /** Set for records that open in an editor; otherwise the link is the screen. */
  recordId?: string
}

export function recordLink(entityType: string, entityId: string | null, action?: string): RecordLink | null {
  const area = SCREEN_OF[entityType]
  if (!area || action === 'Delete') return null
  return EDITORS.has(entityType) && entityId ? { area, recordId: entityId } : { area }
}
