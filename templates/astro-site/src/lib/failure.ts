import { AtriumError } from '@atrium-cms/client'
import { translator, type Translate } from './i18n'

/** A page that could not be rendered because Atrium did not answer as it should: what to tell the visitor. */
export interface Failure {
  status: number
  title: string
  message: string
  retryAfter?: number | undefined
}

/** A 429 (the site's key is over its rate limit) says so, with when to try again; anything else is a 502. */
export function failureOf(err: unknown, t: Translate = translator('en')): Failure {
  if (err instanceof AtriumError && err.status === 429) {
    const retryAfter = err.retryAfter ?? 30
    return {
      status: 503,
      title: t('tooManyTitle'),
      message: t('tooManyText', { seconds: retryAfter }),
      retryAfter,
    }
  }
  console.error('[atrium] page failed:', err instanceof AtriumError ? `${err.status} ${err.code} ${err.message} (request ${err.requestId ?? '?'})` : err)
  return { status: 502, title: t('unavailableTitle'), message: t('unavailableText') }
}
