import { describe, expect, it } from 'vitest'
import { fromWallTime, isKnownZone, offsetAt, toWallTime } from './siteTime'

const NY = 'America/New_York'

describe('site wall time ⇄ instant', () => {
  it('converts an ordinary time both ways', () => {
    expect(fromWallTime('2027-07-01T09:00', NY)).toEqual({ iso: '2027-07-01T13:00:00.000Z', kind: 'exact' })
    expect(fromWallTime('2027-01-15T09:00', NY)).toEqual({ iso: '2027-01-15T14:00:00.000Z', kind: 'exact' })
    expect(toWallTime('2027-07-01T13:00:00.000Z', NY)).toBe('2027-07-01T09:00')
    expect(toWallTime('2027-07-01T13:00:00Z', 'Asia/Tokyo')).toBe('2027-07-01T22:00')
    expect(fromWallTime('2027-07-01T22:00', 'Asia/Tokyo')?.iso).toBe('2027-07-01T13:00:00.000Z')
    expect(toWallTime('2027-07-01T13:00:00Z', 'UTC')).toBe('2027-07-01T13:00')
  })

  it('crosses midnight and the year into the zone', () => {
    expect(toWallTime('2027-01-01T03:00:00Z', NY)).toBe('2026-12-31T22:00')
    expect(fromWallTime('2026-12-31T22:00', NY)?.iso).toBe('2027-01-01T03:00:00.000Z')
    expect(toWallTime('2027-01-01T00:30:00Z', 'Asia/Kolkata')).toBe('2027-01-01T06:00')
  })

  it('a time the spring-forward gap skips moves later by the gap', () => {
    // New York, 14 March 2027: 02:00 EST becomes 03:00 EDT.
    expect(fromWallTime('2027-03-14T02:30', NY)).toEqual({ iso: '2027-03-14T07:30:00.000Z', kind: 'skipped' })
    expect(toWallTime('2027-03-14T07:30:00.000Z', NY)).toBe('2027-03-14T03:30')
    expect(fromWallTime('2027-03-14T01:59', NY)).toEqual({ iso: '2027-03-14T06:59:00.000Z', kind: 'exact' })
    expect(fromWallTime('2027-03-14T03:00', NY)).toEqual({ iso: '2027-03-14T07:00:00.000Z', kind: 'exact' })
    // Berlin, 28 March 2027: 02:00 CET becomes 03:00 CEST.
    expect(fromWallTime('2027-03-28T02:15', 'Europe/Berlin')).toEqual({ iso: '2027-03-28T01:15:00.000Z', kind: 'skipped' })
  })

  it('a time the fall-back repeats takes the first (summer-time) occurrence', () => {
    // New York, 7 November 2027: 02:00 EDT becomes 01:00 EST; 01:30 happens at 05:30Z and at 06:30Z.
    expect(fromWallTime('2027-11-07T01:30', NY)).toEqual({ iso: '2027-11-07T05:30:00.000Z', kind: 'repeated' })
    expect(toWallTime('2027-11-07T05:30:00Z', NY)).toBe('2027-11-07T01:30')
    expect(toWallTime('2027-11-07T06:30:00Z', NY)).toBe('2027-11-07T01:30')
    expect(fromWallTime('2027-11-07T02:00', NY)).toEqual({ iso: '2027-11-07T07:00:00.000Z', kind: 'exact' })
    expect(fromWallTime('2027-11-07T00:59', NY)).toEqual({ iso: '2027-11-07T04:59:00.000Z', kind: 'exact' })
  })

  it('southern-hemisphere and half-hour zones', () => {
    // Sydney, 3 October 2027: 02:00 AEST becomes 03:00 AEDT; 4 April 2027: 03:00 AEDT becomes 02:00 AEST.
    expect(fromWallTime('2027-10-03T02:30', 'Australia/Sydney')).toEqual({ iso: '2027-10-02T16:30:00.000Z', kind: 'skipped' })
    expect(fromWallTime('2027-04-04T02:30', 'Australia/Sydney')).toEqual({ iso: '2027-04-03T15:30:00.000Z', kind: 'repeated' })
    expect(offsetAt(Date.parse('2027-01-10T00:00:00Z'), 'Asia/Kathmandu')).toBe((5 * 60 + 45) * 60_000)
    expect(fromWallTime('2027-01-10T05:45', 'Asia/Kathmandu')?.iso).toBe('2027-01-10T00:00:00.000Z')
  })

  it('round-trips every quarter hour across both New York transitions', () => {
    for (const day of ['2027-03-14', '2027-11-07']) {
      const start = Date.parse(`${day}T00:00:00Z`)
      for (let t = start; t < start + 24 * 3600_000; t += 15 * 60_000) {
        const wall = toWallTime(new Date(t).toISOString(), NY)
        const back = fromWallTime(wall, NY)!
        // A repeated wall time maps back to its first occurrence; every other instant maps back to itself.
        if (back.kind === 'repeated') expect(Date.parse(back.iso)).toBeLessThanOrEqual(t)
        else expect(back.iso).toBe(new Date(t).toISOString())
      }
    }
  })

  it('refuses empty, malformed and impossible values', () => {
    expect(fromWallTime('', NY)).toBeUndefined()
    expect(fromWallTime('2027-02-30T10:00', NY)).toBeUndefined()
    expect(fromWallTime('2027-07-01 10:00', NY)).toBeUndefined()
    expect(fromWallTime('2027-07-01T24:00', NY)).toBeUndefined()
    expect(toWallTime(null, NY)).toBe('')
    expect(toWallTime('nonsense', NY)).toBe('')
    expect(isKnownZone(NY)).toBe(true)
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false)
  })
})
