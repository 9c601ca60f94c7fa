import { describe, expect, it } from 'vitest'
import { parseSettings } from './settings'

describe('section settings JSON', () => {
  it('accepts an object, and empty text as the empty object', () => {
    expect(parseSettings('{"align": "center", "columns": 2}')).toEqual({ ok: true, value: { align: 'center', columns: 2 } })
    expect(parseSettings('  ')).toEqual({ ok: true, value: {} })
  })
  it('refuses invalid JSON with the parser’s reason, and anything but an object', () => {
    const bad = parseSettings('{"align": }')
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.reason).toMatch(/JSON|Unexpected/)
    for (const text of ['[1, 2]', '"text"', '3', 'null']) expect(parseSettings(text)).toEqual({ ok: false, reason: 'notObject' })
  })
})
