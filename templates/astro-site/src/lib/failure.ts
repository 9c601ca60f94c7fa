import { AtriumError } from '@atrium-cms/client'

/** A page that could not be rendered because Atrium did not answer as it should: what to tell the visitor. */
export interface Failure {
  status: number
  title: string
  message: string
  retryAfter?: number | undefined
}

/** A 429 (the site's key is over its rate limit) says so, with when to try again; anything else is a 502. */
export function failureOf(err: unknown): Failure {
  if (err instanceof AtriumError && err.status === 429) {
    const retryAfter = err.retryAfter ?? 30
    return {
      status: 503,
      title: 'Too many requests',
      message: `The content service is rate limiting this site right now. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      retryAfter,
    }
  }
  console.error('[atrium] page failed:', err instanceof AtriumError ? `${err.status} ${err.code} ${err.message} (request ${err.requestId ?? '?'})` : err)
  return { status: 502, title: 'Content unavailable', message: 'The content service could not be reached. Please try again in a moment.' }
}
