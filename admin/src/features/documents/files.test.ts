import { describe, expect, it } from 'vitest'
import { fileToBase64, overLimit } from './files'

describe('document files', () => {
  it('refuses a file over the site limit before sending, and only then', () => {
    expect(overLimit(10, 10)).toBeNull()
    expect(overLimit(11, 10)).toEqual({ size: 11, limit: 10 })
    expect(overLimit(11, null)).toBeNull()
    expect(overLimit(11, undefined)).toBeNull()
  })

  it('encodes a file as standard base64, also past one chunk', async () => {
    expect(await fileToBase64(new Blob(['hello']))).toBe('aGVsbG8=')
    const big = new Uint8Array(0x8000 * 2 + 3).map((_, i) => i % 251)
    const decoded = Uint8Array.from(atob(await fileToBase64(new Blob([big]))), (c) => c.charCodeAt(0))
    expect(decoded).toEqual(big)
  })
})
