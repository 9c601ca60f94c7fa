import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getCredential, OIDC_PENDING_KEY, signIn, signOut, subscribe } from './session'

const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i))

describe('session (this tab only)', () => {
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.clear()
    signOut()
  })

  it('keeps the credential in sessionStorage, never localStorage, and tells subscribers', () => {
    const seen = vi.fn()
    const off = subscribe(seen)
    signIn({ kind: 'api_key', apiKey: 'atr_abc' })
    expect(getCredential()).toEqual({ kind: 'api_key', apiKey: 'atr_abc' })
    expect(keys(sessionStorage)).toEqual(['atrium-admin:credential'])
    expect(keys(localStorage)).toEqual([])
    expect(seen).toHaveBeenCalledTimes(1)
    off()
  })

  it('sign-out forgets every token, also an OIDC round trip in flight', () => {
    signIn({ kind: 'oidc', accessToken: 'a.b.c', idToken: 'd.e.f' })
    sessionStorage.setItem(OIDC_PENDING_KEY, '{"state":"x"}')
    signOut()
    expect(getCredential()).toBeNull()
    expect(keys(sessionStorage)).toEqual([])
  })
})
