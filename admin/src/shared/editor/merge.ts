import { deepEqual } from '../logic/equal'
import { diffThree, mergeThree } from '../logic/fieldDiff'
import type { SaveQueue } from '../logic/saveQueue'

/**
 * A 412 the editor may settle without asking: nothing the form shows changed elsewhere (another field of the record
 * moved, e.g. reading_time_minutes after a body save, or a stale tag), or only fields I did not touch changed. Then the
 * merge keeps every change of both sides and overwrites nothing. Any field both sides changed differently: undefined,
 * the conflict view asks.
 */
export function autoMerge<V>(base: V, mine: V, theirs: V): V | undefined {
  if (deepEqual(base, theirs)) return mine
  const diffs = diffThree(base, mine, theirs)
  if (diffs.some((d) => d.conflict)) return undefined
  return mergeThree(base, mine, theirs)
}

/** A 412 that overwrites nothing resolves itself (and says so through onMerged when theirs had changes); any real conflict stays for the conflict view. */
export function settleConflict<V>(queue: SaveQueue<V>, theirs: V, etag: string | undefined, onMerged: () => void): void {
  const s = queue.getState()
  const merged = autoMerge(s.savedValues, s.values, theirs)
  if (merged === undefined) return
  if (!deepEqual(s.savedValues, theirs)) onMerged()
  void queue.resolveConflict({ etag, base: theirs, values: merged })
}
