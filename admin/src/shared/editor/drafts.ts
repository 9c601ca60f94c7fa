import { createStore, del, get, keys, set } from 'idb-keyval'
import { createDraftStore, keyvalBackend, memoryBackend, type DraftStore } from '../logic/drafts'

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
