import type { Schemas } from '@atrium-cms/client'
import { groupHistory, REVERTIBLE_ENTITY_TYPES, type ChangeHistoryEntry, type HistoryChange } from '../../shared/logic/historyDiff'

/*
 * The field changes of one audit entry: the server writes an entry and its change-history rows in one transaction
 * with one timestamp and one actor (src/core/mutation.ts), so the entity's history rows stamped with the entry's
 * instant and actor are that write's changes.
 */
export function changesOfEntry(entry: Schemas['AuditLogEntry'], history: readonly ChangeHistoryEntry[]): HistoryChange | null {
  const at = Date.parse(entry.created_at)
  const mine = history.filter(
    (h) =>
      h.entity_type === entry.entity_type &&
      h.entity_id === entry.entity_id &&
      Date.parse(h.changed_at) === at &&
      h.changed_by === entry.user_id &&
      h.api_key_id === entry.api_key_id,
  )
  return groupHistory(mine)[0] ?? null
}

/** Whether an entry can have field changes to show (a record that still exists and was written, not only read). */
export const mayHaveChanges = (entry: Schemas['AuditLogEntry']): boolean =>
  entry.entity_id !== null && ['Create', 'Update', 'Revert', 'Review', 'Publish', 'Block', 'Unblock', 'Revoke'].includes(entry.action)

export const isRevertibleType = (entityType: string): boolean => REVERTIBLE_ENTITY_TYPES.has(entityType)
