import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordConflict } from '../../../shared/editor/RecordConflict'
import type { SaveQueue, SaveQueueState } from '../../../shared/logic/saveQueue'
import { pageValuesOf, sectionLocValuesOf, sectionValuesOf, type PageValues, type SectionLocalization, type SectionLocValues } from '../api'
import type { SectionQueues } from './usePageQueues'

/** The conflict view of every record of the page whose save met a 412 that needs a choice. */
export function PageConflicts({
  siteId,
  page,
  sections,
  nameOf,
  codeOf,
  stateOf,
}: {
  siteId: string
  page: SaveQueue<PageValues>
  sections: SectionQueues[]
  nameOf: (s: SectionQueues) => string
  codeOf: (localeId: string) => string
  stateOf: <V>(q: SaveQueue<V>) => SaveQueueState<V> | undefined
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const label = (f: string) => t(`fields.${f}`, { defaultValue: f })
  const common = { siteId, label }
  return (
    <>
      <RecordConflict {...common} entityType="page" queue={page} state={page.getState()} title={t('conflict.titlePage')} valuesOf={pageValuesOf} />
      {sections.map((s) => (
        <Fragment key={s.id}>
          <RecordConflict
            {...common}
            entityType="page_section"
            queue={s.queue}
            state={stateOf(s.queue)}
            title={t('conflict.titleSection', { name: nameOf(s) })}
            valuesOf={sectionValuesOf}
          />
          {[...s.locs].map(([localeId, q]) => (
            <RecordConflict<SectionLocValues, SectionLocalization>
              key={localeId}
              {...common}
              entityType="page_section_localization"
              queue={q}
              state={stateOf(q)}
              title={t('conflict.titleSectionLoc', { name: nameOf(s), locale: codeOf(localeId) })}
              valuesOf={sectionLocValuesOf}
            />
          ))}
        </Fragment>
      ))}
    </>
  )
}
