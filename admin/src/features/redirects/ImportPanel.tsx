import { Alert, Button, Group, Progress, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { createRedirect, deleteRedirect } from './api'
import { parseRedirectCsv, type CsvResult } from './csv'
import { runImport, type ImportOutcome } from './importRun'
import { normalizePath, type RedirectInput } from './rules'

interface Props {
  siteId: string
  /** Live source paths of the site (normalised), to refuse rows that already have a redirect. */
  existing: ReadonlySet<string>
  canImport: boolean
  onDone: () => void
}

/** Import from a CSV file: a preview with every line checked, then all or nothing (see importRun.ts for how). */
export function ImportPanel({ siteId, existing, canImport, onDone }: Props) {
  const { t } = useTranslation('redirects')
  const [fileName, setFileName] = useState('')
  const [parsed, setParsed] = useState<CsvResult | null>(null)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const [leftover, setLeftover] = useState<string[]>([])
  const [inputKey, setInputKey] = useState(0)

  const choose = async (file: File | undefined) => {
    setOutcome(null)
    if (!file) return setParsed(null)
    setFileName(file.name)
    setParsed(parseRedirectCsv(await file.text(), existing))
  }
  const clear = () => {
    setParsed(null)
    setOutcome(null)
    setInputKey((k) => k + 1)
  }
  const good = parsed?.ok === true ? parsed.rows : []
  const bad = parsed?.rows.filter((r) => Object.keys(r.problems).length > 0) ?? []
  const run = async () => {
    setOutcome(null)
    setProgress({ done: 0, total: good.length })
    const sourceOf = new Map<string, string>()
    const create = async (v: RedirectInput) => {
      const r = await createRedirect(siteId, v)
      sourceOf.set(r.id, r.source_path)
      return r
    }
    const out = await runImport(
      good.map((r) => r.values),
      { create, remove: deleteRedirect, onProgress: (done, total) => setProgress({ done, total }) },
    )
    setProgress(null)
    setOutcome(out)
    setLeftover(out.ok ? [] : out.notRolledBack.map((id) => sourceOf.get(id) ?? id))
    if (out.ok) {
      setParsed(null)
      setInputKey((k) => k + 1)
    }
    onDone()
  }

  return (
    <section aria-labelledby="redirects-import-title" className="redirects-panel">
      <Title order={2} size="h4" id="redirects-import-title">
        {t('import.title')}
      </Title>
      <Text size="sm">{t('import.intro')}</Text>
      {!canImport ? (
        <Text size="sm" c="dimmed">
          {t('import.needsDelete')}
        </Text>
      ) : (
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
      )}

      {parsed?.fileProblem && (
        <Alert variant="default" className="ui-alert ui-alert-error" role="alert" title={fileName}>
          {t(`import.${parsed.fileProblem}`)}
        </Alert>
      )}
      {parsed && !parsed.fileProblem && (
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
          <div className="ui-table-wrap redirects-preview">
            <Table aria-label={t('import.preview')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.line')}</Table.Th>
                  <Table.Th scope="col">{t('columns.source')}</Table.Th>
                  <Table.Th scope="col">{t('columns.destination')}</Table.Th>
                  <Table.Th scope="col">{t('columns.code')}</Table.Th>
                  <Table.Th scope="col">{t('columns.active')}</Table.Th>
                  <Table.Th scope="col">{t('import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(parsed.ok ? parsed.rows : bad).map((r) => {
                  const problems = Object.entries(r.problems)
                  return (
                    <Table.Tr key={r.line} data-bad={problems.length > 0 || undefined} className={problems.length > 0 ? 'redirects-bad-row' : undefined}>
                      <Table.Th scope="row">{r.line}</Table.Th>
                      <Table.Td>{r.raw.source_path}</Table.Td>
                      <Table.Td>{r.raw.destination_path}</Table.Td>
                      <Table.Td>{r.raw.status_code || '301'}</Table.Td>
                      <Table.Td>{r.values.is_active ? t('yes') : t('no')}</Table.Td>
                      <Table.Td>{problems.length === 0 ? t('import.ok') : problems.map(([f, k]) => `${t(`columns.${columnOf(f)}`)}: ${t(`rules.${k}`)}`).join(' ')}</Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </div>
          {parsed.ok && (
            <Button onClick={() => void run()} loading={progress !== null}>
              {t('import.run', { count: good.length })}
            </Button>
          )}
        </>
      )}
      {progress && (
        <div>
          <Text size="sm" role="status" aria-live="polite">
            {t('import.progress', progress)}
          </Text>
          <Progress value={(100 * progress.done) / Math.max(1, progress.total)} aria-label={t('import.progress', progress)} />
        </div>
      )}
      {outcome?.ok === true && (
        <Alert variant="default" className="ui-alert ui-alert-success" role="status">
          {t('import.done', { count: outcome.created })}
        </Alert>
      )}
      {outcome?.ok === false && <ImportFailure outcome={outcome} lines={good.map((r) => r.line)} sources={good.map((r) => normalizePath(r.values.source_path))} leftover={leftover} />}
    </section>
  )
}

const columnOf = (f: string): 'source' | 'destination' | 'code' | 'active' =>
  f === 'source_path' ? 'source' : f === 'destination_path' ? 'destination' : f === 'status_code' ? 'code' : 'active'

function ImportFailure({ outcome, lines, sources, leftover }: { outcome: Extract<ImportOutcome, { ok: false }>; lines: number[]; sources: string[]; leftover: string[] }) {
  const { t } = useTranslation('redirects')
  return (
    <ProblemAlert error={outcome.error}>
      <Text size="sm">{t('import.failed', { line: lines[outcome.failedIndex] })}</Text>
      {sources[outcome.failedIndex] && <Text size="sm">{sources[outcome.failedIndex]}</Text>}
      {outcome.rolledBack > 0 && <Text size="sm">{t('import.rolledBack', { count: outcome.rolledBack })}</Text>}
      {leftover.length > 0 && <Text size="sm">{t('import.notRolledBack', { count: leftover.length, sources: leftover.join(', ') })}</Text>}
    </ProblemAlert>
  )
}
