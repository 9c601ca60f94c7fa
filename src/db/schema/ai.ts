import { sql } from 'drizzle-orm'
import { doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, timestamps } from './columns.js'
import { siteOwned } from './sites.js'

export type SystemPrompts = Partial<Record<'seo' | 'excerpt' | 'translate' | 'draft_outline' | 'draft_post', string>>

/**
 * AI provider configuration, one per site (README "AI-assisted writing"). The provider key is stored only as
 * AES-256-GCM ciphertext (platform/secrets.ts) with the id of the key that encrypted it; `api_key_masked` is
 * the only form of it that is ever answered.
 */
export const aiConfigs = pgTable(
  'ai_configs',
  {
    ...siteOwned(),
    provider_name: text('provider_name').notNull(),
    base_url: text('base_url').notNull(),
    api_key_encrypted: text('api_key_encrypted'),
    /** Fingerprint of the encryption key that produced api_key_encrypted (start-up check). */
    api_key_key_id: text('api_key_key_id'),
    api_key_masked: text('api_key_masked'),
    model: text('model').notNull(),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    max_tokens: integer('max_tokens').notNull().default(1024),
    system_prompts: jsonb('system_prompts').$type<SystemPrompts>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ai_configs_site_uq').on(t.site_id),
    index('ai_configs_key_id_idx')
      .on(t.api_key_key_id)
      .where(sql`${t.api_key_encrypted} is not null`),
  ],
)
export type AiConfigRow = typeof aiConfigs.$inferSelect

/**
 * The fingerprint of the encryption key this database's secrets belong to (one row). Instances compare theirs
 * at start-up, so two instances with different keys cannot both write secrets (platform/secrets.ts).
 */
export const encryptionKeys = pgTable('encryption_keys', {
  id: smallint('id').primaryKey().default(1),
  fingerprint: text('fingerprint').notNull(),
  created_at: createdAt(),
})
