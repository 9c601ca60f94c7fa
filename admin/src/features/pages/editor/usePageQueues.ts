import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { findDraftOffer, type DraftSource } from '../../../shared/editor/draftOffer'
import { draftStore, patchOf, persistDrafts } from '../../../shared/editor/drafts'
import { applyHandOver, takeHandOver } from '../../../shared/editor/handOver'
import type { DraftOfferView } from '../../../shared/editor/EditorParts'
import { settleConflict } from '../../../shared/editor/merge'
import { AUTOSAVE_MS, queueGroup } from '../../../shared/editor/queueGroup'
import { recordTag } from '@atrium-cms/client'
import { createSaveQueue, type SaveQueue, type SaveQueueState } from '../../../shared/logic/saveQueue'
import {
  pageValuesOf,
  savePageValues,
  sectionLocValuesOf,
  sectionValuesOf,
  updateSection,
  upsertSectionLocalization,
  type Locale,
  type Page,
  type PageValues,
  type Section,
  type SectionLocalization,
  type SectionLocValues,
  type SectionValues,
} from '../api'

/** One section's queues: the section record, and one per locale for its texts. */
export interface SectionQueues {
  id: string
  queue: SaveQueue<SectionValues>
  locs: Map<string, SaveQueue<SectionLocValues>>
  /** The section as last answered by the server (for its ETag where no answer carried one). */
  latest: { current: Section }
  updatedAt: string
}

interface Callbacks {
  onMerged: () => void
}

function pageQueue(page: Page, etag: string | undefined, cb: Callbacks): SaveQueue<PageValues> {
  const q: SaveQueue<PageValues> = createSaveQueue<PageValues>({
    initialValues: pageValuesOf(page),
    etag,
    debounceMs: AUTOSAVE_MS,
    save: async ({ values, ifMatch }) => ({ etag: (await savePageValues(page.id, values, ifMatch)).etag }),
    onConflict: (c) => settleConflict(q, pageValuesOf(c.current as Page), c.etag, cb.onMerged),
  })
  return q
}

/** The queues of one section; `etag` when an answer carried it (a new section), else computed as the server does. */
export function sectionQueues(
  section: Section,
  etag: string | undefined,
  localizations: readonly SectionLocalization[],
  locales: readonly Locale[],
  cb: Callbacks,
): SectionQueues {
  const latest = { current: section }
  const queue: SaveQueue<SectionValues> = createSaveQueue<SectionValues, Section>({
    initialValues: sectionValuesOf(section),
    etag,
    debounceMs: AUTOSAVE_MS,
    save: async ({ values, ifMatch }) => {
      const r = await updateSection(section.id, values, ifMatch ?? (await recordTag(latest.current)))
      latest.current = r.data
      return { etag: r.etag, result: r.data }
    },
    onConflict: (c) => {
      const current = c.current as Section
      latest.current = current
      void (async () => settleConflict(queue, sectionValuesOf(current), c.etag ?? (await recordTag(current)), cb.onMerged))()
    },
  })
  const locs = new Map<string, SaveQueue<SectionLocValues>>()
  for (const locale of locales) {
    const loc = { current: localizations.find((l) => l.locale_id === locale.id) }
    const q: SaveQueue<SectionLocValues> = createSaveQueue<SectionLocValues, SectionLocalization>({
      initialValues: sectionLocValuesOf(loc.current),
      etag: undefined,
      debounceMs: AUTOSAVE_MS,
      save: async ({ values, ifMatch }) => {
        // The first save of a locale creates its localization (no tag to send); later ones send the tag they hold.
        const tag = ifMatch ?? (loc.current ? await recordTag(loc.current) : undefined)
        const r = await upsertSectionLocalization(section.id, locale.id, values, tag)
        loc.current = r.data
        return { etag: r.etag, result: r.data }
      },
      onConflict: (c) => {
        const current = c.current as SectionLocalization
        loc.current = current
        void (async () => settleConflict(q, sectionLocValuesOf(current), c.etag ?? (await recordTag(current)), cb.onMerged))()
      },
    })
    locs.set(locale.id, q)
  }
  return { id: section.id, queue, locs, latest, updatedAt: section.updated_at }
}

const queuesOf = (s: SectionQueues): SaveQueue<unknown>[] => [s.queue, ...(s.locs.values() as Iterable<SaveQueue<unknown>>)]

/**
 * The page's save queues for the life of the editor: the page, and per section the section and its texts per locale.
 * Sections come and go (add, delete) and change order; drafts of every record are kept and offered back.
 */
