import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiKeys } from '../../../src/db/schema/api-keys.js'
import { ManualClock } from '../../../src/platform/clock.js'
import { digestKey } from '../../../src/platform/crypto.js'
import type { TestApp } from '../../helpers/app.js'

/** The wire form of a key (GET /api-keys/{id}). */
export interface KeyBody {
  id: string
  key?: string
  key_prefix: string
  name: string
  description: string
  permission: string
  site_id: string | null
  status: string
  block_reason?: string | null
  rate_limit_per_minute: number
  expires_at: string | null
  last_used_at?: string | null
  created_at: string
  updated_at?: string
}

export interface KeyPage {
  data: KeyBody[]
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

export const KEY_FORMAT = /^atr_[A-Za-z0-9_-]{43}$/

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** The test app's clock (testApp always builds one that tests can move). */
export function manualClock(t: TestApp): ManualClock {
  expect(t.clock).toBeInstanceOf(ManualClock)
  return t.clock as ManualClock
}

export async function keyRow(t: TestApp, keyId: string) {
  const [row] = await t.dbh.db.select().from(apiKeys).where(eq(apiKeys.id, keyId))
  return row
}

/** Neither the plaintext nor its digest (nor the digest's column name) may appear in the text. */
export function expectNoSecret(text: string, plaintext: string) {
  expect(text).not.toContain(plaintext)
  expect(text).not.toContain(digestKey(plaintext))
  expect(text).not.toContain('key_digest')
}
