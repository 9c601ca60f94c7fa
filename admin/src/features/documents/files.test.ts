import { describe, expect, it } from 'vitest'
import { fileToBase64, formatBytes, overLimit } from './files'

describe('document files', () => {
  it('refuses a file over the site limit before sending, and only then', () => {
    expect(overLimit(10, 10)).toBeNull()
    expect(overLimit(11, 10)).toEqual({ size: 11, limit: 10 })
    expect(overLimit(11, null)).toBeNull()
    expect(overLimit(11, undefined)).toBeNull()
  })

  it('formats sizes in the UI language', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte')
    expect(formatBytes(1536, 'en')).toBe('1.5 kB')
    expect(formatBytes(2_500_000, 'de')).toBe('2,5 MB')
  })

  it('encodes a file as standard base64, also past one chunk', async () => {
    expect(await fileToBase64(new Blob(['hello']))).toBe('aGVsbG8=')
    const big = new Uint8Array(0x8000 * 2 + 3).map((_, i) => i % 251)
    const decoded = Uint8Array.from(atob(await fileToBase64(new Blob([big]))), (c) => c.charCodeAt(0))
    expect(decoded).toEqual(big)
  })
})
