import { Button, Group, Stack } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { newDraftRecord, type DraftKey } from '../../../shared/logic/drafts'
import { createSaveQueue } from '../../../shared/logic/saveQueue'
import { PageTitle } from '../../../shared/ui/PageTitle'
import { createBlog, editorQueries, emptyLoc, type BlogValues, type Locale, type LocValues } from './api'
import { draftStore, patchOf, persistDrafts } from '../../../shared/editor/drafts'
import { DraftOfferAlert, ErrorLine, fieldErrorsOf, LeaveModal, SaveStatusLine, type DraftOfferView } from '../../../shared/editor/EditorParts'
import { LocaleBar } from '../../../shared/editor/LocaleBar'
import { afterDialogsClose } from '../../../shared/editor/afterDialogs'
import { focusSpotIn } from '../../../shared/editor/carriedFocus'
import { editsSinceCreate, handOver } from '../../../shared/editor/handOver'
import { AUTOSAVE_MS } from '../../../shared/editor/queueGroup'
import { useEditorGuards } from '../../../shared/editor/useEditorGuards'
import { useQueueState } from '../../../shared/editor/useQueueState'
import { BlogFields, LocFields } from './EditorFields'
import { BlogImageFields } from './BlogImageFields'
import { SignOutGuard } from './SignOutGuard'

interface NewValues {
  blog: BlogValues
  loc: LocValues
}

/**
 * The new post's one queue: its first save creates the blog with the chosen locale's localization (POST /blogs),
 * then the edit route takes over. Autosave waits for a title: without title or slug the server cannot name the post.
 * Once created the queue sends nothing more (no second POST); what was typed while the create was in flight, or
 * before the editor moved, is handed over to the post's editor (shared/editor/handOver.ts), which saves it with If-Match.
 */
function useNewBlogQueue(
  siteId: string,
  ctx: { current: { localeId: string; slugTyped: boolean } },
  localeCode: (id: string) => string,
  onCreated: (id: string, byUser: boolean) => void,
  form: { current: HTMLElement | null },
) {
  const key: DraftKey = { siteId, recordId: newDraftRecord('blog'), locale: '*' }
  const created = useRef<{ id: string; localeId: string } | undefined>(undefined)
  /** The user asked for the save (Save draft, Ctrl+S), not the autosave. */
  const byUser = useRef(false)
  const stopDrafts = useRef<() => void>(() => undefined)
  const [queue] = useState(() =>
    createSaveQueue<NewValues, { id: string; localeId: string }>({
      initialValues: {
        blog: { slug: '', author: '', is_featured: false, cover_image_id: null, header_image_id: null, publish_start: null, publish_end: null },
        loc: emptyLoc(),
      },
      etag: undefined,
      autosave: false,
      save: async ({ values }) => {
        const { localeId, slugTyped } = ctx.current
        const r = await createBlog(siteId, values.blog, slugTyped, localeId, values.loc)
        return { etag: r.etag, result: { id: r.data.id, localeId } }
      },
      onSaved: (a) => {
        if (!a.result) return
        queue.retire()
        created.current = a.result
        clearTimeout(timer.current)
        stopDrafts.current()
        void draftStore().discard(key)
        onCreated(a.result.id, byUser.current)
      },
    }),
  )
  const [offer, setOffer] = useState<DraftOfferView | undefined>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    stopDrafts.current = persistDrafts(queue, key, {})
    void draftStore()
      .offer<Partial<NewValues>>(key, undefined)
      .then((o) => {
        if (!o) return
        const close = () => setOffer(undefined)
        const values = { ...queue.getState().savedValues, ...o.draft.values }
        setOffer({ savedAt: o.draft.savedAt, restore: () => (queue.edit(values), close()), discard: () => (void draftStore().discard(key), close()) })
      })
    return () => {
      stopDrafts.current()
      clearTimeout(timer.current)
      queue.dispose()
    }
  }, [queue])
  // The editor of the created post takes what its create did not carry, and the caret when the autosave made the post
  // under the user's hands (a save the user asked for goes to the post's screen like any other, focus on its title). A
  // layout cleanup: it runs while the fields (and the focus) are still in the page, before the post's editor runs its
  // own layout effects, and no key can reach the page in between.
  useLayoutEffect(
    () => () => {
      const done = created.current
      if (done) handOver(siteId, done.id, sinceCreate(done), byUser.current ? undefined : focusSpotIn(form.current))
    },
    [queue],
  )
  /** The edits beyond what the create sent, per record of the created post. */
  const sinceCreate = (done: { id: string; localeId: string }) => {
    const at = (locale: string): DraftKey => ({ siteId, recordId: done.id, locale })
    return editsSinceCreate(queue.getState(), [
      { key: at('*'), pick: (v) => v.blog },
      { key: at(localeCode(done.localeId)), pick: (v) => v.loc },
    ])
  }
  const edit = (v: NewValues) => {
    queue.edit(v)
    clearTimeout(timer.current)
    if (!created.current && v.loc.title.trim() !== '') timer.current = setTimeout(() => void queue.flush(), AUTOSAVE_MS)
  }
  const backup = () => {
    const s = queue.getState()
    if (!s.isDirty) return
    // Created, editor not open yet: the drafts go under the post's own keys.
    if (created.current) for (const p of sinceCreate(created.current)) void draftStore().save(p.key, p.patch)
    else void draftStore().save(key, patchOf(s.values, s.savedValues))
  }
  const save = () => {
    byUser.current = true
    return queue.flush()
  }
  return { queue, offer, edit, backup, save }
}

