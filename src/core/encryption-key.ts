import { count, eq, isNotNull } from 'drizzle-orm'
import { ConfigError } from '../config.js'
import type { Db } from '../db/client.js'
import { aiConfigs, encryptionKeys } from '../db/schema/ai.js'
import { fingerprint, type Secrets } from '../platform/secrets.js'

export interface KeyCheckResult {
  generated: boolean
  /** Set when the registered fingerprint was replaced (no encrypted data existed). */
  replaced?: string
  /**
   * Set when another instance registered a different key and nothing is encrypted yet (a PostgreSQL server whose
   * instances each generated their own key file): this instance starts, but refuses to encrypt (putConfig).
   */
  mismatch?: string
  /** What to tell the operator about the mismatch. */
  message?: string
}

/**
 * Start-up check of the key for secrets at rest (the key is never regenerated once encrypted data
 * exists: that would lose the data). With encrypted rows present, a missing key or a key other than theirs is a ConfigError that stops
 * start-up. With none, a missing key is generated into the data directory. The database also records the
 * fingerprint of the key in use: a second instance with a different key (for example its own generated file on a
 * PostgreSQL server) still starts while nothing is encrypted (instances that never store a secret need no shared
 * key), but it will not encrypt a secret the others could not read (see `registeredKeyMismatch`).
 * Runs under the start-up lock.
 */
export async function checkEncryptionKey(db: Db, secrets: Secrets, onPostgresServer: boolean): Promise<KeyCheckResult> {
  const stored = await db
    .select({ keyId: aiConfigs.api_key_key_id, n: count() })
    .from(aiConfigs)
    .where(isNotNull(aiConfigs.api_key_encrypted))
    .groupBy(aiConfigs.api_key_key_id)
  const total = stored.reduce((s, r) => s + r.n, 0)
  const where = secrets.source === 'env' ? 'ATRIUM_ENCRYPTION_KEY' : `the key file ${secrets.keyFile}`
  let key = secrets.readKey()
  let generated = false
  if (total > 0) {
    if (!key) {
      throw new ConfigError(
        `${total} encrypted secret(s) (AI provider keys) exist in the database, but no encryption key is available: ATRIUM_ENCRYPTION_KEY is not set ` +
          `and ${secrets.keyFile} does not exist. Set ATRIUM_ENCRYPTION_KEY to the key they were encrypted with (or restore the key file). ` +
          'Atrium never generates a new key over existing encrypted data.',
      )
    }
    const mine = fingerprint(key)
    const foreign = stored.filter((r) => r.keyId !== mine).reduce((s, r) => s + r.n, 0)
    if (foreign > 0) {
      throw new ConfigError(
        `The encryption key from ${where} (fingerprint ${mine}) is not the key ${foreign} stored secret(s) were encrypted with ` +
          `(fingerprint ${stored.find((r) => r.keyId !== mine)?.keyId ?? 'unknown'}). Set ATRIUM_ENCRYPTION_KEY to that key; ` +
          'Atrium never replaces the key of existing encrypted data.',
      )
    }
  }
  if (!key) {
    key = secrets.generateKeyFile()
    generated = true
  }
  const mine = fingerprint(key)
  const [registered] = await db.select().from(encryptionKeys).where(eq(encryptionKeys.id, 1))
  let replaced: string | undefined
  let mismatch: string | undefined
  if (!registered) {
    await db.insert(encryptionKeys).values({ id: 1, fingerprint: mine }).onConflictDoNothing()
    const [now] = await db.select().from(encryptionKeys).where(eq(encryptionKeys.id, 1))
    if (now && now.fingerprint !== mine) mismatch = now.fingerprint
  } else if (registered.fingerprint !== mine) {
    // Nothing is encrypted yet: an operator's explicit key, or the only instance of an embedded database, may take over.
    const mayReplace = total > 0 || secrets.source === 'env' || !onPostgresServer
    if (mayReplace) {
      await db.update(encryptionKeys).set({ fingerprint: mine }).where(eq(encryptionKeys.id, 1))
      replaced = registered.fingerprint
    } else {
      mismatch = registered.fingerprint
    }
  }
  secrets.use(key)
  return { generated, ...(replaced ? { replaced } : {}), ...(mismatch ? { mismatch, message: differs(where, mine, mismatch) } : {}) }
}

/** Why this instance must not encrypt: its key is not the one the database registered; undefined when it may. */
export async function registeredKeyMismatch(db: Pick<Db, 'select'>, keyId: string): Promise<string | undefined> {
  const [registered] = await db.select().from(encryptionKeys).where(eq(encryptionKeys.id, 1))
  return registered && registered.fingerprint !== keyId ? registered.fingerprint : undefined
}

export const differs = (where: string, mine: string, theirs: string) =>
  `The encryption key from ${where} (fingerprint ${mine}) differs from the key another instance registered in this database ` +
  `(fingerprint ${theirs}). Every instance sharing a database must use the same key: set ATRIUM_ENCRYPTION_KEY to the same value on all of them.`
