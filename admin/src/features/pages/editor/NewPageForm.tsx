import { Alert, Button, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { patchOf } from '../../../shared/editor/drafts'
import { LeaveModal } from '../../../shared/editor/EditorParts'
import { handOver } from '../../../shared/editor/handOver'
import { useEditorGuards } from '../../../shared/editor/useEditorGuards'
import { toFormError, type FormError } from '../../../shared/logic/errors'
import { PageTitle } from '../../../shared/ui/PageTitle'
import { createPage, pageQueries, type Page, type PageValues } from '../api'
import { ParentSelect } from './PageFields'

/** The page's fields the form sets when it creates the page. */
type CreatedFields = Pick<PageValues, 'route' | 'slug' | 'parent_page_id'>

/** A new page: its route (and optionally slug, parent and a content template to start from); the editor takes over once created. */
export function NewPageForm({ siteId, pages }: { siteId: string; pages: Page[] }) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const templates = useQuery(pageQueries.templates(siteId))
  const [route, setRoute] = useState('/')
  const [slug, setSlug] = useState('')
  const [parent, setParent] = useState<string | null>(null)
  const [template, setTemplate] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<FormError | undefined>(undefined)
  const [routeError, setRouteError] = useState<string | undefined>(undefined)
  const created = useRef(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const dirty = !created.current && (route !== '/' || slug !== '' || parent !== null || template !== '')
  // What the create sent, and what the form holds now: a change typed while the create was on its way goes to the page's editor.
  const sent = useRef<{ id: string; values: CreatedFields } | undefined>(undefined)
  const latest = useRef<CreatedFields>({ route: '/', slug: '', parent_page_id: null })
  latest.current = { route: route.trim(), slug: slug.trim(), parent_page_id: parent }
  useEffect(
    () => () => {
      const done = sent.current
      if (!done) return
      const patch: Partial<CreatedFields> = patchOf(latest.current, done.values)
      // An empty slug asks the server to derive one: nothing to carry over.
      if (patch.slug === '') delete patch.slug
      if (Object.keys(patch).length > 0) handOver(siteId, done.id, [{ key: { siteId, recordId: done.id, locale: '*' }, patch }])
    },
    [],
  )

  const create = async () => {
    if (busy) return
    if (!route.trim().startsWith('/')) {
      setRouteError(t('needsRoute'))
      document.getElementById('new-page-route')?.focus()
      return
    }
    setRouteError(undefined)
    setFailure(undefined)
    setBusy(true)
    try {
      const values = { ...latest.current }
      const p = await createPage(siteId, {
        route: values.route,
        slug: values.slug || undefined,
        parent_page_id: values.parent_page_id,
        ...(template ? { template_id: template } : {}),
      })
      created.current = true
      sent.current = { id: p.id, values }
      void queryClient.invalidateQueries({ queryKey: ['site', siteId, 'pages'] })
      // The page's editor opens with its data at once: this form stays (and takes keys, handed over) until then, never
      // a loading screen in between that would swallow them. After the guard sees the form clean: on a later tick.
      const go = () => mounted.current && void navigate({ to: '/sites/$siteId/pages/$pageId', params: { siteId, pageId: p.id }, replace: true })
      void queryClient.prefetchQuery(pageQueries.editor(siteId, p.id)).then(() => setTimeout(go, 0))
    } catch (e) {
      const fe = toFormError(e)
      setFailure(fe)
      if (fe.fieldErrors.route) setRouteError(fe.fieldErrors.route)
    } finally {
      setBusy(false)
    }
  }
  const blocker = useEditorGuards({ dirty: dirty && !busy, onSave: () => void create(), onBackup: () => undefined })

  return (
    <Stack gap="md" maw="40rem">
      <PageTitle>{t('newTitle')}</PageTitle>
      {failure && (
        <Alert color="red" role="alert">
          {te(failure.formMessageKey, failure.formMessageParams)}
          {failure.requestId && <Text size="xs">{te('requestId', { id: failure.requestId })}</Text>}
        </Alert>
      )}
      <Paper
        withBorder
        p="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault()
          void create()
        }}
      >
        <Stack gap="sm">
          <TextInput
            id="new-page-route"
            label={t('fields.route')}
            description={t('routeHint')}
            value={route}
            onChange={(e) => setRoute(e.currentTarget.value)}
            error={routeError}
            required
          />
          <TextInput
            label={t('fields.slug')}
            description={t('slugHint')}
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value)}
            error={failure?.fieldErrors.slug}
          />
          <ParentSelect value={parent} onChange={setParent} pages={pages} error={failure?.fieldErrors.parent_page_id} />
          <NativeSelect
            label={t('fromTemplate')}
            description={t('templateHint')}
            value={template}
            onChange={(e) => setTemplate(e.currentTarget.value)}
            data={[
              { value: '', label: t('blankPage') },
              ...(templates.data ?? []).map((tp) => ({ value: tp.id, label: tp.description ? `${tp.name}: ${tp.description}` : tp.name })),
            ]}
          />
          <Button type="submit" loading={busy} title={te('saveHint')}>
            {t('create')}
          </Button>
        </Stack>
      </Paper>
      <LeaveModal blocker={blocker} />
    </Stack>
  )
}
