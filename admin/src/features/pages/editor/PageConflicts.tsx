import { useTranslation } from 'react-i18next'
import { ConflictView } from '../../../shared/editor/ConflictView'
import { recordTag } from '../../../shared/logic/recordTag'
import type { SaveQueue, SaveQueueState } from '../../../shared/logic/saveQueue'
import { pageValuesOf, sectionLocValuesOf, sectionValuesOf, type Page, type PageValues, type Section, type SectionLocalization } from '../api'
import type { SectionQueues } from './usePageQueues'

/** The conflict view of every record of the page whose save met a 412 that needs a choice. */
export function PageConflicts({
  page,
  sections,
  nameOf,
  codeOf,
  stateOf,
}: {
  page: SaveQueue<PageValues>
  sections: SectionQueues[]
  nameOf: (s: SectionQueues) => string
  codeOf: (localeId: string) => string
  stateOf: (q: SaveQueue<unknown>) => SaveQueueState<unknown> | undefined
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const label = (f: string) => t(`fields.${f}`, { defaultValue: f })
  const out = []
  const p = page.getState()
  if (p.conflict) {
    const c = p.conflict
    const theirs = pageValuesOf(c.current as Page)
    out.push(
      <ConflictView
        key={`page-${String(c.etag)}`}
        title={t('conflict.titlePage')}
        savedAt={(c.current as Page).updated_at}
        base={p.savedValues}
        mine={p.values}
        theirs={theirs}
        label={label}
        onResolve={(merged) => void page.resolveConflict({ etag: c.etag, base: theirs, values: merged })}
        onCancel={() => page.reset({ values: theirs, etag: c.etag })}
      />,
    )
  }
  for (const s of sections) {
    const st = stateOf(s.queue) as SaveQueueState<ReturnType<typeof sectionValuesOf>> | undefined
    if (st?.conflict) {
      const c = st.conflict
      const theirs = sectionValuesOf(c.current as Section)
      const tag = async () => c.etag ?? (await recordTag(c.current))
      out.push(
        <ConflictView
          key={`${s.id}-${String(c.etag)}`}
          title={t('conflict.titleSection', { name: nameOf(s) })}
          savedAt={(c.current as Section).updated_at}
          base={st.savedValues}
          mine={st.values}
          theirs={theirs}
          label={label}
          onResolve={(merged) => void tag().then((etag) => s.queue.resolveConflict({ etag, base: theirs, values: merged }))}
          onCancel={() => void tag().then((etag) => s.queue.reset({ values: theirs, etag }))}
        />,
      )
    }
    for (const [localeId, q] of s.locs) {
      const ls = stateOf(q) as SaveQueueState<ReturnType<typeof sectionLocValuesOf>> | undefined
      if (!ls?.conflict) continue
      const c = ls.conflict
      const theirs = sectionLocValuesOf(c.current as SectionLocalization)
      const tag = async () => c.etag ?? (await recordTag(c.current))
      out.push(
        <ConflictView
          key={`${s.id}-${localeId}-${String(c.etag)}`}
          title={t('conflict.titleSectionLoc', { name: nameOf(s), locale: codeOf(localeId) })}
          savedAt={(c.current as SectionLocalization).updated_at}
          base={ls.savedValues}
          mine={ls.values}
          theirs={theirs}
          label={label}
          onResolve={(merged) => void tag().then((etag) => q.resolveConflict({ etag, base: theirs, values: merged }))}
          onCancel={() => void tag().then((etag) => q.reset({ values: theirs, etag }))}
        />,
      )
    }
  }
  return <>{out}</>
}
