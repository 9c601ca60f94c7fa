import { deepEqual } from '../../../shared/logic/equal'
import { diffThree, mergeThree } from '../../../shared/logic/fieldDiff'

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
