import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../../shared/api/client'
import { getContent } from '../../../shared/editor/contentWrites'
import { HistoryButton } from '../../../shared/editor/history/HistoryDrawer'
import { restoreTarget, type RevertAdapter } from '../../../shared/editor/history/useHistoryRevert'
import type { SaveQueue } from '../../../shared/logic/saveQueue'
import { pageValuesOf, type Locale, type PageValues, type SectionLocalization, type SectionLocValues, type SectionValues } from '../api'
import type { SectionQueues } from './usePageQueues'

/*
 * The page's history drawer (shared/editor/history): the page record, its sections and their texts per locale. The
 * page's own fields revert through POST /audit/history/revert (Admin), after which the page queue takes the page's
 * values and new ETag. Sections and their texts are not revertible there: their fields go back through the section's
 * or the locale's save queue, shown in the form (a section's position stays with the reorder, not the history).
 */

const SECTION_FIELDS: (keyof SectionValues)[] = ['section_type', 'cover_image_id', 'call_to_action_route', 'settings']
const SECTION_TEXT: (keyof SectionValues)[] = ['section_type', 'call_to_action_route']
const LOC_FIELDS: (keyof SectionLocValues)[] = ['title', 'text', 'button_text']

type PageEntity =
  | { type: 'page'; id: string }
  | { type: 'page_section'; id: string; sectionType: string }
  | { type: 'page_section_localization'; id: string; sectionId: string; sectionType: string; localeId: string }

/** The page's records as they are now: sections and their localizations may have changed since the editor opened. */
async function pageEntities(pageId: string): Promise<PageEntity[]> {
  const [sections, locs] = await Promise.all([
    api().GET('/api/v1/pages/{page_id}/sections', { params: { path: { page_id: pageId } } }),
    api().GET('/api/v1/pages/{page_id}/sections/localizations', { params: { path: { page_id: pageId } } }),
  ])
  const typeOf = new Map(sections.data!.map((s) => [s.id, s.section_type]))
  return [
    { type: 'page', id: pageId },
    ...sections.data!.map((s) => ({ type: 'page_section' as const, id: s.id, sectionType: s.section_type })),
    ...(locs.data as SectionLocalization[]).map((l) => ({
      type: 'page_section_localization' as const,
      id: l.id,
      sectionId: l.page_section_id,
      sectionType: typeOf.get(l.page_section_id) ?? '',
      localeId: l.locale_id,
    })),
  ]
}

interface Props {
  siteId: string
  pageId: string
  page: SaveQueue<PageValues>
  sections: SectionQueues[]
  locales: Locale[]
  nameOf: (s: SectionQueues) => string
  saveAll: () => Promise<{ status: string }[]>
  canEdit: boolean
}

export function PageHistoryButton({ siteId, pageId, page, sections, locales, nameOf, saveAll, canEdit }: Props) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const queryClient = useQueryClient()
  const sectionOf = (id: string) => sections.find((s) => s.id === id)
  const sectionName = (id: string, type: string) => {
    const s = sectionOf(id)
    return s ? nameOf(s) : t('sectionUntitled', { type })
  }
  const fieldLabel = (field: string) => {
    // A key inside the settings object: "Settings (JSON): align".
    const [top, ...rest] = field.split('.')
    const label = t(`fields.${top}`, { defaultValue: top })
    return rest.length > 0 ? `${label}: ${rest.join('.')}` : label
  }
  const revert: RevertAdapter<PageEntity> = {
    restorable: { page_section: SECTION_FIELDS, page_section_localization: LOC_FIELDS },
    saveAll,
    queueOf: (e) => {
      if (e.type === 'page_section') {
        const s = sectionOf(e.id)
        return s && restoreTarget(s.queue, SECTION_TEXT)
      }
      const q = e.type === 'page_section_localization' ? sectionOf(e.sectionId)?.locs.get(e.localeId) : undefined
      return q && restoreTarget(q, LOC_FIELDS)
    },
    reload: async (endpointReverted) => {
      // A section's save moves the page's tag too (its updated_at): take the page's tag as it is now.
      const fresh = await getContent('pages', pageId)
      if (endpointReverted || !page.getState().isDirty) page.reset({ values: pageValuesOf(fresh.data), etag: fresh.etag })
      // The list, the parent choices and the editor's cached copy: read again when next shown.
      await queryClient.invalidateQueries({ queryKey: ['site', siteId, 'pages'], refetchType: 'none' })
    },
  }
  return (
    <HistoryButton<PageEntity>
      siteId={siteId}
      entities={{ key: ['page', pageId], load: () => pageEntities(pageId) }}
      describe={(e) => {
        if (e.type === 'page') return t('settings')
        if (e.type === 'page_section') return sectionName(e.id, e.sectionType)
        const locale = locales.find((l) => l.id === e.localeId)
        return t('history.sectionTexts', { name: sectionName(e.sectionId, e.sectionType), locale: locale?.name ?? e.localeId })
      }}
      fieldLabel={fieldLabel}
      adminNote={t('history.adminOnly')}
      revert={revert}
      canEdit={canEdit}
    />
  )
}
