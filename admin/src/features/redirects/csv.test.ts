import { describe, expect, it } from 'vitest'
import { parseRedirectCsv } from './csv'

describe('parseRedirectCsv', () => {
  it('reads a file with a header, quoting and CRLF line ends; status and active default to 301 and true', () => {
    const r = parseRedirectCsv('source_path,destination_path,status_code\r\n/old,/new,302\r\n"/a,b",https://example.com/x,\r\n')
    expect(r.ok).toBe(true)
    expect(r.rows.map((x) => [x.line, x.values])).toEqual([
      [2, { source_path: '/old', destination_path: '/new', status_code: 302, is_active: true }],
      [3, { source_path: '/a,b', destination_path: 'https://example.com/x', status_code: 301, is_active: true }],
    ])
  })

  it('takes columns in the header’s order, accepts aliases, and reads a file without a header in the default order', () => {
    expect(parseRedirectCsv('to,from,active\n/new,/old,no\n').rows[0]?.values).toEqual({
      source_path: '/old',
      destination_path: '/new',
      status_code: 301,
      is_active: false,
    })
    const plain = parseRedirectCsv('/one,/two,301\n/three,/four\n')
    expect(plain.ok).toBe(true)
    expect(plain.rows.map((x) => x.line)).toEqual([1, 2])
  })

  it('marks each bad row with its line and field, and the file as not importable', () => {
    const r = parseRedirectCsv('source,destination,status\n/ok,/fine,301\n/same,/same/,301\nnoslash,/x,301\n/y,/z,307\n/ok,/again,302\n')
    expect(r.ok).toBe(false)
    expect(r.rows.filter((x) => Object.keys(x.problems).length > 0).map((x) => [x.line, x.problems])).toEqual([
      [3, { destination_path: 'same' }],
      [4, { source_path: 'sourceFormat' }],
      [5, { status_code: 'statusCode' }],
      [6, { source_path: 'duplicateInFile' }],
    ])
  })

  it('refuses sources that already have a redirect (compared normalised)', () => {
    const r = parseRedirectCsv('/taken/,/new\n', new Set(['/taken']))
    expect(r.rows[0]?.problems).toEqual({ source_path: 'exists' })
  })

  it('says what is wrong with the file itself', () => {
    expect(parseRedirectCsv('').fileProblem).toBe('empty')
    expect(parseRedirectCsv('source_path,destination_path\n').fileProblem).toBe('empty')
    expect(parseRedirectCsv('source_path,status\n/a,301\n').fileProblem).toBe('missingColumns')
    expect(parseRedirectCsv(Array.from({ length: 1001 }, (_, i) => `/a${i},/b`).join('\n')).fileProblem).toBe('tooMany')
  })

  it('flags a non-numeric status and an unreadable active flag', () => {
    const r = parseRedirectCsv('/a,/b,permanent,maybe\n')
    expect(r.rows[0]?.problems).toEqual({ status_code: 'statusCode', is_active: 'isActive' })
  })
})
