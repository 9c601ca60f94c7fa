import Papa from 'papaparse'
import { checkRedirect, normalizePath, type FieldProblems, type RedirectInput, type StatusCode } from './rules'

/*
 * A CSV of redirects for the import: one redirect per line, columns source_path, destination_path and optionally
 * status_code (301 default) and is_active (true default). A first line naming the columns is a header (its order
 * wins; `source`, `destination`, `status` and `active` are accepted too); without one the columns are in that order.
 * Parsing is papaparse's (RFC 4180 quoting, any line ending); the checks are ours.
 */

export interface CsvRow {
  /** The line of the file this redirect came from (1-based, the header counted). */
  line: number
  values: RedirectInput
  /** The cells as written, for the preview. */
  raw: { source_path: string; destination_path: string; status_code: string; is_active: string }
  problems: FieldProblems
}

export interface CsvResult {
  rows: CsvRow[]
  /** Problems of the file itself (unreadable, no rows, too many rows). i18n keys under `import.`. */
  fileProblem?: 'empty' | 'unreadable' | 'tooMany' | 'missingColumns'
  /** Every row is good: the import may go ahead. */
  ok: boolean
}

/** A file this long is refused before anything is sent (the import endpoint takes at most 1,000 rows). */
export const MAX_ROWS = 1000

const ALIASES: Record<string, keyof CsvRow['raw']> = {
  source_path: 'source_path',
  source: 'source_path',
  from: 'source_path',
  destination_path: 'destination_path',
  destination: 'destination_path',
  to: 'destination_path',
  status_code: 'status_code',
  status: 'status_code',
  code: 'status_code',
  is_active: 'is_active',
  active: 'is_active',
}

const TRUE = new Set(['', 'true', '1', 'yes', 'y'])
const FALSE = new Set(['false', '0', 'no', 'n'])

/**
 * Parses and checks a redirects CSV. `existing` holds the site's live source paths (normalised): a row whose source
 * already has a redirect is bad, as is a source that appears twice in the file.
 */
export function parseRedirectCsv(text: string, existing: ReadonlySet<string> = new Set()): CsvResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const records = parsed.data
  if (records.length === 0) return { rows: [], fileProblem: 'empty', ok: false }
  if (parsed.errors.some((e) => e.type === 'Quotes' && e.row === undefined)) return { rows: [], fileProblem: 'unreadable', ok: false }

  const first = (records[0] ?? []).map((c) => c.trim().toLowerCase())
  const isHeader = first.some((c) => c in ALIASES) && !first.some((c) => c.startsWith('/'))
  let columns: Array<keyof CsvRow['raw'] | undefined> = ['source_path', 'destination_path', 'status_code', 'is_active']
  if (isHeader) {
    columns = first.map((c) => ALIASES[c])
    if (!columns.includes('source_path') || !columns.includes('destination_path')) return { rows: [], fileProblem: 'missingColumns', ok: false }
  }
  const body = isHeader ? records.slice(1) : records
  if (body.length === 0) return { rows: [], fileProblem: 'empty', ok: false }
  if (body.length > MAX_ROWS) return { rows: [], fileProblem: 'tooMany', ok: false }

  const badRows = new Set(parsed.errors.map((e) => e.row).filter((r): r is number => r !== undefined))
  const seen = new Map<string, number>()
  const rows = body.map((cells, i): CsvRow => {
    const raw = { source_path: '', destination_path: '', status_code: '', is_active: '' }
    columns.forEach((col, c) => {
      if (col) raw[col] = (cells[c] ?? '').trim()
    })
    const status = raw.status_code === '' ? 301 : Number(raw.status_code)
    const active = raw.is_active.toLowerCase()
    const values: RedirectInput = {
      source_path: raw.source_path,
      destination_path: raw.destination_path,
      status_code: status as StatusCode,
      is_active: !FALSE.has(active),
    }
    const problems = checkRedirect(values)
    if (!/^\d*$/.test(raw.status_code)) problems.status_code = 'statusCode'
    if (!TRUE.has(active) && !FALSE.has(active)) problems.is_active = 'isActive'
    if (badRows.has(i + (isHeader ? 1 : 0))) problems.source_path ??= 'sourceFormat'
    if (!problems.source_path) {
      const key = normalizePath(values.source_path)
      if (existing.has(key)) problems.source_path = 'exists'
      else if (seen.has(key)) problems.source_path = 'duplicateInFile'
      else seen.set(key, i)
    }
    return { line: i + 1 + (isHeader ? 1 : 0), values, raw, problems }
  })
  return { rows, ok: rows.every((r) => Object.keys(r.problems).length === 0) }
}
