import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getCredential, KEPT_KEY, OIDC_PENDING_KEY, signIn, signOut, subscribe } from './session'

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

  it('"Keep me signed in" keeps an API key in localStorage, read by a new session, and sign-out clears it', async () => {
    signIn({ kind: 'api_key', apiKey: 'atr_kept' }, { keep: true })
    expect(keys(localStorage)).toEqual([KEPT_KEY])
    // A new browser session: no sessionStorage, the module loaded afresh.
    sessionStorage.clear()
    vi.resetModules()
    const fresh = await import('./session')
    expect(fresh.getCredential()).toEqual({ kind: 'api_key', apiKey: 'atr_kept' })
    fresh.signOut()
    expect(keys(localStorage)).toEqual([])
    expect(fresh.getCredential()).toBeNull()
  })

  it('never keeps identity-provider tokens on the device', () => {
    signIn({ kind: 'oidc', accessToken: 'a.b.c' }, { keep: true })
    expect(keys(localStorage)).toEqual([])
  })
})