export function usePageQueues(
  siteId: string,
  loaded: { page: { data: Page; etag: string | undefined }; sections: Section[]; localizations: SectionLocalization[] },
  locales: readonly Locale[],
  cb: Callbacks,
) {
  const page = loaded.page.data
  const [pageQ] = useState(() => pageQueue(page, loaded.page.etag, cb))
  const [sections, setSections] = useState<SectionQueues[]>(() =>
    [...loaded.sections]
      .sort((a, b) => a.display_order - b.display_order)
      .map((s) =>
        sectionQueues(
          s,
          undefined,
          loaded.localizations.filter((l) => l.page_section_id === s.id),
          locales,
          cb,
        ),
      ),
  )
  const [offer, setOffer] = useState<DraftOfferView | undefined>(undefined)
  const all = useMemo(() => [pageQ as SaveQueue<unknown>, ...sections.flatMap(queuesOf)], [pageQ, sections])
  const group = useMemo(() => queueGroup(all), [all])
  useEffect(() => () => group.dispose(), [group])
  const states = useSyncExternalStore(group.subscribe, group.getSnapshot)
  const codeOf = (id: string) => locales.find((l) => l.id === id)?.code ?? id

  /** Every record's draft key and queue. */
  const sourcesOf = (list: SectionQueues[]): DraftSource[] => [
    { key: { siteId, recordId: page.id, locale: '*' }, queue: pageQ, updatedAt: page.updated_at },
    ...list.flatMap((s) => [
      { key: { siteId, recordId: s.id, locale: '*' }, queue: s.queue, updatedAt: s.updatedAt },
      ...[...s.locs].map(([id, q]) => ({ key: { siteId, recordId: s.id, locale: codeOf(id) }, queue: q, updatedAt: s.updatedAt })),
    ]),
  ]
  const latestSections = useRef(sections)
  latestSections.current = sections
  usePageDrafts(
    sections,
    () => sourcesOf(latestSections.current),
    sourcesOf,
    setOffer,
    () => {
      // A page just created by the new-page form: what was typed while its create was on the way is saved now, not offered.
      const handed = takeHandOver(siteId, page.id)
      applyHandOver(handed, (locale) => (locale === '*' ? pageQ : undefined))
      return handed.length > 0
    },
  )
  useEffect(
    () => () => {
      pageQ.dispose()
      latestSections.current.forEach((s) => queuesOf(s).forEach((q) => q.dispose()))
    },
    [pageQ],
  )

  const backup = () => {
    for (const src of sourcesOf(latestSections.current)) {
      const s = src.queue.getState()
      if (s.isDirty) void draftStore().save(src.key, patchOf(s.values as object, s.savedValues as object), { updatedAt: src.updatedAt })
    }
  }

  /** A new section (already created on the server) at the end. */
  const add = (section: Section, etag: string | undefined): SectionQueues => {
    const s = sectionQueues(section, etag, [], locales, cb)
    setSections((list) => [...list, s])
    return s
  }

  /** A deleted section leaves with its queues and drafts. */
  const remove = (id: string) => {
    const gone = latestSections.current.find((s) => s.id === id)
    if (!gone) return
    queuesOf(gone).forEach((q) => q.dispose())
    for (const src of sourcesOf([gone]).slice(1)) void draftStore().discard(src.key)
    setSections((list) => list.filter((s) => s.id !== id))
  }

  /** A new order: each section whose position changed saves its display_order now (optimistic; a failure shows on it). */
  const reorder = (ids: string[]) => {
    const byId = new Map(latestSections.current.map((s) => [s.id, s]))
    const next = ids.map((id) => byId.get(id)).filter((s): s is SectionQueues => s !== undefined)
    setSections(next)
    next.forEach((s, i) => {
      const v = s.queue.getState().values
      if (v.display_order !== i) {
        s.queue.edit({ ...v, display_order: i })
        void s.queue.flush()
      }
    })
  }

  /** A queue's state in the group's snapshot (what the editor renders). */
  const stateOf = <V>(q: SaveQueue<V>) => states[all.indexOf(q)] as SaveQueueState<V> | undefined
  return { page: pageQ, sections, all, states, offer, backup, add, remove, reorder, codeOf, stateOf }
}

/**
 * Drafts: every record's unsaved values kept while dirty, and one offer of them when the page opens; a page just
 * created takes the edits the new-page form handed over instead (saved, not offered).
 */
function usePageDrafts(
  sections: SectionQueues[],
  current: () => DraftSource[],
  sourcesOf: (list: SectionQueues[]) => DraftSource[],
  setOffer: (o: DraftOfferView | undefined) => void,
  takeHandedOver: () => boolean,
) {
  useEffect(() => {
    const offs = sourcesOf(sections).map((src) => persistDrafts(src.queue, src.key, { updatedAt: src.updatedAt }))
    return () => offs.forEach((off) => off())
  }, [sections])
  useEffect(() => {
    let live = true
    if (takeHandedOver()) return
    void findDraftOffer(current()).then((o) => {
      if (live && o) setOffer({ ...o, restore: () => (o.restore(), setOffer(undefined)), discard: () => (o.discard(), setOffer(undefined)) })
    })
    return () => {
      live = false
    }
  }, [])
}
