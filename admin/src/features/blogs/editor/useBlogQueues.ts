import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { deepEqual } from '../../../shared/logic/equal'
import type { DraftKey } from '../../../shared/logic/drafts'
import { createSaveQueue, type SaveQueue } from '../../../shared/logic/saveQueue'
import { blogValuesOf, createLocalization, locValuesOf, saveBlogValues, updateLocalization, type BlogDetail, type BlogLocalization, type BlogValues, type Loaded, type Locale, type LocValues } from './api'
import { draftStore } from './drafts'
import { patchOf, persistDrafts, type DraftOfferView } from './EditorParts'
import { autoMerge } from './merge'
import { queueGroup } from './queueGroup'
import { recordTag } from './recordTag'

export const AUTOSAVE_MS = 2000

export interface BlogQueues {
  blog: SaveQueue<BlogValues>
  locs: Map<string, SaveQueue<LocValues>>
}

interface Callbacks {
  /** A 412 settled without asking, and theirs had changes: tell the user. */
  onMerged: () => void
  onLocSaved: (localeId: string, loc: BlogLocalization) => void
}

/** A 412 that overwrites nothing resolves itself; any real conflict stays for the conflict view. */
function settle<V>(queue: SaveQueue<V>, theirs: V, etag: string | undefined, onMerged: () => void): void {
  const s = queue.getState()
  const merged = autoMerge(s.savedValues, s.values, theirs)
  if (merged === undefined) return
  if (!deepEqual(s.savedValues, theirs)) onMerged()
  void queue.resolveConflict({ etag, base: theirs, values: merged })
}

function createQueues(loaded: Loaded<BlogDetail>, locales: Locale[], cb: Callbacks): BlogQueues {
  const blog = loaded.data
  const originals = new Map(blog.localizations.map((l) => [l.locale_id, l]))
  const locIds = new Map(blog.localizations.map((l) => [l.locale_id, l.id]))
  const blogQueue: SaveQueue<BlogValues> = createSaveQueue<BlogValues>({
    initialValues: blogValuesOf(blog),
    etag: loaded.etag,
    debounceMs: AUTOSAVE_MS,
    save: async ({ values, ifMatch }) => ({ etag: (await saveBlogValues(blog.id, values, ifMatch)).etag }),
    onConflict: (c) => settle(blogQueue, blogValuesOf(c.current as BlogDetail), c.etag, cb.onMerged),
  })
  const locs = new Map<string, SaveQueue<LocValues>>()
  for (const locale of locales) {
    const q: SaveQueue<LocValues> = createSaveQueue<LocValues, BlogLocalization>({
      initialValues: locValuesOf(originals.get(locale.id)),
      etag: undefined,
      debounceMs: AUTOSAVE_MS,
      save: async ({ values, ifMatch }) => {
        const id = locIds.get(locale.id)
        const r = id === undefined ? await createLocalization(blog.id, locale.id, values) : await updateLocalization(id, values, ifMatch ?? (await recordTag(originals.get(locale.id))))
        locIds.set(locale.id, r.data.id)
        return { etag: r.etag, result: r.data }
      },
      onSaved: (a) => a.result && cb.onLocSaved(locale.id, a.result),
      onConflict: (c) => {
        const current = c.current as BlogLocalization
        void (async () => settle(q, locValuesOf(current), c.etag ?? (await recordTag(current)), cb.onMerged))()
      },
    })
    locs.set(locale.id, q)
  }
  return { blog: blogQueue, locs }
}

/** Drafts of every record of the post: the offer of what an earlier visit left unsaved, if anything. */
async function findOffer(siteId: string, loaded: BlogDetail, queues: BlogQueues, codeOf: (id: string) => string): Promise<DraftOfferView | undefined> {
  const found: Array<{ savedAt: number; apply: () => void; key: DraftKey }> = []
  const look = async <V>(locale: string, q: SaveQueue<V>, updatedAt: string) => {
    const key = { siteId, recordId: loaded.id, locale }
    const saved = q.getState().savedValues
    const o = await draftStore().offer<Partial<V>>(key, { values: saved, updatedAt })
    const restored = o && { ...saved, ...o.draft.values }
    if (o && restored && !deepEqual(restored, saved)) found.push({ savedAt: o.draft.savedAt, key, apply: () => q.edit(restored) })
  }
  await look('*', queues.blog, loaded.updated_at)
  for (const [id, q] of queues.locs) await look(codeOf(id), q, loaded.localizations.find((l) => l.locale_id === id)?.updated_at ?? loaded.updated_at)
  if (found.length === 0) return undefined
  return {
    savedAt: Math.max(...found.map((f) => f.savedAt)),
    restore: () => found.forEach((f) => f.apply()),
    discard: () => found.forEach((f) => void draftStore().discard(f.key)),
  }
}

/** The post's save queues (blog + one per locale) for the life of the editor, with drafts kept and offered back. */
export function useBlogQueues(siteId: string, loaded: Loaded<BlogDetail>, locales: Locale[], cb: Callbacks) {
  const [queues] = useState(() => createQueues(loaded, locales, cb))
  const [offer, setOffer] = useState<DraftOfferView | undefined>(undefined)
  const all = useMemo(() => [queues.blog, ...queues.locs.values()] as SaveQueue<unknown>[], [queues])
  const group = useMemo(() => queueGroup(all), [all])
  const states = useSyncExternalStore(group.subscribe, group.getSnapshot)
  const codeOf = (id: string) => locales.find((l) => l.id === id)?.code ?? id
  const keyOf = (locale: string): DraftKey => ({ siteId, recordId: loaded.data.id, locale })
  const backup = () => {
    const base = { updatedAt: loaded.data.updated_at }
    const keep = <V>(locale: string, s: { isDirty: boolean; values: V; savedValues: V }) => s.isDirty && void draftStore().save(keyOf(locale), patchOf(s.values, s.savedValues), base)
    keep('*', queues.blog.getState())
    for (const [id, q] of queues.locs) keep(codeOf(id), q.getState())
  }

  useEffect(() => {
    const base = { updatedAt: loaded.data.updated_at }
    const offs = [persistDrafts(queues.blog, keyOf('*'), base), ...[...queues.locs].map(([id, q]) => persistDrafts(q, keyOf(codeOf(id)), base))]
    let live = true
    void findOffer(siteId, loaded.data, queues, codeOf).then((o) => {
      if (live && o) setOffer({ ...o, restore: () => (o.restore(), setOffer(undefined)), discard: () => (o.discard(), setOffer(undefined)) })
    })
    return () => {
      live = false
      offs.forEach((off) => off())
      all.forEach((q) => q.dispose())
    }
    // Once per opened post: the queues live exactly as long.
  }, [queues])

  return { queues, all, states, offer, backup, codeOf, stateOf: (q: SaveQueue<unknown>) => states[all.indexOf(q)] }
}
