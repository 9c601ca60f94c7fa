import { describe, expect, it } from 'vitest'
import { keyTransitions, usagePoints, validateKeySearch } from './search'

describe('key list search', () => {
  it('keeps known filters and drops the rest', () => {
    expect(validateKeySearch({ status: 'Blocked', permission: 'Read', scope: 'all', page: '3' })).toEqual({
      status: 'Blocked',
      permission: 'Read',
      scope: 'all',
      page: 3,
    })
    expect(validateKeySearch({ status: 'Gone', permission: 'root', scope: 'x', page: '0' })).toEqual({})
    expect(validateKeySearch({ page: 1 })).toEqual({})
  })
})

describe('key transitions', () => {
  it('offers what the state machine allows', () => {
    expect(keyTransitions('Active')).toEqual({ block: true, unblock: false, revoke: true })
    expect(keyTransitions('Blocked')).toEqual({ block: false, unblock: true, revoke: true })
    expect(keyTransitions('Revoked')).toEqual({ block: false, unblock: false, revoke: false })
    expect(keyTransitions('Expired')).toEqual({ block: false, unblock: false, revoke: false })
  })
})

describe('usage points', () => {
  it('labels each day and keeps the status classes', () => {
    expect(usagePoints([{ date: '2026-01-02', by_status: { '2xx': 3, '3xx': 0, '4xx': 1, '5xx': 0 } }], (d) => `d${d.slice(8)}`)).toEqual([
      { label: 'd02', values: { '2xx': 3, '3xx': 0, '4xx': 1, '5xx': 0 } },
    ])
  })
})
