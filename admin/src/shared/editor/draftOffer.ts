import type { DraftKey } from '../logic/drafts'
import { deepEqual } from '../logic/equal'
import type { SaveQueue } from '../logic/saveQueue'
import { draftStore } from './drafts'
import type { DraftOfferView } from './EditorParts'

/** One record of an editor whose unsaved draft may wait in this browser. */
export interface DraftSource {
  key: DraftKey
  queue: SaveQueue<unknown>
  /** The record's updated_at as loaded (a draft older than a later save is still offered, as a patch). */
  updatedAt: string
}

/** Drafts of every record an editor holds: one offer of what an earlier visit left unsaved, if anything. */
export async function findDraftOffer(sources: readonly DraftSource[]): Promise<DraftOfferView | undefined> {
  const found: Array<{ savedAt: number; apply: () => void; key: DraftKey }> = []
  for (const { key, queue, updatedAt } of sources) {
    const saved = queue.getState().savedValues as Record<string, unknown>
    const o = await draftStore().offer<Record<string, unknown>>(key, { values: saved, updatedAt })
    const restored = o && { ...saved, ...o.draft.values }
    if (o && restored && !deepEqual(restored, saved)) found.push({ savedAt: o.draft.savedAt, key, apply: () => queue.edit(restored) })
  }
  if (found.length === 0) return undefined
  return {
    savedAt: Math.max(...found.map((f) => f.savedAt)),
    restore: () => found.forEach((f) => f.apply()),
    discard: () => found.forEach((f) => void draftStore().discard(f.key)),
  }
}
