import { createAtriumClient, type AtriumClient } from '@atrium-cms/client'
import { getCredential, subscribe } from '../auth/session'

/** Told when Atrium answers 401 to a signed-in tab (the app backs up work and returns to sign-in). */
type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler = () => undefined
export const setUnauthorizedHandler = (h: UnauthorizedHandler): void => {
  onUnauthorized = h
}

let client: AtriumClient | undefined
subscribe(() => {
  client = undefined
})

/** The one client of the admin: same origin as the page, the current credential on every request. */
export function api(): AtriumClient {
  if (client) return client
  const credential = getCredential()
  client = createAtriumClient({
    baseUrl: window.location.origin,
    apiKey: credential?.kind === 'api_key' ? credential.apiKey : undefined,
    token: credential?.kind === 'oidc' ? credential.accessToken : undefined,
    fetch: async (input, init) => {
      const res = await globalThis.fetch(input, init)
      if (res.status === 401 && getCredential() !== null) onUnauthorized()
      return res
    },
  })
  return client
}

/**
 * What a request built outside the typed client needs: the same base URL and credential header the client sends.
 * Only for what openapi-fetch cannot do (an upload with progress events: fetch has no upload progress in Chromium
 * without HTTP/2 streams, XMLHttpRequest has). Call `reportUnauthorized` when such a request meets a 401.
 */
export function rawRequestAuth(): { baseUrl: string; headers: Record<string, string> } {
  const credential = getCredential()
  const headers: Record<string, string> = {}
  if (credential?.kind === 'api_key') headers['x-api-key'] = credential.apiKey
  if (credential?.kind === 'oidc') headers.authorization = `Bearer ${credential.accessToken}`
  return { baseUrl: window.location.origin, headers }
}

export function reportUnauthorized(): void {
  if (getCredential() !== null) onUnauthorized()
}
