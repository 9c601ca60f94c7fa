import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, ts } from './columns.js'
import { contentId } from './content.js'
import { siteOwned } from './sites.js'

export const PREVIEW_TYPES = ['blog', 'page'] as const
export type PreviewType = (typeof PREVIEW_TYPES)[number]

/**
 * Preview tokens (README "Previews"): one record of one site, readable by whoever holds the token until it
 * expires or is revoked (the row deleted). Only the token's SHA-256 digest is kept. `content_id` ties it to the
 * content item: deleting the record (or its content) makes the token find nothing.
 */
export const previews = pgTable(
  'previews',
  {
    ...siteOwned(),
    token_digest: text('token_digest').notNull().unique('previews_token_digest_uq'),
    type: text('type', { enum: PREVIEW_TYPES }).notNull(),
    record_id: uuid('record_id').notNull(),
    content_id: contentId(),
    /** Locale code the preview shows (the site's default when none was asked for), or null for a site without locales. */
    locale: text('locale'),
    expires_at: ts('expires_at').notNull(),
    created_by_user_id: uuid('created_by_user_id'),
    created_by_api_key_id: uuid('created_by_api_key_id'),
    created_at: createdAt(),
  },
  (t) => [
    index('previews_site_expires_idx').on(t.site_id, t.expires_at),
    index('previews_record_idx').on(t.record_id),
    index('previews_content_idx').on(t.content_id),
    index('previews_expires_idx').on(t.expires_at),
  ],
)

export type PreviewRow = typeof previews.$inferSelect
