import { createStore, del, get, keys, set } from 'idb-keyval'
import { createDraftStore, keyvalBackend, memoryBackend, type DraftKey, type DraftStore } from '../logic/drafts'
import { deepEqual } from '../logic/equal'
import type { SaveQueue } from '../logic/saveQueue'

/** The editor's drafts in IndexedDB (a database of its own), or in memory where IndexedDB is missing. */
let store: DraftStore | undefined
export function draftStore(): DraftStore {
  if (store) return store
  if (typeof indexedDB === 'undefined') return (store = createDraftStore(memoryBackend()))
  const idb = createStore('atrium-admin-drafts', 'drafts')
  store = createDraftStore(
    keyvalBackend({
      get: (k) => get(k, idb),
      set: (k, v) => set(k, v, idb),
      del: (k) => del(k, idb),
      keys: () => keys(idb),
    }),
  )
  return store
}

/**
 * A draft holds only the fields that differ from the saved version: restoring it over a record someone changed since
 * brings back my unsaved edits without reverting their other fields.
 */
export function patchOf<V>(values: V, saved: V): Partial<V> {
  const out: Partial<V> = {}
  for (const k of Object.keys(values as object) as Array<keyof V>) if (!deepEqual(values[k], saved[k])) out[k] = values[k]
  return out
}

/**
 * Keeps a queue's unsaved values in IndexedDB while dirty (written after 300 ms of quiet); forgets them once saved.
 * Stopping writes a draft still waiting for its quiet time at once: the last keystrokes before leaving are kept too.
 */
export function persistDrafts<V>(queue: SaveQueue<V>, key: DraftKey, base: { updatedAt?: string }): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: (() => void) | undefined
  let wrote = false
  const off = queue.subscribe((s) => {
    clearTimeout(timer)
    waiting = undefined
    if (s.isDirty) {
      waiting = () => {
        waiting = undefined
        wrote = true
        void draftStore().save(key, patchOf(s.values, s.savedValues), { updatedAt: base.updatedAt, etag: s.etag })
      }
      timer = setTimeout(waiting, 300)
    } else if (wrote && s.status === 'saved') {
      wrote = false
      void draftStore().discard(key)
    }
  })
  return () => {
    off()
    clearTimeout(timer)
    waiting?.()
  }
}
