import { Stack } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorLine, fieldErrorsOf, LeaveModal } from '../../../shared/editor/EditorParts'
import { EditorHeader, lastSavedOf } from '../../../shared/editor/EditorShell'
import { LocaleBar } from '../../../shared/editor/LocaleBar'
import type { Capabilities } from '../../../shared/editor/roles'
import { useEditorGuards } from '../../../shared/editor/useEditorGuards'
import { useWorkflowAction } from '../../../shared/editor/useWorkflowAction'
import type { SaveQueue } from '../../../shared/logic/saveQueue'
import { pageWorkflow, type Locale, type Page, type Section, type SectionLocalization } from '../api'
import { PageConflicts } from './PageConflicts'
import { PageFields } from './PageFields'
import { PageHistoryButton } from './PageHistory'
import { SectionsEditor } from './SectionsEditor'
import { usePageQueues, type SectionQueues } from './usePageQueues'
import { PreviewActions } from '../../../shared/preview/PreviewActions'
import { LivePreviewLayout } from '../../../shared/preview/LivePreview'
import { PageActions } from './PageActions'

export interface EditPageProps {
  siteId: string
  loaded: { page: { data: Page; etag: string | undefined }; sections: Section[]; localizations: SectionLocalization[] }
  locales: Locale[]
  defaultLocaleId: string
  caps: Capabilities
  pages: Page[]
}

/** An existing page: the page record, its sections and their texts per locale, each saved through its own queue. */
export function EditPageForm({ siteId, loaded, locales, defaultLocaleId, caps, pages }: EditPageProps) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const page = loaded.page.data
  const [localeId, setLocaleId] = useState(defaultLocaleId)
  const [merged, setMerged] = useState(false)
  const invalidSettings = useIdSet()
  const q = usePageQueues(siteId, loaded, locales, { onMerged: () => setMerged(true) })
  const saveAll = () => Promise.all(q.all.map((x) => x.flush()))
  const workflow = useWorkflowAction(pageWorkflow(page.id, siteId), page.status, q.page, saveAll)
  const blocker = useEditorGuards({ dirty: q.states.some((s) => s.isDirty) || invalidSettings.ids.size > 0, onSave: () => void saveAll(), onBackup: q.backup })

  const pageState = q.stateOf(q.page) ?? q.page.getState()
  const route = q.page.getState().values.route || page.route
  const lastSavedAt = lastSavedOf(q.states)
  const locale = locales.find((l) => l.id === localeId) ?? locales[0]!
  const nameOf = (s: SectionQueues) => {
    const type = s.queue.getState().values.section_type
    const title = s.locs.get(defaultLocaleId)?.getState().values.title.trim() ?? ''
    return title === '' ? t('sectionUntitled', { type }) : t('sectionName', { title, type })
  }
  const locDirty = (id: string) => q.sections.some((s) => q.stateOf(s.locs.get(id) as SaveQueue<unknown>)?.isDirty)

  return (
    <Stack gap="md" className="page-editor">
      <EditorHeader
        ns="pages"
        title={route}
        documentTitle={t('editTitle', { route })}
        statusTestId="page-status"
        workflow={workflow}
        caps={caps}
        saveAll={saveAll}
        states={q.states}
        merged={merged}
        notes={invalidSettings.ids.size > 0 ? [t('settingsInvalid')] : []}
        offer={q.offer}
        actions={
          <>
            <PageHistoryButton
              siteId={siteId}
              pageId={page.id}
              page={q.page}
              sections={q.sections}
              locales={locales}
              nameOf={nameOf}
              saveAll={saveAll}
              canEdit={caps.canEdit}
            />
            <PreviewActions siteId={siteId} type="page" recordId={page.id} locale={locale.code} saveAll={saveAll} />
            <PageActions siteId={siteId} pageId={page.id} route={route} caps={caps} saveAll={saveAll} />
          </>
        }
      />
      <PageConflicts siteId={siteId} page={q.page} sections={q.sections} nameOf={nameOf} codeOf={q.codeOf} stateOf={q.stateOf} />
      <LocaleBar
        label={t('locales')}
        current={localeId}
        onSelect={setLocaleId}
        tabs={locales.map((l) => ({ locale: l, translationStatus: undefined, dirty: locDirty(l.id), plain: true }))}
      />
      <LivePreviewLayout siteId={siteId} type="page" recordId={page.id} localeId={localeId} localeCode={locale.code} name={route} savedAt={lastSavedAt}>
        <div className="editor-columns">
          <SectionsEditor
            siteId={siteId}
            pageId={page.id}
            sections={q.sections}
            locale={locale}
            defaultLocaleId={defaultLocaleId}
            pages={pages}
            canEdit={caps.canEdit}
            onAdd={q.add}
            onRemove={(id) => {
              q.remove(id)
              invalidSettings.set(id, false)
            }}
            onReorder={q.reorder}
            onSettingsValidity={(id, valid) => invalidSettings.set(id, !valid)}
          />
          <aside aria-label={t('settings')}>
            <ErrorLine state={pageState} />
            <PageFields values={q.page.getState().values} onChange={(v) => q.page.edit(v)} errors={fieldErrorsOf(pageState)} pages={pages} pageId={page.id} />
          </aside>
        </div>
      </LivePreviewLayout>
      <LeaveModal blocker={blocker} />
    </Stack>
  )
}

/** A set of ids as React state (sections whose settings text is not valid JSON). */
function useIdSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set())
  const set = (id: string, member: boolean) =>
    setIds((s) => {
      if (member === s.has(id)) return s
      const next = new Set(s)
      if (member) next.add(id)
      else next.delete(id)
      return next
    })
  return { ids, set }
}
