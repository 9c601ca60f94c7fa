import { deepEqual } from './equal.js'

/*
 * Unsaved work kept in the browser (admin.md "Never lose work"): the form's values per site, record (or
 * `new:<kind>` before the first save) and locale, written as the editor types and before a 401 sends them to sign-in,
 * offered back after a reload or a new sign-in. The storage is an async key-value backend: IndexedDB in the app
 * (e.g. `idb-keyval`'s get/set/del/keys, or a few lines over indexedDB), a Map in tests (memoryBackend).
 *
 * Drafts are per browser profile, not per user: a shared machine shows one user's draft to the next. The app should
 * call clearAll() on an explicit sign-out after the user confirms discarding (the sign-out guard asks first).
 */

/** The async key-value store drafts live in. Values must be structured-cloneable (IndexedDB) — plain JSON is. */
export interface KeyValueBackend {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<void>
  keys(): Promise<string[]>
}

/** A Map behind the backend interface (tests; or a fallback when IndexedDB is unavailable, e.g. private windows). */
export function memoryBackend(map: Map<string, unknown> = new Map()): KeyValueBackend & { map: Map<string, unknown> } {
  return {
    map,
    // Copies both ways, as IndexedDB's structured clone does: a later change to the form object never edits a draft.
    get: (k) => Promise.resolve(structuredClone(map.get(k))),
    set: (k, v) => {
      map.set(k, structuredClone(v))
      return Promise.resolve()
    },
    delete: (k) => {
      map.delete(k)
      return Promise.resolve()
    },
    keys: () => Promise.resolve([...map.keys()]),
  }
}

/**
 * Adapts a promise-based key-value API with `del` (idb-keyval's get/set/del/keys, bound to its store) to the backend.
 * Keys that are not strings (another writer's) are skipped.
 */
export function keyvalBackend(kv: {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  keys(): Promise<unknown[]>
}): KeyValueBackend {
  return {
    get: (k) => kv.get(k),
    set: (k, v) => kv.set(k, v),
    delete: (k) => kv.del(k),
    keys: async () => (await kv.keys()).filter((k): k is string => typeof k === 'string'),
  }
}

export interface DraftKey {
  siteId: string
  /** The record's id, or `new:<kind>` (newDraftRecord) before it exists. */
  recordId: string
  /** Content locale code, or `*` for the record's unlocalized fields. */
  locale: string
}

export const newDraftRecord = (kind: string): string => `new:${kind}`

const PREFIX = 'atrium-draft'
const enc = encodeURIComponent

/** `atrium-draft|<site>|<record>|<locale>`, each part URI-encoded so a `|` in one cannot shift another. */
export function draftKey(k: DraftKey): string {
  return [PREFIX, enc(k.siteId), enc(k.recordId), enc(k.locale)].join('|')
}

export function parseDraftKey(key: string): DraftKey | undefined {
  const parts = key.split('|')
  if (parts.length !== 4 || parts[0] !== PREFIX) return undefined
  try {
    const [siteId, recordId, locale] = parts.slice(1).map(decodeURIComponent) as [string, string, string]
    return { siteId, recordId, locale }
  } catch {
    return undefined
  }
}

export interface Draft<V = unknown> {
  key: DraftKey
  values: V
  /** When the draft was last written (ms since the epoch, browser clock). */
  savedAt: number
  /** The record's `updated_at` when editing began (absent for a new record): tells whether it moved on since. */
  baseUpdatedAt?: string | undefined
  /** The ETag the form held, for saving the draft back with If-Match. */
  baseEtag?: string | undefined
  /** Format version of the stored object. */
  v: 1
}

export interface LoadedRecord<V> {
  values: V
  /** The record's `updated_at` (ISO, server clock). */
  updatedAt: string
}

export interface DraftOffer<V> {
  draft: Draft<V>
  /** The record was saved by someone (or some tab) after this draft began: show the diff before restoring. */
  recordChangedSince: boolean
}

