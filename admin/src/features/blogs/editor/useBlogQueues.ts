import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { DraftKey } from '../../../shared/logic/drafts'
import { createSaveQueue, type SaveQueue } from '../../../shared/logic/saveQueue'
import {
  blogValuesOf,
  createLocalization,
  locValuesOf,
  saveBlogValues,
  updateLocalization,
  type BlogDetail,
  type BlogLocalization,
  type BlogValues,
  type Loaded,
  type Locale,
  type LocValues,
} from './api'
import { findDraftOffer } from '../../../shared/editor/draftOffer'
import { draftStore, patchOf, persistDrafts } from '../../../shared/editor/drafts'
import { applyHandOver, takeHandedFocus, takeHandOver } from '../../../shared/editor/handOver'
import type { CarriedFocus } from '../../../shared/editor/carriedFocus'
import type { DraftOfferView } from '../../../shared/editor/EditorParts'
import { settleConflict } from '../../../shared/editor/merge'
import { AUTOSAVE_MS, queueGroup } from '../../../shared/editor/queueGroup'
import { recordTag } from '@atrium-cms/client'

export interface BlogQueues {
  blog: SaveQueue<BlogValues>
  locs: Map<string, SaveQueue<LocValues>>
}

interface Callbacks {
  /** A 412 settled without asking, and theirs had changes: tell the user. */
  onMerged: () => void
  onLocSaved: (localeId: string, loc: BlogLocalization) => void
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
    onConflict: (c) => settleConflict(blogQueue, blogValuesOf(c.current as BlogDetail), c.etag, cb.onMerged),
  })
  const locs = new Map<string, SaveQueue<LocValues>>()
  for (const locale of locales) {
    const q: SaveQueue<LocValues> = createSaveQueue<LocValues, BlogLocalization>({
      initialValues: locValuesOf(originals.get(locale.id)),
      etag: undefined,
      debounceMs: AUTOSAVE_MS,
      save: async ({ values, ifMatch }) => {
        const id = locIds.get(locale.id)
        const r =
          id === undefined
            ? await createLocalization(blog.id, locale.id, values)
            : await updateLocalization(id, values, ifMatch ?? (await recordTag(originals.get(locale.id))))
        locIds.set(locale.id, r.data.id)
        return { etag: r.etag, result: r.data }
      },
      onSaved: (a) => a.result && cb.onLocSaved(locale.id, a.result),
      onConflict: (c) => {
        const current = c.current as BlogLocalization
        void (async () => settleConflict(q, locValuesOf(current), c.etag ?? (await recordTag(current)), cb.onMerged))()
      },
    })
    locs.set(locale.id, q)
  }
  return { blog: blogQueue, locs }
}

/** Drafts of every record of the post: the offer of what an earlier visit left unsaved, if anything. */
function findOffer(siteId: string, loaded: BlogDetail, queues: BlogQueues, codeOf: (id: string) => string): Promise<DraftOfferView | undefined> {
  return findDraftOffer([
    { key: { siteId, recordId: loaded.id, locale: '*' }, queue: queues.blog, updatedAt: loaded.updated_at },
    ...[...queues.locs].map(([id, q]) => ({
      key: { siteId, recordId: loaded.id, locale: codeOf(id) },
      queue: q,
      updatedAt: loaded.localizations.find((l) => l.locale_id === id)?.updated_at ?? loaded.updated_at,
    })),
  ])
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
  /** The queue whose drafts go under this key locale (`*`: the blog record; a locale code: that localization). */
  const queueOfDraftLocale = (locale: string) =>
    (locale === '*' ? queues.blog : queues.locs.get(locales.find((l) => l.code === locale)?.id ?? '')) as SaveQueue<unknown> | undefined
  const backup = () => {
    const base = { updatedAt: loaded.data.updated_at }
    const keep = <V>(locale: string, s: { isDirty: boolean; values: V; savedValues: V }) =>
      s.isDirty && void draftStore().save(keyOf(locale), patchOf(s.values, s.savedValues), base)
    keep('*', queues.blog.getState())
    for (const [id, q] of queues.locs) keep(codeOf(id), q.getState())
  }

  // A post just created by the new-post form: what was typed during its create (and its move here) is saved now, not
  // offered. Taken in a layout effect, as the form left it in its layout cleanup: the fields show it, and the caret is
  // back where it was (`carried`), before the browser handles another key.
  const handed = useRef(false)
  const [carried, setCarried] = useState<CarriedFocus | undefined>(undefined)
  useLayoutEffect(() => {
    const parts = takeHandOver(siteId, loaded.data.id)
    handed.current = parts.length > 0
    if (handed.current) applyHandOver(parts, queueOfDraftLocale)
    const spot = takeHandedFocus(siteId, loaded.data.id)
    if (spot) setCarried({ spot })
  }, [queues])

  useEffect(() => {
    const base = { updatedAt: loaded.data.updated_at }
    const offs = [persistDrafts(queues.blog, keyOf('*'), base), ...[...queues.locs].map(([id, q]) => persistDrafts(q, keyOf(codeOf(id)), base))]
    let live = true
    if (!handed.current)
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

  return { queues, all, states, offer, backup, codeOf, carried, stateOf: (q: SaveQueue<unknown>) => states[all.indexOf(q)] }
}
