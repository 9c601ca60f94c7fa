import { defineMiddleware } from 'astro:middleware'
import { withViewBudget } from './lib/cache'
import { settings } from './lib/settings'

/**
 * Every request: its own budget of API calls (src/lib/cache.ts), and the headers a public page needs. A route that
 * sets its own Cache-Control or Content-Security-Policy (the preview) keeps them.
 */
export const onRequest = defineMiddleware((context, next) =>
  withViewBudget(async () => {
    const response = await next()
    let headers = response.headers
    try {
      headers.set('x-content-type-options', 'nosniff')
    } catch {
      // An immutable Response (a redirect): copy it so that it can carry headers.
      const copy = new Response(response.body, response)
      headers = copy.headers
      headers.set('x-content-type-options', 'nosniff')
      return finish(copy, headers)
    }
    return finish(response, headers)
  }),
)

function finish(response: Response, headers: Headers): Response {
  if (!headers.has('referrer-policy')) headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  if (!headers.has('cache-control')) {
    const seconds = settings().cacheSeconds
    // Shared caches (a CDN) may keep a page as long as this process keeps its content; browsers ask again each time.
    headers.set('cache-control', response.status >= 500 ? 'no-store' : `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=30`)
  }
  if ((headers.get('content-type') ?? '').startsWith('text/html') && !headers.has('content-security-policy')) {
    headers.set('content-security-policy', contentSecurityPolicy("'none'"))
    headers.set('x-frame-options', 'DENY')
  }
  return response
}

/** Scripts and styles from this site only; images also from Atrium (media) and any https source (Markdown). */
export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    `img-src 'self' data: https: ${settings().atriumOrigin}`,
    "style-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')
}
