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

  it('answers a new hash once the salt rotates (no remembered hash of the old salt)', () => {
    const before = hashIp('198.51.100.1')
    rotateIpSalt()
    const after = hashIp('198.51.100.1')
    expect(after).not.toBe(before)
    expect(hashIp('198.51.100.1')).toBe(after)
  })
})
