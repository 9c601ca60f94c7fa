import { describe, expect, it } from 'vitest'
import { formatBytes } from './format'

describe('formatBytes', () => {
  it('says bytes in whole numbers and larger sizes in decimal units with one decimal', () => {
    expect(formatBytes(0, 'en')).toBe('0 byte')
    expect(formatBytes(512, 'en')).toBe('512 byte')
    expect(formatBytes(1536, 'en')).toBe('1.5 kB')
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB')
    expect(formatBytes(3_000_000_000, 'en')).toBe('3 GB')
  })

  it('writes the number in the UI language', () => {
    expect(formatBytes(1_500_000, 'de')).toBe('1,5 MB')
    expect(formatBytes(2_500_000, 'de')).toBe('2,5 MB')
  })

  it('stops at gigabytes', () => {
    expect(formatBytes(4_200_000_000_000, 'en')).toBe('4,200 GB')
  })
})
