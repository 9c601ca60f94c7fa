import { AtriumError } from '@atrium-cms/client'
import { describe, expect, it } from 'vitest'
import type { CsvRow } from './csv'
import { rowErrorsOf } from './importErrors'

const row = (line: number, source: string): CsvRow => ({
  line,
  values: { source_path: source, destination_path: '/to', status_code: 301, is_active: true },
  raw: { source_path: source, destination_path: '/to', status_code: '', is_active: '' },
  problems: {},
})
const refused = (status: number, errors: Array<{ field: string; message: string }>) =>
  new AtriumError({
    status,
    problem: {
      type: 'urn:atrium:problem:x',
      title: 'Conflict',
      status,
      detail: 'nothing was imported',
      code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED',
      errors,
    },
  })

describe('rowErrorsOf', () => {
  const rows = [row(2, '/a'), row(3, '/b'), row(4, '/c')]

  it('matches the rows the server names (index from 0) to the lines of the file, in file order', () => {
    const got = rowErrorsOf(
      refused(409, [
        { field: 'redirects.2.source_path', message: '/c is already the source of redirects.0.source_path' },
        { field: 'redirects.1.source_path', message: '/b already has a live redirect in this site' },
      ]),
      rows,
    )
    expect(got.rows).toEqual([
      { path: 'redirects.1.source_path', line: 3, source: '/b', field: 'source_path', message: '/b already has a live redirect in this site' },
      { path: 'redirects.2.source_path', line: 4, source: '/c', field: 'source_path', message: '/c is already the source of redirects.0.source_path' },
    ])
    expect(got.other).toEqual([])
  })

  it('accepts bracket and pointer spellings; a problem naming no known row stays apart', () => {
    const got = rowErrorsOf(
      refused(400, [
        { field: 'redirects[0].status_code', message: 'must be 301 or 302' },
        { field: '/body/redirects/1/destination_path', message: 'must differ from source_path' },
        { field: 'redirects.9.source_path', message: 'far away' },
        { field: 'redirects', message: 'must NOT have more than 1000 items' },
      ]),
      rows,
    )
    expect(got.rows.map((r) => [r.line, r.field])).toEqual([
      [2, 'status_code'],
      [3, 'destination_path'],
    ])
    expect(got.other.map((e) => e.field)).toEqual(['redirects.9.source_path', 'redirects'])
  })

  it('an error that is no problem answer has no rows', () => {
    expect(rowErrorsOf(new Error('offline'), rows)).toEqual({ rows: [], other: [] })
  })
})
