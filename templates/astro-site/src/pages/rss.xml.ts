import type { APIRoute } from 'astro'
import { loadFeed } from '../lib/atrium'
import { failureOf } from '../lib/failure'

/** The RSS 2.0 feed of the last 50 posts, as Atrium writes it (links: the site's url + its post_path). */
export const GET: APIRoute = async () => {
  try {
    return new Response(await loadFeed(), { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } })
  } catch (err) {
    const failure = failureOf(err)
    return new Response(`${failure.title}: ${failure.message}\n`, {
      status: failure.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...(failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {}) },
    })
  }
}
