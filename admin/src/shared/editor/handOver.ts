import type { DraftKey } from '../logic/drafts'
import type { SaveQueue, SaveQueueState } from '../logic/saveQueue'
import type { FocusSpot } from './carriedFocus'
import { draftStore, patchOf } from './drafts'

/*
 * A new record's first save creates it (POST), then the record's own editor takes over at its address, with a queue
 * per record that saves with If-Match. Whatever the user typed while the create was in flight (or before the editor
 * moved) is not in the created record: the new form hands it over, per record of the new editor, and that editor
 * takes it as edits at once, so its next save sends it. Nothing typed stays behind under the `new:<kind>` draft.
 *
 * In memory for the editor that opens next in this tab, and as drafts under the new record's keys in case the tab
 * closes before that editor opens (they are offered back like any unsaved work).
 */

export interface HandedOver {
  /** The created record's draft key (the site, the record, `*` or a locale code). */
  key: DraftKey
  /** The fields typed beyond what the create sent. */
  patch: Record<string, unknown>
}

const waiting = new Map<string, HandedOver[]>()
const carets = new Map<string, FocusSpot>()
const slot = (siteId: string, recordId: string) => `${siteId}|${recordId}`

/** What a new record's form typed beyond what its create sent: one patch per part of the form (parts with no change are left out). */
export function editsSinceCreate<V>(
  state: Pick<SaveQueueState<V>, 'values' | 'savedValues'>,
  parts: ReadonlyArray<{ key: DraftKey; pick: (v: V) => object }>,
): HandedOver[] {
  return parts
    .map(({ key, pick }) => ({ key, patch: patchOf(pick(state.values), pick(state.savedValues)) as Record<string, unknown> }))
    .filter((p) => Object.keys(p.patch).length > 0)
}

/**
 * Hands edits over to the editor of the record `recordId` (the parts' keys name that record), and where the caret was
 * (carriedFocus.ts): the new form calls it as it leaves the screen, before that editor's first layout effects.
 */
export function handOver(siteId: string, recordId: string, parts: readonly HandedOver[], focus?: FocusSpot): void {
  if (focus) carets.set(slot(siteId, recordId), focus)
  if (parts.length === 0) return
  waiting.set(slot(siteId, recordId), [...(waiting.get(slot(siteId, recordId)) ?? []), ...parts])
  for (const p of parts) void draftStore().save(p.key, p.patch)
}

/** The edits handed over to this record's editor, once: the editor applies them (applyHandOver) when it opens. */
export function takeHandOver(siteId: string, recordId: string): HandedOver[] {
  const parts = waiting.get(slot(siteId, recordId)) ?? []
  waiting.delete(slot(siteId, recordId))
  return parts
}

/** Where the caret was in the new form when it gave way to this record's editor, once. */
export function takeHandedFocus(siteId: string, recordId: string): FocusSpot | undefined {
  const spot = carets.get(slot(siteId, recordId))
  carets.delete(slot(siteId, recordId))
  return spot
}

/** Applies handed-over edits to the editor's queues (by draft key locale); each queue then autosaves them with its tag. */
export function applyHandOver(parts: readonly HandedOver[], queueOf: (locale: string) => SaveQueue<unknown> | undefined): void {
  for (const { key, patch } of parts) {
    const q = queueOf(key.locale)
    if (q) q.edit({ ...(q.getState().values as object), ...patch })
  }
}
