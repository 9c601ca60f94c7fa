import { describe, expect, it } from 'vitest'
import { auditQuery, dayStart, hasFilters, validateAuditSearch } from './search'

const U = '0b6f1c1e-2f57-4d55-9a53-5f3a1f3e8a10'

describe('audit search params', () => {
  it('keeps valid filters and drops malformed ones', () => {
    expect(validateAuditSearch({ page: '3', entity_type: 'blog', action: 'Update', user_id: U.toUpperCase(), from: '2026-11-01', to: '2026-11-27' })).toEqual({
      page: 3,
      entity_type: 'blog',
      action: 'Update',
      user_id: U,
      from: '2026-11-01',
      to: '2026-11-27',
    })
    expect(validateAuditSearch({ page: '1', entity_type: 'Blog; drop', action: 'Up date', api_key_id: 'nope', from: '2026-13-45', to: 'yesterday' })).toEqual(
      {},
    )
    expect(hasFilters({ page: 2 })).toBe(false)
    expect(hasFilters({ action: 'Create' })).toBe(true)
  })

  it('turns days into instants: from the first day’s local midnight to the midnight after the last day', () => {
    const q = auditQuery({ from: '2026-11-01', to: '2026-11-27', api_key_id: U })
    expect(q).toMatchObject({ page: 1, per_page: 25, api_key_id: U, from: dayStart('2026-11-01'), to: dayStart('2026-11-28') })
    expect(new Date(q.to!).getTime() - new Date(dayStart('2026-11-27')).getTime()).toBeGreaterThanOrEqual(23 * 3600_000)
    expect(auditQuery({})).toEqual({ page: 1, per_page: 25 })
  })
})
