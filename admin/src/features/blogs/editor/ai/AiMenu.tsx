import { Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../../shared/api/client'
import { sharedQueries } from '../../../../shared/api/queries'
import type { Locale, LocValues } from '../api'
import { DiffText } from '../../../../shared/editor/history/DiffText'
import { ProblemAlert } from './ProblemAlert'
import type { BlogQueues } from '../useBlogQueues'
import { AI_ACTIONS, aiRequest, applyProposal, proposalOf, type AiAction, type AiRequest, type ProposalRow } from './aiActions'
import './messages'
import './ai.css'

/** The translate action's input: the default locale's values into the current locale (none on the default locale). */
function translationOf(queues: BlogQueues, localeId: string, defaultLocaleId: string, locales: Locale[]) {
  const locale = locales.find((l) => l.id === localeId)
  const sourceValues = queues.locs.get(defaultLocaleId)?.getState().values
  return localeId !== defaultLocaleId && sourceValues && locale ? { source: sourceValues, targetCode: locale.code } : undefined
}

type Run =
  { action: AiAction; phase: 'loading' } | { action: AiAction; phase: 'error'; error: unknown } | { action: AiAction; phase: 'proposal'; rows: ProposalRow[] }

interface Props {
  siteId: string
  localeId: string
  defaultLocaleId: string
  locales: Locale[]
  queues: BlogQueues
  canEdit: boolean
}

/**
 * "AI assist" (shown when the site's `ai_enabled` is on and the caller may edit): the five generate actions on the
 * current locale. Each answer is a proposal, field by field against the current text, accepted per field or
 * rejected; a request in flight can be cancelled; errors show the problem's title.
 */
export function AiMenu({ siteId, localeId, defaultLocaleId, locales, queues, canEdit }: Props) {
  const { t } = useTranslation('blogAi')
  const { t: tb } = useTranslation('blogs', { keyPrefix: 'editor' })
  const settings = useQuery(sharedQueries.settings(siteId))
  const [run, setRun] = useState<Run | undefined>(undefined)
  const [accepted, setAccepted] = useState<Set<string>>(new Set())
  const [note, setNote] = useState('')
  const [open, setOpen] = useState(false)
  const controller = useRef<AbortController | undefined>(undefined)
  if (!settings.data?.ai_enabled || !canEdit) return null

  const queue = queues.locs.get(localeId)
  const current = queue?.getState().values
  const source = locales.find((l) => l.id === defaultLocaleId)
  const translation = translationOf(queues, localeId, defaultLocaleId, locales)
  const label = (f: string) => tb(`fields.${f}`, { defaultValue: f })

  async function start(action: AiAction, request: AiRequest, values: LocValues) {
    controller.current?.abort()
    const c = new AbortController()
    controller.current = c
    setNote('')
    setOpen(false)
    setRun({ action, phase: 'loading' })
    try {
      const res = await api().POST('/api/v1/sites/{site_id}/ai/generate', { params: { path: { site_id: siteId } }, body: request, signal: c.signal })
      if (c.signal.aborted) return
      const rows = proposalOf(action, res.data!, values)
      setAccepted(new Set(rows.map((r) => r.field)))
      setRun({ action, phase: 'proposal', rows })
    } catch (e) {
      if (!c.signal.aborted) setRun({ action, phase: 'error', error: e })
    }
  }
  const close = (message = '') => {
    controller.current?.abort()
    controller.current = undefined
    setRun(undefined)
    setNote(message)
  }
  const accept = (rows: ProposalRow[]) => {
    if (queue) queue.edit(applyProposal(queue.getState().values, rows, accepted))
    close(
      t('applied', {
        fields: rows
          .filter((r) => accepted.has(r.field))
          .map((r) => label(r.field))
          .join(', '),
      }),
    )
  }

  return (
    <>
      <Button variant="default" aria-expanded={open} aria-controls="ai-actions" onClick={() => setOpen(!open)}>
        {t('menu')}
      </Button>
      {open && (
        <div id="ai-actions" role="group" aria-label={t('menu')} className="ai-actions">
          {AI_ACTIONS.map((action) => {
            if (action === 'translate' && localeId === defaultLocaleId) return null
            const r = current ? aiRequest(action, current, translation) : { unavailable: 'needsBody' as const }
            return (
              <Button
                key={action}
                size="xs"
                variant="default"
                disabled={r.request === undefined}
                title={r.unavailable ? t(`unavailable.${r.unavailable}`) : undefined}
                onClick={() => r.request && current && void start(action, r.request, current)}
              >
                {t(`actions.${action}`, { source: source?.name ?? '' })}
              </Button>
            )
          })}
        </div>
      )}
      <AiNote note={note} />
      <ProposalModal
        run={run}
        title={run ? t(`actions.${run.action}`, { source: source?.name ?? '' }) : ''}
        accepted={accepted}
        setAccepted={setAccepted}
        label={label}
        onClose={close}
        onAccept={accept}
      />
    </>
  )
}

function ProposalModal({
  run,
  title,
  accepted,
  setAccepted,
  label,
  onClose,
  onAccept,
}: {
  run: Run | undefined
  title: string
  accepted: Set<string>
  setAccepted: (f: (s: Set<string>) => Set<string>) => void
  label: (field: string) => string
  onClose: (note?: string) => void
  onAccept: (rows: ProposalRow[]) => void
}) {
  const { t } = useTranslation('blogAi')
  return (
    <Modal
      opened={run !== undefined}
      onClose={() => onClose(run?.phase === 'proposal' ? t('rejected') : '')}
      title={title}
      size="lg"
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {run?.phase === 'loading' && (
        <Stack gap="sm" align="flex-start" aria-busy="true">
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text role="status">{t('working')}</Text>
          </Group>
          <Button variant="default" onClick={() => onClose()}>
            {t('cancel')}
          </Button>
        </Stack>
      )}
      {run?.phase === 'error' && (
        <Stack gap="sm">
          <ProblemAlert error={run.error} fallbackTitle={t('failed')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              {t('close')}
            </Button>
          </Group>
        </Stack>
      )}
      {run?.phase === 'proposal' && (
        <Stack gap="sm" data-testid="ai-proposal">
          <Text size="sm">{run.rows.length === 0 ? t('noChange') : t('proposalIntro')}</Text>
          {run.rows.map((r) => (
            <div key={r.field} data-field={r.field}>
              <Checkbox
                label={t('use', { field: label(r.field) })}
                checked={accepted.has(r.field)}
                onChange={(e) => {
                  const on = e.currentTarget.checked
                  setAccepted((s) => {
                    const n = new Set(s)
                    if (on) n.add(r.field)
                    else n.delete(r.field)
                    return n
                  })
                }}
              />
              <DiffText parts={r.parts} />
            </div>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(t('rejected'))}>
              {run.rows.length === 0 ? t('close') : t('reject')}
            </Button>
            {run.rows.length > 0 && (
              <Button disabled={accepted.size === 0} onClick={() => onAccept(run.rows)}>
                {t('accept')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

/** What happened to the last proposal (a polite status beside the menu). */
function AiNote({ note }: { note: string }) {
  if (note === '') return null
  return (
    <Text size="xs" role="status" data-testid="ai-note">
      {note}
    </Text>
  )
}
