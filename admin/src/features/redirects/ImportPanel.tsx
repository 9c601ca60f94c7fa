import type { FieldError } from '@atrium-cms/client'
import { Alert, Button, Group, Text, Title } from '@mantine/core'
import { useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { DataTable, type Column } from '../../shared/ui/DataTable'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { importRedirects } from './api'
import { parseRedirectCsv, type CsvResult, type CsvRow } from './csv'
import { rowErrorsOf, type RowError } from './importErrors'

interface Props {
  siteId: string
  /** Live source paths of the site (normalised), to refuse rows that already have a redirect. */
  existing: ReadonlySet<string>
  onDone: () => void
}

type Finished = { ok: true; created: number } | { ok: false; error: unknown; rows: RowError[]; other: FieldError[] }

/** Sends the checked rows as one all-or-nothing import; a refusal names the lines the server refused (importErrors.ts). */
function useImport(siteId: string, onDone: () => void) {
  const [busy, setBusy] = useState(false)
  const [finished, setFinished] = useState<Finished | null>(null)
  const run = async (rows: CsvRow[]): Promise<boolean> => {
    setFinished(null)
    setBusy(true)
    try {
      const res = await importRedirects(
        siteId,
        rows.map((r) => r.values),
      )
      setFinished({ ok: true, created: res.created })
      return true
    } catch (error) {
      setFinished({ ok: false, error, ...rowErrorsOf(error, rows) })
      return false
    } finally {
      setBusy(false)
      onDone()
    }
  }
  return { busy, finished, setFinished, run }
}

/** Import from a CSV file: a preview with every line checked, then all or nothing. */
export function ImportPanel({ siteId, existing, onDone }: Props) {
  const { t } = useTranslation('redirects')
  const [fileName, setFileName] = useState('')
  const [parsed, setParsed] = useState<CsvResult | null>(null)
  const [inputKey, setInputKey] = useState(0)
  const job = useImport(siteId, onDone)
  const choose = async (file: File | undefined) => {
    job.setFinished(null)
    if (!file) return setParsed(null)
    setFileName(file.name)
    setParsed(parseRedirectCsv(await file.text(), existing))
  }
  const clear = () => (setParsed(null), job.setFinished(null), setInputKey((k) => k + 1))
  const start = async () => {
    if (parsed?.ok && (await job.run(parsed.rows))) {
      setParsed(null)
      setInputKey((k) => k + 1)
    }
  }
  return (
    <section aria-labelledby="redirects-import-title" className="ui-panel redirects-panel">
      <Title order={2} size="h4" id="redirects-import-title">
        {t('import.title')}
      </Title>
      <Text size="sm">{t('import.intro')}</Text>
      <Group gap="sm" align="end">
        <div className="redirects-file">
          <label htmlFor="redirects-csv">{t('import.file')}</label>
          <input key={inputKey} id="redirects-csv" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.currentTarget.files?.[0])} />
        </div>
        {parsed && (
          <Button variant="default" size="xs" onClick={clear}>
            {t('import.clear')}
          </Button>
        )}
      </Group>
      {parsed && <ImportPreview parsed={parsed} fileName={fileName} busy={job.busy} onRun={() => void start()} />}
      {job.busy && parsed && (
        <Text size="sm" role="status" aria-live="polite">
          {t('import.running', { count: parsed.rows.length })}
        </Text>
      )}
      {job.finished && <ImportResult finished={job.finished} />}
    </section>
  )
}

const columnOf = (f: string): 'source' | 'destination' | 'code' | 'active' =>
  f === 'source_path' ? 'source' : f === 'destination_path' ? 'destination' : f === 'status_code' ? 'code' : 'active'

const previewColumns = (t: TFunction<'redirects'>): Column<CsvRow>[] => [
  { key: 'line', header: t('import.line'), cell: (r) => r.line },
  { key: 'source', header: t('columns.source'), cell: (r) => r.raw.source_path, truncate: (r) => r.raw.source_path },
  { key: 'destination', header: t('columns.destination'), cell: (r) => r.raw.destination_path, truncate: (r) => r.raw.destination_path },
  { key: 'code', header: t('columns.code'), cell: (r) => r.raw.status_code || '301' },
  { key: 'active', header: t('columns.active'), cell: (r) => (r.values.is_active ? t('yes') : t('no')) },
  {
    key: 'problem',
    header: t('import.problem'),
    cell: (r) => {
      const problems = Object.entries(r.problems)
      return problems.length === 0 ? t('import.ok') : problems.map(([f, k]) => `${t(`columns.${columnOf(f)}`)}: ${t(`rules.${k}`)}`).join(' ')
    },
  },
]

/** The checked file: what is wrong with it, or every row ready; with problems only the bad lines are listed. */
function ImportPreview({ parsed, fileName, busy, onRun }: { parsed: CsvResult; fileName: string; busy: boolean; onRun: () => void }) {
  const { t } = useTranslation('redirects')
  if (parsed.fileProblem)
    return (
      <Alert variant="default" className="ui-alert ui-alert-error" role="alert" title={fileName}>
        {t(`import.${parsed.fileProblem}`)}
      </Alert>
    )
  const bad = parsed.rows.filter((r) => Object.keys(r.problems).length > 0)
  return (
    <>
      {parsed.ok ? (
        <Alert variant="default" className="ui-alert ui-alert-success" role="status" title={fileName}>
          {t('import.allGood', { count: parsed.rows.length })}
        </Alert>
      ) : (
        <Alert variant="default" className="ui-alert ui-alert-error" role="alert" title={fileName}>
          {t('import.bad', { count: bad.length })}
        </Alert>
      )}
      <DataTable
        label={t('import.preview')}
        rows={parsed.ok ? parsed.rows : bad}
        rowKey={(r) => String(r.line)}
        columns={previewColumns(t)}
        rowClassName={(r) => (Object.keys(r.problems).length > 0 ? 'redirects-bad-row' : undefined)}
        className="redirects-preview"
        region={t('import.preview')}
        striped
      />
      {parsed.ok && (
        <Button onClick={onRun} loading={busy}>
          {t('import.run', { count: parsed.rows.length })}
        </Button>
      )}
    </>
  )
}

function ImportResult({ finished }: { finished: Finished }) {
  const { t } = useTranslation('redirects')
  if (finished.ok)
    return (
      <Alert variant="default" className="ui-alert ui-alert-success" role="status">
        {t('import.done', { count: finished.created })}
      </Alert>
    )
  return (
    <>
      <ProblemAlert error={finished.error} placed={finished.rows.map((r) => r.path)}>
        <Text size="sm">{t('import.failed')}</Text>
      </ProblemAlert>
      {finished.rows.length > 0 && (
        <DataTable
          label={t('import.refused')}
          rows={finished.rows}
          rowKey={(r) => r.path}
          columns={[
            { key: 'line', header: t('import.line'), cell: (r) => r.line },
            { key: 'source', header: t('columns.source'), cell: (r) => r.source, truncate: (r) => r.source },
            { key: 'column', header: t('import.column'), cell: (r) => (r.field ? t(`columns.${columnOf(r.field)}`) : '') },
            { key: 'problem', header: t('import.problem'), cell: (r) => r.message },
          ]}
          rowClassName={() => 'redirects-bad-row'}
          className="redirects-preview"
          region={t('import.refused')}
          striped
        />
      )}
    </>
  )
}
