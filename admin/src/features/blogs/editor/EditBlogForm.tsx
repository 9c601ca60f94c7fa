import { Stack } from '@mantine/core'
import { useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SaveQueue, SaveQueueState } from '../../../shared/logic/saveQueue'
import type { BlogDetail, Loaded, Locale, LocValues } from './api'
import { BlogConflicts } from './BlogConflicts'
import { CarriedFocusContext, restoreInputFocus } from '../../../shared/editor/carriedFocus'
import { ErrorLine, fieldErrorsOf, LeaveModal } from '../../../shared/editor/EditorParts'
import { EditorHeader, lastSavedOf } from '../../../shared/editor/EditorShell'
import { LocaleBar } from '../../../shared/editor/LocaleBar'
import type { Capabilities } from '../../../shared/editor/roles'
import { useEditorGuards } from '../../../shared/editor/useEditorGuards'
import { useWorkflowAction } from '../../../shared/editor/useWorkflowAction'
import { blogWorkflow } from './api'
import { BlogFields, LocFields } from './EditorFields'
import { translationStatusLabel } from '../translationStatus'
import { useBlogQueues } from './useBlogQueues'
import { BlogImageFields } from './BlogImageFields'
import { OpenOnSite, PostActions } from './PostActions'
import { PostMetaPanels } from './PostMetaPanels'
import { SignOutGuard } from './SignOutGuard'
import { BlogHistoryButton } from './BlogHistory'
import { AiMenu } from './ai/AiMenu'
import { useSideBySide } from './translate/SideBySide'
import { PreviewActions } from '../../../shared/preview/PreviewActions'
import { LivePreviewLayout } from '../../../shared/preview/LivePreview'

const NOTHING_CARRIED = { spot: undefined }

export interface EditProps {
  siteId: string
  loaded: Loaded<BlogDetail>
  locales: Locale[]
  defaultLocaleId: string
  caps: Capabilities
}

/** An existing post: the blog record and one record per locale, each saved through its own queue. */
export function EditBlogForm({ siteId, loaded, locales, defaultLocaleId, caps }: EditProps) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const { t: tb } = useTranslation('blogs')
  const statusLabel = (v: string | undefined) => (v === undefined ? undefined : translationStatusLabel(tb, v))
  const blog = loaded.data
  const [localeId, setLocaleId] = useState(defaultLocaleId)
  const [merged, setMerged] = useState(false)
  const [translation, setTranslation] = useState<Record<string, string>>(() =>
    Object.fromEntries(blog.localizations.map((l) => [l.locale_id, l.translation_status])),
  )
  const { queues, all, states, offer, backup, codeOf, carried, stateOf } = useBlogQueues(siteId, loaded, locales, {
    onMerged: () => setMerged(true),
    onLocSaved: (id, l) => setTranslation((m) => ({ ...m, [id]: l.translation_status })),
  })
  const saveAll = () => Promise.all(all.map((q) => q.flush()))
  const workflow = useWorkflowAction(blogWorkflow(blog.id, siteId), blog.status, queues.blog, saveAll)
  const blocker = useEditorGuards({ dirty: states.some((s) => s.isDirty), onSave: () => void saveAll(), onBackup: backup })

  const locQueue = queues.locs.get(localeId) as SaveQueue<LocValues>
  const locState = stateOf(locQueue) as SaveQueueState<LocValues>
  const blogState = queues.blog.getState()
  const defaultTitle = queues.locs.get(defaultLocaleId)?.getState().values.title ?? ''
  const title = locState.values.title || defaultTitle || t('untitled')
  const lastSavedAt = lastSavedOf(states)
  const locale = locales.find((l) => l.id === localeId)
  const sideBySide = useSideBySide({ localeId, setLocaleId, defaultLocaleId, locales, queues, canEdit: caps.canEdit })
  // Just created by the new-post form: the caret goes back into the field it was in (the Markdown body takes it from
  // the context once its editor exists). Runs with the render that shows the handed-over values.
  const root = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => restoreInputFocus(root.current, carried?.spot), [carried])

  return (
    // data-keeps-focus: the move here from the new-post form is no new screen for the user, the caret stays (app/RouteFocus).
    <Stack gap="md" className="blog-editor" ref={root} data-keeps-focus={carried ? '' : undefined}>
      <EditorHeader
        ns="blogs"
        title={title}
        documentTitle={t('editTitle', { title })}
        statusTestId="blog-status"
        workflow={workflow}
        caps={caps}
        saveAll={saveAll}
        states={states}
        merged={merged}
        schedules={Date.parse(blogState.values.publish_start ?? '') > Date.now()}
        offer={offer}
        actions={
          <>
            <AiMenu siteId={siteId} localeId={localeId} defaultLocaleId={defaultLocaleId} locales={locales} queues={queues} canEdit={caps.canEdit} />
            <BlogHistoryButton siteId={siteId} blogId={blog.id} locales={locales} queues={queues} saveAll={saveAll} canEdit={caps.canEdit} />
            <PostActions siteId={siteId} blogId={blog.id} title={title} caps={caps} saveAll={saveAll} />
            <PreviewActions siteId={siteId} type="blog" recordId={blog.id} locale={locale?.code} saveAll={saveAll} />
          </>
        }
        below={<OpenOnSite siteId={siteId} slug={blogState.savedValues.slug} status={workflow.status} />}
      />
      <BlogConflicts siteId={siteId} queues={queues} stateOf={stateOf} codeOf={codeOf} />
      <LocaleBar
        label={t('locales')}
        current={localeId}
        onSelect={setLocaleId}
        tabs={locales.map((l) => ({
          locale: l,
          translationStatus: statusLabel(translation[l.id]),
          dirty: stateOf(queues.locs.get(l.id) as SaveQueue<unknown>)?.isDirty ?? false,
        }))}
      />
      {sideBySide.toggle}
      <CarriedFocusContext.Provider value={carried ?? NOTHING_CARRIED}>
        <LivePreviewLayout siteId={siteId} type="blog" recordId={blog.id} localeId={localeId} localeCode={locale?.code} name={title} savedAt={lastSavedAt}>
          {sideBySide.view ?? (
            <div className="editor-columns">
              <section aria-label={t('content', { locale: locale?.name ?? '' })}>
                <ErrorLine state={locState} />
                <LocFields
                  key={localeId}
                  values={locState.values}
                  onChange={(v) => locQueue.edit(v)}
                  localeCode={locale?.code ?? ''}
                  localeId={localeId}
                  errors={fieldErrorsOf(locState)}
                />
              </section>
              <aside aria-label={t('settings')}>
                <ErrorLine state={blogState} />
                <BlogFields
                  values={blogState.values}
                  onChange={(v) => queues.blog.edit(v)}
                  title={defaultTitle}
                  slugTyped
                  onSlugTyped={() => undefined}
                  errors={fieldErrorsOf(blogState)}
                />
                <BlogImageFields siteId={siteId} values={blogState.values} onChange={(v) => queues.blog.edit(v)} errors={fieldErrorsOf(blogState)} />
                <PostMetaPanels
                  siteId={siteId}
                  blog={blog}
                  values={blogState.values}
                  onChange={(v) => queues.blog.edit(v)}
                  caps={caps}
                  errors={fieldErrorsOf(blogState)}
                />
              </aside>
            </div>
          )}
        </LivePreviewLayout>
      </CarriedFocusContext.Provider>
      <LeaveModal blocker={blocker} />
      <SignOutGuard dirty={states.some((s) => s.isDirty)} onSave={saveAll} />
    </Stack>
  )
}
