import { describe, expect, it } from 'vitest'
import { fileNameOf } from './download'

describe('fileNameOf', () => {
  it('reads RFC 6266 file names', () => {
    expect(fileNameOf('attachment; filename="atrium-export.json"', 'x')).toBe('atrium-export.json')
    expect(fileNameOf('attachment; filename="a.json"; filename*=UTF-8\'\'%C3%A4-export.json', 'x')).toBe('ä-export.json')
    expect(fileNameOf('attachment; filename=plain.json', 'x')).toBe('plain.json')
    expect(fileNameOf(null, 'fallback.json')).toBe('fallback.json')
  })
})
