import { describe, expect, it } from 'vitest'
import { formatDay, peakDay, shareOf, trendPoints, validateAnalyticsSearch } from './report'

describe('analytics report helpers', () => {
  it('keeps only the offered periods in the URL (the default stays out)', () => {
    expect(validateAnalyticsSearch({ days: '7' })).toEqual({ days: 7 })
    expect(validateAnalyticsSearch({ days: 30 })).toEqual({})
    expect(validateAnalyticsSearch({ days: '12' })).toEqual({})
    expect(validateAnalyticsSearch({})).toEqual({})
  })
  it('formats calendar days without shifting them into the viewer’s zone', () => {
    expect(formatDay('2026-11-27', 'en-GB')).toBe('27 Nov')
    expect(formatDay('2026-01-01', 'de', true)).toBe('1. Jan. 2026')
  })
  it('finds the busiest day and shares', () => {
    const d = (date: string, total_views: number) => ({ date, total_views, unique_visitors: 1 })
    expect(peakDay([d('2026-11-01', 0), d('2026-11-02', 4), d('2026-11-03', 4)])?.date).toBe('2026-11-02')
    expect(peakDay([d('2026-11-01', 0)])).toBeNull()
    expect(shareOf(1, 3)).toBe(33.3)
    expect(shareOf(1, 0)).toBe(0)
  })
  it('turns the trend into chart points (short day on the axis, full day in the table)', () => {
    expect(trendPoints([{ date: '2026-11-27', total_views: 5, unique_visitors: 2 }], 'en-GB')).toEqual([
      { label: '27 Nov', fullLabel: '27 Nov 2026', date: '2026-11-27', values: { total_views: 5, unique_visitors: 2 } },
    ])
  })
})
