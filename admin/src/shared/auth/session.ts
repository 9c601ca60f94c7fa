/**
 * Who the admin signs in as: an API key, or the identity provider's tokens. Kept in memory and sessionStorage (a
 * reload keeps the sign-in; another tab gets it from an open one, see tabs.ts). localStorage holds a key only when
 * the user ticked "Keep me signed in on this device". Sign-out and an expired sign-in forget every token, and a
 * sign-out by the user signs out every tab (README, "Admin").
 */

export type Credential =
  | { kind: 'api_key'; apiKey: string }
  | { kind: 'oidc'; accessToken: string; idToken?: string | undefined; expiresAt?: number | undefined; name?: string | undefined }

const KEY = 'atrium-admin:credential'
/** The key kept on this device ("Keep me signed in"), in localStorage: the one thing the admin keeps there. */
export const KEPT_KEY = 'atrium-admin:kept-credential'
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

function local(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function read(): Credential | null {
  const raw = storage()?.getItem(KEY) ?? local()?.getItem(KEPT_KEY)
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

/** `keep`: also on this device, for the next browser session (an API key only; tokens expire and stay in the tab). */
export function signIn(credential: Credential, { keep = false }: { keep?: boolean } = {}): void {
  current = credential
  storage()?.setItem(KEY, JSON.stringify(credential))
  if (keep && credential.kind === 'api_key') local()?.setItem(KEPT_KEY, JSON.stringify(credential))
  for (const l of listeners) l()
}

/** Forgets every token of this tab: the credential, the key kept on this device, and any OIDC round trip in flight. */
export function signOut(): void {
  current = null
  const s = storage()
  s?.removeItem(KEY)
  s?.removeItem(OIDC_PENDING_KEY)
  local()?.removeItem(KEPT_KEY)
  for (const l of listeners) l()
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
