import { describe, expect, it } from 'vitest'
import { prettyBody } from './bodies'

describe('prettyBody', () => {
  it('indents JSON', () => {
    expect(prettyBody('{"type":"blog.created","data":{"id":1}}')).toBe('{\n  "type": "blog.created",\n  "data": {\n    "id": 1\n  }\n}')
  })
  it('keeps anything else, and JSON cut short, as it came', () => {
    expect(prettyBody('OK')).toBe('OK')
    expect(prettyBody('{"type":"blog.cr')).toBe('{"type":"blog.cr')
  })
})
