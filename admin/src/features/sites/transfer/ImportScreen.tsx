import { Button, FileInput, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { formatBytes } from '../../../shared/i18n/format'
import { can } from '../../../shared/logic/access'
import { AnchorLink, BackLink } from '../../../shared/ui/links'
import { fieldErrorsOf, NeedNote, ProblemAlert } from '../../../shared/ui/ProblemAlert'
import { ScreenHeader } from '../../../shared/ui/ScreenHeader'
import { importArchive, type ImportReport } from './api'
import { REPORTED_TABLES } from './messages'
import { TransferProgress } from './TransferProgress'
import '../../../shared/ui/ops.css'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const FIELDS = ['as'] as const

type Phase = 'check' | 'import'
type State =
  | { step: 'idle' }
  | { step: 'sending'; phase: Phase; sent: number; uploaded: boolean }
  | { step: 'checked'; report: ImportReport }
  | { step: 'imported'; report: ImportReport }
  | { step: 'cancelled' }
  | { step: 'failed'; phase: Phase; error: unknown }

/**
 * A new site from an archive, in two steps: a dry run that reads and checks all of it and reports what it holds
 * (nothing is written), then the import itself, all or nothing. Both show the upload, then the server's work.
 */
export function ImportScreen() {
  const { t, i18n } = useTranslation('transfer')
  const me = useQuery(sharedQueries.me())
  const allowed = can(me.data, 'site.import')
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [slug, setSlug] = useState('')
  const [tried, setTried] = useState(false)
  const [state, setState] = useState<State>({ step: 'idle' })
  const abort = useRef<AbortController | null>(null)
  const size = (n: number) => formatBytes(n, i18n.language)
  const slugBad = slug !== '' && !SLUG.test(slug)
  const fieldErrors = state.step === 'failed' ? fieldErrorsOf(state.error, FIELDS) : {}
  const busy = state.step === 'sending'

  // Another file or slug: the report no longer says what an import would do.
  const reset = () => setState({ step: 'idle' })

  const run = async (phase: Phase) => {
    setTried(true)
    if (!file || slugBad) return
    const controller = new AbortController()
    abort.current = controller
    setState({ step: 'sending', phase, sent: 0, uploaded: false })
    try {
      const report = await importArchive({
        file,
        as: slug,
        dryRun: phase === 'check',
        signal: controller.signal,
        onProgress: (sent, uploaded) => setState({ step: 'sending', phase, sent, uploaded }),
      })
      if (phase === 'import') {
        await queryClient.invalidateQueries({ queryKey: ['sites'] })
        await queryClient.invalidateQueries({ queryKey: ['me'] })
      }
      setState(phase === 'check' ? { step: 'checked', report } : { step: 'imported', report })
    } catch (error) {
      setState(controller.signal.aborted ? { step: 'cancelled' } : { step: 'failed', phase, error })
    } finally {
      abort.current = null
    }
  }

  return (
    <Stack gap="lg">
      <ScreenHeader title={t('import.title')} back={<BackLink to="/sites">{t('import.back')}</BackLink>} />
      <Text>{t('import.intro')}</Text>
      {me.data && !allowed && <NeedNote need="systemAdmin" />}
      {allowed && (
        <form
          className="ops-form"
          noValidate
          aria-label={t('import.title')}
          onSubmit={(e) => {
            e.preventDefault()
            // Enter checks; importing is always a click on its own button.
            void run('check')
          }}
        >
          <FileInput
            label={t('import.file')}
            description={t('import.fileHint')}
            placeholder={t('import.filePlaceholder')}
            accept=".gz,.tgz,application/gzip"
            value={file}
            onChange={(f) => (setFile(f), reset())}
            required
            clearable
            clearButtonProps={{ 'aria-label': t('import.clear') }}
            disabled={busy}
            error={tried && !file ? t('import.chooseFile') : undefined}
          />
          <TextInput
            label={t('import.slug')}
            description={t('import.slugHint')}
            value={slug}
            onChange={(e) => (setSlug(e.currentTarget.value.trim()), reset())}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
            error={fieldErrors.as ?? (slugBad ? t('import.slugHint') : undefined)}
          />
          <Group>
            <Button
              type="submit"
              variant={state.step === 'checked' ? 'default' : 'filled'}
              loading={busy && state.phase === 'check'}
              disabled={busy && state.phase !== 'check'}
            >
              {t('import.check')}
            </Button>
            <Button onClick={() => void run('import')} disabled={state.step !== 'checked'} loading={busy && state.phase === 'import'}>
              {t('import.run')}
            </Button>
            {busy && (
              <Button variant="default" onClick={() => abort.current?.abort()}>
                {t('import.cancel')}
              </Button>
            )}
          </Group>
          {state.step !== 'checked' && state.step !== 'imported' && !busy && (
            <Text size="sm" c="dimmed">
              {t('import.needsCheck')}
            </Text>
          )}
          {busy && file && (
            <TransferProgress
              label={t('import.progress')}
              value={state.uploaded ? null : file.size > 0 ? Math.min(100, Math.round((state.sent / file.size) * 100)) : null}
            />
          )}
          <Text role="status" size="sm" data-testid="import-status">
            {busy && file
              ? state.uploaded
                ? t(state.phase === 'check' ? 'import.checking' : 'import.writing')
                : t('import.uploading', { sent: size(state.sent), total: size(file.size) })
              : state.step === 'cancelled'
                ? t('import.cancelled')
                : state.step === 'imported'
                  ? t('import.done', { name: state.report.site.name, slug: state.report.site.slug })
                  : ''}
          </Text>
          {state.step === 'failed' && (
            <ProblemAlert error={state.error} placed={FIELDS} need="systemAdmin" title={t(state.phase === 'check' ? 'import.checkFailed' : 'import.failed')} />
          )}
        </form>
      )}
      {state.step === 'checked' && <Report report={state.report} />}
      {state.step === 'imported' && (
        <Group>
          <AnchorLink to="/sites/$siteId" params={{ siteId: state.report.site.id }}>
            {t('import.open', { name: state.report.site.name })}
          </AnchorLink>
        </Group>
      )}
      {state.step === 'imported' && <Report report={state.report} />}
    </Stack>
  )
}

/** The counts of the archive, in the editor's words (tables that are parts of others are left out). */
function Report({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation('transfer')
  const rows = REPORTED_TABLES.filter((k) => (report.counts[k] ?? 0) > 0)
  const n = new Intl.NumberFormat(i18n.language)
  return (
    <section aria-labelledby="import-report" className="ops-section">
      <Title order={2} size="h3" id="import-report" mb="xs">
        {t('import.report')}
      </Title>
      <Text size="sm" mb="sm">
        {t('import.reportIntro', { name: report.site.name, slug: report.site.slug })}
      </Text>
      <div className="ops-table-wrap">
        <Table aria-label={t('import.reportTable')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('import.kind')}</Table.Th>
              <Table.Th scope="col">{t('import.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((k) => (
              <Table.Tr key={k}>
                <Table.Th scope="row" fw={400}>
                  {t(`import.tables.${k}`)}
                </Table.Th>
                <Table.Td>{n.format(report.counts[k] ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  )
}
