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
