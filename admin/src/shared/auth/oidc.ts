import { codeChallenge, randomToken } from './pkce'
import { OIDC_PENDING_KEY, type Credential } from './session'

/** What GET /config says about the identity provider (`oidc`). */
export interface OidcSettings {
  issuer: string
  client_id: string
  scopes: string[]
}

interface Discovery {
  authorization_endpoint: string
  token_endpoint: string
  end_session_endpoint?: string
}

interface Pending {
  state: string
  verifier: string
  /** Where to go after signing in (a path below /admin). */
  returnTo: string
  tokenEndpoint: string
  clientId: string
  redirectUri: string
}

export const redirectUri = (): string => `${window.location.origin}/admin/auth/callback`

/** The provider's endpoints from its discovery document (OpenID Connect Discovery 1.0). */
export async function discover(issuer: string): Promise<Discovery> {
  const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`discovery failed: HTTP ${res.status}`)
  const doc = (await res.json()) as Partial<Discovery>
  if (typeof doc.authorization_endpoint !== 'string' || typeof doc.token_endpoint !== 'string') throw new Error('discovery document lacks endpoints')
  return doc as Discovery
}

/** Starts authorization code + PKCE: remembers state and verifier for this tab, returns the provider's sign-in URL. */
export async function authorizationUrl(settings: OidcSettings, returnTo: string): Promise<string> {
  const endpoints = await discover(settings.issuer)
  const pending: Pending = {
    state: randomToken(),
    verifier: randomToken(48),
    returnTo,
    tokenEndpoint: endpoints.token_endpoint,
    clientId: settings.client_id,
    redirectUri: redirectUri(),
  }
  sessionStorage.setItem(OIDC_PENDING_KEY, JSON.stringify(pending))
  const url = new URL(endpoints.authorization_endpoint)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: settings.client_id,
    redirect_uri: pending.redirectUri,
    scope: settings.scopes.join(' '),
    state: pending.state,
    code_challenge: await codeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  }).toString()
  return url.toString()
}

export class OidcError extends Error {}

/** The callback: checks the state, trades the code (with the PKCE verifier) for tokens. The round trip is forgotten either way. */
export async function completeSignIn(search: URLSearchParams): Promise<{ credential: Credential; returnTo: string }> {
  const raw = sessionStorage.getItem(OIDC_PENDING_KEY)
  sessionStorage.removeItem(OIDC_PENDING_KEY)
  if (!raw) throw new OidcError('no sign-in in progress in this tab')
  const pending = JSON.parse(raw) as Pending
  const error = search.get('error')
  if (error) throw new OidcError(search.get('error_description') ?? error)
  if (search.get('state') !== pending.state) throw new OidcError('state mismatch')
  const code = search.get('code')
  if (!code) throw new OidcError('no authorization code')
  const res = await fetch(pending.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: pending.clientId,
      code_verifier: pending.verifier,
    }),
  })
  if (!res.ok) throw new OidcError(`token request failed: HTTP ${res.status}`)
  const tokens = (await res.json()) as { access_token?: string; id_token?: string; expires_in?: number }
  if (typeof tokens.access_token !== 'string') throw new OidcError('no access token')
  return {
    credential: {
      kind: 'oidc',
      accessToken: tokens.access_token,
      idToken: tokens.id_token,
      expiresAt: typeof tokens.expires_in === 'number' ? Date.now() + tokens.expires_in * 1000 : undefined,
      name: nameOf(tokens.id_token),
    },
    returnTo: pending.returnTo.startsWith('/') && !pending.returnTo.startsWith('//') ? pending.returnTo : '/',
  }
}

/** The display name in an ID token (shown in the profile menu only; Atrium itself validates the access token). */
function nameOf(idToken: string | undefined): string | undefined {
  const payload = idToken?.split('.')[1]
  if (!payload) return undefined
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { name?: unknown; email?: unknown }
    return typeof claims.name === 'string' ? claims.name : typeof claims.email === 'string' ? claims.email : undefined
  } catch {
    return undefined
  }
}
