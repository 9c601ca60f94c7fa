import type { APIRoute } from 'astro'
import { warmUp } from '../../lib/shell'

/**
 * GET (idempotent): loads the site's shared parts (site, locales, menus of every locale, consent) into the cache. server.mjs calls it
 * once at start, so no visitor pays for it. Only from this machine; anyone else gets a 404.
 */
export const GET: APIRoute = async ({ clientAddress }) => {
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(clientAddress)) return new Response(null, { status: 404 })
  try {
    await warmUp()
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
  } catch (err) {
    return new Response(`warm-up failed: ${err instanceof Error ? err.message : String(err)}\n`, { status: 502, headers: { 'cache-control': 'no-store' } })
  }
}
