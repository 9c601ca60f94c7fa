import { eq } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { aiConfigs, type AiConfigRow } from '../../db/schema/ai.js'
import { sites } from '../../db/schema/sites.js'

export function findConfig(db: ReadDb | Tx, siteId: string): Promise<AiConfigRow | undefined> {
  return db.query.aiConfigs.findFirst({ where: eq(aiConfigs.site_id, siteId) })
}

export async function lockConfig(tx: Tx, siteId: string): Promise<AiConfigRow | undefined> {
  const [row] = await tx.select().from(aiConfigs).where(eq(aiConfigs.site_id, siteId)).for('update')
  return row
}

export type AiConfigValues = Omit<typeof aiConfigs.$inferInsert, 'id' | 'created_at'>

/** Insert or replace the site's configuration (one per site). */
export async function upsertConfig(tx: Tx, values: AiConfigValues): Promise<AiConfigRow> {
  const { site_id: _site, ...changes } = values
  const [row] = await tx.insert(aiConfigs).values(values).onConflictDoUpdate({ target: aiConfigs.site_id, set: changes }).returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

export async function deleteConfig(tx: Tx, siteId: string): Promise<AiConfigRow | undefined> {
  const [row] = await tx.delete(aiConfigs).where(eq(aiConfigs.site_id, siteId)).returning()
  return row
}

/** The site's `ai_enabled` setting (undefined: no such site). */
export async function aiEnabled(db: ReadDb, siteId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ on: sites.ai_enabled }).from(sites).where(eq(sites.id, siteId)).limit(1)
  return row?.on
}
