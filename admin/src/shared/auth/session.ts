/**
 * Who the admin signs in as, for this tab only: an API key, or the identity provider's tokens. Kept in memory and
 * sessionStorage (a reload keeps the sign-in, another tab or a closed browser does not), never in localStorage
 * (decisions.md, "Admin"). Sign-out and an expired sign-in forget every token.
 */

export type Credential =
  | { kind: 'api_key'; apiKey: string }
  | { kind: 'oidc'; accessToken: string; idToken?: string | undefined; expiresAt?: number | undefined; name?: string | undefined }

const KEY = 'atrium-admin:credential'
/** Everything of the OIDC round trip (state, PKCE verifier) lives under this prefix until the callback. */
export const OIDC_PENDING_KEY = 'atrium-admin:oidc-pending'

type Listener = () => void
const listeners = new Set<Listener>()
let current: Credential | null | undefined

function storage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

function read(): Credential | null {
  const raw = storage()?.getItem(KEY)
  if (!raw) return null
  try {
    const c = JSON.parse(raw) as Credential
    if (c.kind === 'api_key' && typeof c.apiKey === 'string') return c
    if (c.kind === 'oidc' && typeof c.accessToken === 'string') return c.expiresAt !== undefined && c.expiresAt <= Date.now() ? null : c
  } catch {
    /* unreadable: signed out */
  }
  return null
}

export function getCredential(): Credential | null {
  if (current === undefined) current = read()
  return current
}

export function signIn(credential: Credential): void {
  current = credential
  storage()?.setItem(KEY, JSON.stringify(credential))
  for (const l of listeners) l()
}

/** Forgets every token of this tab: the credential and any OIDC round trip in flight. */
export function signOut(): void {
  current = null
  const s = storage()
  s?.removeItem(KEY)
  s?.removeItem(OIDC_PENDING_KEY)
  for (const l of listeners) l()
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
