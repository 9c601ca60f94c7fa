import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { apiKeys, apiKeyUsage, apiKeyUsageDaily, type ApiKeyRow, type KeyStatus, type Permission } from '../../db/schema/api-keys.js'

export interface KeyFilter {
  /** undefined: every site and unscoped keys; otherwise only keys of these sites. */
  siteIds?: string[]
  site_id?: string
  status?: KeyStatus
  permission?: Permission
  now: Date
}

function statusPredicate(status: KeyStatus, now: Date): SQL | undefined {
  // Expiry is derived: an Active key past expires_at lists as Expired before the sweep rewrites it.
  switch (status) {
    case 'Active':
      return and(eq(apiKeys.status, 'Active'), or(isNull(apiKeys.expires_at), gt(apiKeys.expires_at, now)))
    case 'Expired':
      return or(eq(apiKeys.status, 'Expired'), and(eq(apiKeys.status, 'Active'), lte(apiKeys.expires_at, now)))
    case 'Blocked':
    case 'Revoked':
      return eq(apiKeys.status, status)
  }
}

export function findKey(db: ReadDb, id: string): Promise<ApiKeyRow | undefined> {
  return db.query.apiKeys.findFirst({ where: eq(apiKeys.id, id) })
}

export async function listKeys(db: ReadDb, f: KeyFilter, limit: number, offset: number): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const where = and(
    f.siteIds ? (f.siteIds.length ? inArray(apiKeys.site_id, f.siteIds) : eq(apiKeys.id, '00000000-0000-0000-0000-000000000000')) : undefined,
    f.site_id ? eq(apiKeys.site_id, f.site_id) : undefined,
    f.permission ? eq(apiKeys.permission, f.permission) : undefined,
    f.status ? statusPredicate(f.status, f.now) : undefined,
  )
  const [rows, totals] = await Promise.all([
    db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.created_at), desc(apiKeys.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(apiKeys).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

export async function countKeys(db: ReadDb): Promise<number> {
  const [r] = await db.select({ n: count() }).from(apiKeys)
  return r?.n ?? 0
}

export function findKeyByDigest(db: ReadDb, digest: string): Promise<ApiKeyRow | undefined> {
  return db.query.apiKeys.findFirst({ where: eq(apiKeys.key_digest, digest) })
}

export async function insertKey(tx: Tx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning()
  return row as ApiKeyRow
}

export async function updateKey(tx: Tx, id: string, patch: Partial<typeof apiKeys.$inferInsert>): Promise<ApiKeyRow | undefined> {
  const [row] = await tx.update(apiKeys).set(patch).where(eq(apiKeys.id, id)).returning()
  return row
}

/** Row locked for the rest of the transaction, so two state changes cannot interleave. */
export async function lockKey(tx: Tx, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update')
  return row
}

/**
 * The key, then its usage. Call with the key row locked (lockKey): a usage write already holding the key has then
 * committed, and this statement sees its rows; one that comes later waits for this transaction and finds no key.
 */
export async function deleteKey(tx: Tx, id: string): Promise<void> {
  await tx.delete(apiKeys).where(eq(apiKeys.id, id))
  await tx.delete(apiKeyUsage).where(eq(apiKeyUsage.api_key_id, id))
  await tx.delete(apiKeyUsageDaily).where(eq(apiKeyUsageDaily.api_key_id, id))
}

export function findDueExpiries(db: ReadDb, now: Date, limit = 500): Promise<Array<{ id: string }>> {
  return db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.status, 'Active'), lte(apiKeys.expires_at, now)))
    .limit(limit)
}

export async function listUsage(db: ReadDb, keyId: string, limit: number, offset: number) {
  const where = eq(apiKeyUsage.api_key_id, keyId)
  const [rows, totals] = await Promise.all([
    db.select().from(apiKeyUsage).where(where).orderBy(desc(apiKeyUsage.created_at), desc(apiKeyUsage.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(apiKeyUsage).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}