/** A new post: nothing exists until the first save. */
export function NewBlogForm({ siteId, locales, defaultLocaleId }: { siteId: string; locales: Locale[]; defaultLocaleId: string }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useRef<HTMLDivElement>(null)
  const [localeId, setLocaleId] = useState(defaultLocaleId)
  const [typed, setSlugTyped] = useState(false)
  const [created, setCreated] = useState(false)
  const [keepCaret, setKeepCaret] = useState(false)
  const ctx = useRef({ localeId, slugTyped: typed })
  const codeOf = (id: string) => locales.find((l) => l.id === id)?.code ?? id
  const cancelMove = useRef<() => void>(() => undefined)
  useEffect(() => () => cancelMove.current(), [])
  const { queue, offer, edit, backup, save } = useNewBlogQueue(
    siteId,
    ctx,
    codeOf,
    (id, byUser) => {
      setCreated(true)
      setKeepCaret(!byUser)
      let live = true
      cancelMove.current = () => (live = false)
      // The post's editor opens with its data at once: this form stays (and takes keys) until then, never a loading
      // screen in between that would swallow them. After the guard sees the form clean, and once no picker is open
      // (its choice is handed over with the other edits).
      void queryClient.prefetchQuery(editorQueries.detail(siteId, id)).then(() => {
        if (!live) return
        cancelMove.current = afterDialogsClose(() => void navigate({ to: '/sites/$siteId/blogs/$blogId', params: { siteId, blogId: id }, replace: true }))
      })
    },
    form,
  )
  const state = useQueueState(queue)
  // A restored draft may carry a typed slug.
  const slugTyped = typed || state.values.blog.slug !== ''
  ctx.current = { localeId, slugTyped }
  const blocker = useEditorGuards({ dirty: state.isDirty && !created, onSave: () => void save(), onBackup: backup })
  const errors = fieldErrorsOf(state)
  const locErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^localizations\.0\./, ''), v]))
  const locale = locales.find((l) => l.id === localeId)
  return (
    <Stack gap="md" className="blog-editor" ref={form}>
      <Group justify="space-between" align="flex-start">
        <PageTitle documentTitle={t('newTitle')}>{t('newTitle')}</PageTitle>
        <Stack gap={4} align="flex-end">
          <Button variant="default" onClick={() => void save()} title={te('saveHint')}>
            {te('saveDraft')}
          </Button>
          <SaveStatusLine
            status={state.status}
            savedAt={state.lastSavedAt}
            note={state.isDirty && state.values.loc.title.trim() === '' ? t('needsTitle') : ''}
          />
        </Stack>
      </Group>
      {offer && <DraftOfferAlert offer={offer} />}
      <ErrorLine state={state} />
      <LocaleBar
        label={t('locales')}
        current={localeId}
        onSelect={setLocaleId}
        tabs={locales.map((l) => ({ locale: l, translationStatus: undefined, dirty: false }))}
      />
      {/* data-keeps-focus: created by the autosave, the form gives way to the post's editor, which puts the caret back in
          the field it was in; no new screen for the user, so app/RouteFocus leaves the focus there. */}
      <div className="editor-columns" data-keeps-focus={keepCaret ? '' : undefined}>
        <section aria-label={t('content', { locale: locale?.name ?? '' })}>
          <LocFields
            values={state.values.loc}
            onChange={(loc) => edit({ ...state.values, loc })}
            localeCode={locale?.code ?? ''}
            localeId={localeId}
            errors={locErrors}
          />
        </section>
        <aside aria-label={t('settings')}>
          <BlogFields
            values={state.values.blog}
            onChange={(b) => edit({ ...state.values, blog: b })}
            title={state.values.loc.title}
            slugTyped={slugTyped}
            onSlugTyped={setSlugTyped}
            errors={errors}
          />
          <BlogImageFields siteId={siteId} values={state.values.blog} onChange={(b) => edit({ ...state.values, blog: b })} errors={errors} />
        </aside>
      </div>
      <LeaveModal blocker={blocker} />
      <SignOutGuard dirty={state.isDirty && !created} onSave={save} />
    </Stack>
  )
}
