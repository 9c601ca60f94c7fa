import type { FieldError } from '@atrium-cms/client'
import { isAtriumError, normalizeFieldPath } from '../../shared/logic/errors'
import type { CsvRow } from './csv'
import type { RedirectInput } from './rules'

/*
 * The import is one all-or-nothing request (POST /sites/{site_id}/redirects/import, an Atrium extension): the server
 * checks every row with the rules of a single create and, if any row fails, writes nothing and names each problem
 * as `redirects.<index>.<field>` (index from 0, in the order sent). Those are matched back to the lines of the file.
 */

export interface RowError {
  /** The problem's field as the server named it (normalised: `redirects.3.source_path`). */
  path: string
  /** The line of the file (1-based, the header counted). */
  line: number
  source: string
  field: keyof RedirectInput | undefined
  /** The server's message (its own words: the API speaks English). */
  message: string
}

const ROW_FIELD = /^redirects\.(\d+)(?:\.(source_path|destination_path|status_code|is_active))?/

/** The refused rows of a failed import, in file order, and any problem that names no row. */
export function rowErrorsOf(error: unknown, rows: readonly CsvRow[]): { rows: RowError[]; other: FieldError[] } {
  const errors = isAtriumError(error) ? error.errors : []
  const out: RowError[] = []
  const other: FieldError[] = []
  for (const e of errors) {
    const path = normalizeFieldPath(e.field)
    const m = ROW_FIELD.exec(path)
    const row = m ? rows[Number(m[1])] : undefined
    if (!m || !row) {
      other.push(e)
      continue
    }
    out.push({ path, line: row.line, source: row.values.source_path, field: m[2] as keyof RedirectInput | undefined, message: e.message })
  }
  return { rows: out.sort((a, b) => a.line - b.line), other }
}
