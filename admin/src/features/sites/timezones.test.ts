import { describe, expect, it } from 'vitest'
import { bytesToMb, duplicateCodes, localesBody, mbToBytes, timeZones, zoneOptions } from './timezones'

describe('time zones', () => {
  it('puts UTC first, once', () => {
    expect(timeZones(() => ['Europe/Berlin', 'UTC', 'America/New_York'])).toEqual(['UTC', 'Europe/Berlin', 'America/New_York'])
  })
  it('keeps a stored zone the browser does not list', () => {
    expect(zoneOptions('Etc/GMT+5', ['UTC'])).toEqual(['Etc/GMT+5', 'UTC'])
    expect(zoneOptions('UTC', ['UTC'])).toEqual(['UTC'])
  })
  it('lists real zones in this runtime', () => {
    expect(timeZones()).toContain('Europe/Berlin')
  })
})

describe('upload limit', () => {
  it('converts both ways', () => {
    expect(bytesToMb(52428800)).toBe(50)
    expect(mbToBytes(50)).toBe(52428800)
    expect(mbToBytes(0.5)).toBe(524288)
  })
})

describe('locales of a new site', () => {
  it('marks exactly one default (the first when none is marked) and drops empty rows', () => {
    expect(
      localesBody([
        { code: 'en', name: 'English', isDefault: false },
        { code: ' de ', name: '', isDefault: false },
        { code: '', name: 'x', isDefault: true },
      ]),
    ).toEqual([
      { code: 'en', name: 'English', is_default: true },
      { code: 'de', is_default: false },
    ])
    expect(
      localesBody([
        { code: 'en', name: '', isDefault: false },
        { code: 'de', name: '', isDefault: true },
      ]).map((l) => l.is_default),
    ).toEqual([false, true])
  })
  it('finds duplicate codes whatever their case', () => {
    expect(
      duplicateCodes([
        { code: 'en', name: '', isDefault: true },
        { code: 'EN', name: '', isDefault: false },
        { code: 'de', name: '', isDefault: false },
      ]),
    ).toEqual(['en'])
  })
})