export interface DraftStoreOptions {
  now?: () => number
  isEqual?: (a: unknown, b: unknown) => boolean
}

function isDraft(v: unknown): v is Draft {
  return typeof v === 'object' && v !== null && (v as Draft).v === 1 && typeof (v as Draft).savedAt === 'number' && 'values' in v
}

/**
 * Offer a draft back when it holds something the loaded record does not (values differ) and was written after the
 * record's last save (`savedAt` > `updated_at`). A draft older than the record lost the race (the record was saved
 * later, maybe with these very values): offering it would overwrite newer work. Clocks: `savedAt` is the browser's,
 * `updated_at` the server's; a browser clock running behind hides a draft written within that skew.
 */
export function shouldOffer<V>(draft: Draft<V>, loaded: LoadedRecord<V> | undefined, isEqual: (a: unknown, b: unknown) => boolean = deepEqual): boolean {
  if (!loaded) return true // a new record's draft: nothing to compare with
  const recordAt = Date.parse(loaded.updatedAt)
  if (!Number.isNaN(recordAt) && draft.savedAt <= recordAt) return false
  return !isEqual(draft.values, loaded.values)
}

export interface DraftStore {
  save<V>(key: DraftKey, values: V, base?: { updatedAt?: string | undefined; etag?: string | undefined }): Promise<Draft<V>>
  load<V>(key: DraftKey): Promise<Draft<V> | undefined>
  discard(key: DraftKey): Promise<void>
  /** The draft to offer back for a loaded record (or for a new one: `loaded` undefined), if any. */
  offer<V>(key: DraftKey, loaded: LoadedRecord<V> | undefined): Promise<DraftOffer<V> | undefined>
  /** Every draft of a site (a "recover unsaved work" list), newest first. */
  list(siteId?: string): Promise<Draft[]>
  /** Remove drafts older than `maxAgeMs`; returns how many went. */
  prune(maxAgeMs: number): Promise<number>
  /** Remove every draft (all sites). */
  clearAll(): Promise<void>
}

export function createDraftStore(backend: KeyValueBackend, options: DraftStoreOptions = {}): DraftStore {
  const now = options.now ?? (() => Date.now())
  const isEqual = options.isEqual ?? deepEqual
  const all = async (): Promise<Draft[]> => {
    const out: Draft[] = []
    for (const k of await backend.keys()) {
      if (!parseDraftKey(k)) continue
      const v = await backend.get(k)
      if (isDraft(v)) out.push(v)
    }
    return out
  }
  const store: DraftStore = {
    async save(key, values, base) {
      const draft: Draft<typeof values> = { key, values, savedAt: now(), baseUpdatedAt: base?.updatedAt, baseEtag: base?.etag, v: 1 }
      await backend.set(draftKey(key), draft)
      return draft
    },
    async load<V>(key: DraftKey) {
      const v = await backend.get(draftKey(key))
      return isDraft(v) ? (v as Draft<V>) : undefined
    },
    discard: (key) => backend.delete(draftKey(key)),
    async offer<V>(key: DraftKey, loaded: LoadedRecord<V> | undefined) {
      const draft = await store.load<V>(key)
      if (!draft) return undefined
      if (!shouldOffer(draft, loaded, isEqual)) return undefined
      const recordChangedSince = loaded !== undefined && draft.baseUpdatedAt !== undefined && draft.baseUpdatedAt !== loaded.updatedAt
      return { draft, recordChangedSince }
    },
    async list(siteId) {
      const drafts = (await all()).filter((d) => siteId === undefined || d.key.siteId === siteId)
      return drafts.sort((a, b) => b.savedAt - a.savedAt)
    },
    async prune(maxAgeMs) {
      const cutoff = now() - maxAgeMs
      let n = 0
      for (const d of await all()) {
        if (d.savedAt < cutoff) {
          await backend.delete(draftKey(d.key))
          n++
        }
      }
      return n
    },
    async clearAll() {
      for (const k of await backend.keys()) if (parseDraftKey(k)) await backend.delete(k)
    },
  }
  return store
}
