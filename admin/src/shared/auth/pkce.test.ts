import { describe, expect, it } from 'vitest'
import { codeChallenge, randomToken } from './pkce'

describe('PKCE', () => {
  it('S256 challenge of the RFC 7636 appendix B verifier', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
  })

  it('random tokens are URL-safe, long enough for a verifier (43–128 characters), and differ', () => {
    const a = randomToken(48)
    expect(a).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(randomToken(48)).not.toBe(a)
  })
})
