import { ApiError } from '../../http/errors.js'

/** 403 AI_MODULE_DISABLED: the site's `ai_enabled` setting is off. */
export const aiDisabled = (): never => {
  throw new ApiError(403, 'AI_MODULE_DISABLED', 'AI module disabled', 'The AI module is disabled for this site (site settings `ai_enabled`)')
}
/** 400 AI_NOT_CONFIGURED: the site has no (usable) AI configuration. */
export const aiNotConfigured = (detail = 'The site has no AI configuration (PUT /sites/{site_id}/ai/config)'): never => {
  throw new ApiError(400, 'AI_NOT_CONFIGURED', 'AI not configured', detail)
}
/** 429 PROVIDER_RATE_LIMITED with Retry-After (the provider's value, else a default). */
export const providerRateLimited = (retryAfterSeconds: number): never => {
  throw new ApiError(429, 'PROVIDER_RATE_LIMITED', 'Provider rate limited', `The AI provider rate-limited the request; retry in ${retryAfterSeconds} s`, undefined, {
    'retry-after': String(retryAfterSeconds),
  })
}
/** 502 PROVIDER_ERROR: the provider failed (timeout, connection, non-2xx, unreadable answer); its body is never echoed. */
export const providerError = (detail: string): never => {
  throw new ApiError(502, 'PROVIDER_ERROR', 'Provider error', `The AI provider failed: ${detail}`)
}
