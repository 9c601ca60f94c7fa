import { describe, expect, it } from 'vitest'
import { parseJsonObject, prettyJson } from './json'

describe('parseJsonObject', () => {
  it('accepts an object', () => {
    expect(parseJsonObject('{"author":"Ann","localizations":[]}')).toEqual({ ok: true, value: { author: 'Ann', localizations: [] } })
  })
  it('refuses broken JSON with the parser’s reason', () => {
    const r = parseJsonObject('{"author":')
    expect(r.ok).toBe(false)
    expect(r.ok === false && r.reason).toBe('syntax')
  })
  it('refuses arrays, scalars and null (the API wants an object)', () => {
    for (const text of ['[]', '1', '"x"', 'null', 'true']) expect(parseJsonObject(text)).toEqual({ ok: false, reason: 'notObject' })
  })
  it('pretty-prints what it parses back', () => {
    const value = { a: [1, { b: null }] }
    expect(parseJsonObject(prettyJson(value))).toEqual({ ok: true, value })
  })
})
