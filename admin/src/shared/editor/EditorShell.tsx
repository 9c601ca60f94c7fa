import './messages'
import type { Schemas } from '@atrium-cms/client'
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../api/queries'
import { toFormError } from '../logic/errors'
import type { SaveQueueState } from '../logic/saveQueue'
import { PageTitle } from '../ui/PageTitle'
import { DraftOfferAlert, SaveStatusLine, type DraftOfferView } from './EditorParts'
import { overallStatus } from './queueGroup'
import { capabilitiesOf, type Capabilities } from './roles'
import type { useWorkflowAction } from './useWorkflowAction'
import { WorkflowButtons } from './WorkflowButtons'

/*
 * What the blog and page editors share around their fields: loading the site's locales, settings and the caller's
 * role; the header with the title, the status, Save draft, the workflow buttons and the save state; the failure of a
 * workflow action; the offer of kept drafts. Each editor's messages live under `<ns>:editor.*`.
 */

/** The content types with an editor: their message namespace. */
export type EditorNs = 'blogs' | 'pages'

export interface EditorBase {
  /** The site's locales, the default one first. */
  locales: Schemas['Locale'][]
  defaultLocaleId: string
  caps: Capabilities
}

/**
 * The site's locales, settings and the caller's capabilities, once they and the editor's own queries (`more`) have
 * loaded; until then `base` is undefined and `error` the first failure, if any.
 */
export function useEditorBase(siteId: string, more: ReadonlyArray<{ data: unknown; error: unknown }>): { base?: EditorBase; error: unknown } {
  const locales = useQuery(sharedQueries.locales(siteId))
  const settings = useQuery(sharedQueries.settings(siteId))
  const me = useQuery(sharedQueries.me())
  const error = locales.error ?? settings.error ?? more.find((q) => q.error)?.error ?? null
  if (!locales.data || !settings.data || more.some((q) => q.data === undefined)) return { error }
  const defaultLocaleId = settings.data.default_locale_id ?? locales.data.find((l) => l.is_default)?.id ?? locales.data[0]?.id ?? ''
  const sorted = [...locales.data].sort((a, b) => Number(b.id === defaultLocaleId) - Number(a.id === defaultLocaleId))
  return { error, base: { locales: sorted, defaultLocaleId, caps: capabilitiesOf(me.data, siteId, settings.data.editorial_workflow_enabled) } }
}

/** The editor while its data loads, or why it could not. */
export function EditorLoading({ ns, error }: { ns: EditorNs; error: unknown }) {
  const { t } = useTranslation(ns, { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  if (!error) return <Loader role="progressbar" aria-label={t('loading')} />
  return (
    <Alert color="red" title={t('loadFailed')}>
      {te(toFormError(error).formMessageKey)}
    </Alert>
  )
}

interface HeaderProps {
  ns: EditorNs
  /** The h1 (the post's title, the page's route) and the document title. */
  title: string
  documentTitle: string
  /** data-testid of the status line (the browser tests read the status there). */
  statusTestId: string
  workflow: ReturnType<typeof useWorkflowAction>
  caps: Capabilities
  saveAll: () => unknown
  /** Every save queue's state, for the save status line. */
  states: readonly SaveQueueState<unknown>[]
  /** A save merged a change made elsewhere. */
  merged: boolean
  /** More to say in the save status line. */
  notes?: string[]
  /** Publishing schedules (WorkflowButtons). */
  schedules?: boolean
  offer: DraftOfferView | undefined
  /** The editor's own buttons after the workflow buttons (history, preview, clone, delete…). */
  actions: ReactNode
  /** Under the buttons, above the save status (a link to the published record). */
  below?: ReactNode
}

/** The newest save of any queue, for the status line and the live preview's reload. */
export const lastSavedOf = (states: readonly SaveQueueState<unknown>[]) => Math.max(0, ...states.map((s) => s.lastSavedAt ?? 0)) || undefined

/** The editor's header: title and status; Save draft, the workflow and the editor's actions; the save state; a failed action; kept drafts. */
export function EditorHeader(p: HeaderProps) {
  const { t } = useTranslation(p.ns, { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  const { workflow } = p
  const done = workflow.done ? (workflow.done === 'changedElsewhere' ? t('changedElsewhere') : te(`actionDone.${workflow.done}`)) : ''
  const note = [done || (p.merged ? t('mergedElsewhere') : ''), ...(p.notes ?? [])].filter((n) => n !== '').join(' · ')
  const actionError = workflow.error === undefined ? undefined : toFormError(workflow.error)
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <PageTitle documentTitle={p.documentTitle}>{p.title}</PageTitle>
          <Text size="sm" c="dimmed" data-testid={p.statusTestId} data-status={workflow.status}>
            {t('statusLabel')}: {te(`statuses.${workflow.status}`)}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Group gap="xs">
            <Button variant="default" onClick={() => void p.saveAll()} disabled={!p.caps.canEdit} title={te('saveHint')}>
              {te('saveDraft')}
            </Button>
            <WorkflowButtons status={workflow.status} caps={p.caps} onAction={(a, c) => void workflow.run(a, c)} schedules={p.schedules} />
            {p.actions}
          </Group>
          {p.below}
          <SaveStatusLine status={overallStatus(p.states)} savedAt={lastSavedOf(p.states)} note={note} />
        </Stack>
      </Group>
      {actionError && (
        <Alert color="red" role="alert" withCloseButton onClose={workflow.clearError}>
          {te(actionError.formMessageKey, actionError.formMessageParams)}
        </Alert>
      )}
      {p.offer && <DraftOfferAlert offer={p.offer} />}
    </>
  )
}

/** Did every save go through (none met a conflict or an error)? */
const allSaved = (results: ReadonlyArray<{ status: string }>) => results.every((s) => s.status !== 'conflict' && s.status !== 'error')

/**
 * The editor's Clone and Delete. Typed work is saved first; a save that met a conflict or an error stops there, with
 * the form showing why. Each button shows only when the role allows it.
 */
export function CloneDeleteButtons({
  caps,
  saveAll,
  cloneLabel,
  deleteLabel,
  onClone,
  onDelete,
}: {
  caps: Capabilities
  saveAll: () => Promise<ReadonlyArray<{ status: string }>>
  cloneLabel: string
  deleteLabel: string
  onClone: () => Promise<void>
  onDelete: () => void
}) {
  const [cloning, setCloning] = useState(false)
  const clone = async () => {
    setCloning(true)
    try {
      if (allSaved(await saveAll())) await onClone()
    } finally {
      setCloning(false)
    }
  }
  const remove = async () => {
    if (allSaved(await saveAll())) onDelete()
  }
  return (
    <>
      {caps.canEdit && (
        <Button variant="default" onClick={() => void clone()} loading={cloning} disabled={cloning}>
          {cloneLabel}
        </Button>
      )}
      {caps.canDelete && (
        <Button variant="default" color="red" onClick={() => void remove()}>
          {deleteLabel}
        </Button>
      )}
    </>
  )
}
