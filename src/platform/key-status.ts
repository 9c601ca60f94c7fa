import type { ApiKeyRow, KeyStatus } from '../db/schema/api-keys.js'

/** An Active key past its expires_at is Expired, whether or not the sweep has written that yet. */
export function effectiveKeyStatus(row: Pick<ApiKeyRow, 'status' | 'expires_at'>, now: Date): KeyStatus {
  if (row.status === 'Active' && row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'Expired'
  return row.status
}
