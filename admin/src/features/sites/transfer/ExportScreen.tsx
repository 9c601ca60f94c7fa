import { Button, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { formatBytes } from '../../../shared/i18n/format'
import { can } from '../../../shared/logic/access'
import { AnchorLink } from '../../../shared/ui/links'
import { NeedNote, ProblemAlert } from '../../../shared/ui/ProblemAlert'
import { ScreenHeader } from '../../../shared/ui/ScreenHeader'
import { downloadExport } from './api'
import { TransferProgress } from './TransferProgress'
import '../../../shared/ui/ops.css'

type State =
  | { step: 'idle' }
  | { step: 'running'; bytes: number }
  | { step: 'done'; name: string; bytes: number }
  | { step: 'cancelled' }
  | { step: 'failed'; error: unknown }

/** The site as one archive file, downloaded with the bytes received shown as they come; cancellable. */
export function ExportScreen({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('transfer')
  const me = useQuery(sharedQueries.me())
  const site = useQuery(sharedQueries.site(siteId))
  const allowed = can(me.data, 'site.export', siteId)
  const [state, setState] = useState<State>({ step: 'idle' })
  const abort = useRef<AbortController | null>(null)
  const size = (n: number) => formatBytes(n, i18n.language)

  const start = async () => {
    const controller = new AbortController()
    abort.current = controller
    setState({ step: 'running', bytes: 0 })
    try {
      const slug = site.data?.slug ?? 'site'
      const out = await downloadExport(siteId, `${slug}.tar.gz`, (bytes) => setState({ step: 'running', bytes }), controller.signal)
      setState({ step: 'done', ...out })
    } catch (error) {
      setState(controller.signal.aborted ? { step: 'cancelled' } : { step: 'failed', error })
    } finally {
      abort.current = null
    }
  }

  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={t('export.title')} />
      <Text>{t('export.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('export.never')}
      </Text>
      {me.data && !allowed && <NeedNote need="siteAdmin" />}
      {allowed && (
        <Stack gap="sm" className="ops-section">
          <Group>
            <Button onClick={() => void start()} loading={state.step === 'running'}>
              {t('export.start')}
            </Button>
            {state.step === 'running' && (
              <Button variant="default" onClick={() => abort.current?.abort()}>
                {t('export.cancel')}
              </Button>
            )}
          </Group>
          {state.step === 'running' && <TransferProgress label={t('export.progress')} value={null} />}
          <Text role="status" size="sm" data-testid="export-status">
            {state.step === 'running'
              ? t('export.received', { size: size(state.bytes) })
              : state.step === 'done'
                ? t('export.done', { name: state.name, size: size(state.bytes) })
                : state.step === 'cancelled'
                  ? t('export.cancelled')
                  : ''}
          </Text>
          {state.step === 'failed' && <ProblemAlert error={state.error} title={t('export.failed')} need="siteAdmin" />}
        </Stack>
      )}
      {can(me.data, 'site.import') && (
        <AnchorLink to="/sites/import" size="sm">
          {t('export.importLink')}
        </AnchorLink>
      )}
    </Stack>
  )
}
