import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashIp, rotateIpSalt } from '../../src/http/auth.js'

describe('hashIp (usage records)', () => {
  it('is the same for one address under one salt, different across addresses, and not a plain hash of the address', () => {
    const a = hashIp('203.0.113.7')
    expect(hashIp('203.0.113.7')).toBe(a)
    expect(hashIp('203.0.113.8')).not.toBe(a)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(a).not.toBe(createHash('sha256').update('203.0.113.7').digest('hex'))
  })

  it('hashes a request without an address (its client already gone) instead of throwing', () => {
    expect(hashIp(undefined)).toBe(hashIp('unknown'))
  })

  it('answers a new hash once the salt rotates (no remembered hash of the old salt)', () => {
    const before = hashIp('198.51.100.1')
    rotateIpSalt()
    const after = hashIp('198.51.100.1')
    expect(after).not.toBe(before)
    expect(hashIp('198.51.100.1')).toBe(after)
  })

  it('changes its salt at UTC midnight: the same address hashes alike within a day and differently on the next', () => {
    const day = Date.parse('2031-05-05T00:00:00Z')
    const morning = hashIp('192.0.2.44', day + 1)
    expect(hashIp('192.0.2.44', day + 86_399_999)).toBe(morning)
    const next = hashIp('192.0.2.44', day + 86_400_000)
    expect(next).not.toBe(morning)
    expect(hashIp('192.0.2.44', day + 90_000_000)).toBe(next)
    // Another day again: yet another salt, not the first day's back.
    const third = hashIp('192.0.2.44', day + 2 * 86_400_000)
    expect([morning, next]).not.toContain(third)
  })
})
