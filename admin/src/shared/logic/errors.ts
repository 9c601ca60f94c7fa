import type { AtriumError, FieldError } from '@atrium-cms/client'

/*
 * What a form shows for a failed call (admin.md "Forms and errors"): field errors placed on their fields, one
 * message for the form chosen by the problem's stable `code` (never by matching `detail` text), the request id to
 * quote under "details", and the field to focus. Framework-free: the form layer calls setError/focus with it.
 *
 * Error paths arrive in several spellings: the server's own `localizations.0.title`, Ajv/JSON-pointer style
 * `/body/localizations/0/title`, and bracket style `localizations[0].title`. All are normalised to
 * react-hook-form's dot path (`localizations.0.title`).
 */

/** The i18n keys a form message is chosen from (namespace `errors`); the UI owns the texts. */
export const FORM_MESSAGE_KEYS = {
  validation: 'errors.validation',
  conflict: 'errors.conflict',
  editConflict: 'errors.editConflict',
  invalidState: 'errors.invalidState',
  rateLimited: 'errors.rateLimited',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  unauthenticated: 'errors.unauthenticated',
  payloadTooLarge: 'errors.payloadTooLarge',
  unsupportedMediaType: 'errors.unsupportedMediaType',
  aiUnavailable: 'errors.aiUnavailable',
  providerError: 'errors.providerError',
  unavailable: 'errors.unavailable',
  network: 'errors.network',
  unknown: 'errors.unknown',
} as const
export type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[keyof typeof FORM_MESSAGE_KEYS]

/** What the UI should offer beside the message. */
export type ErrorAction = 'signIn' | 'retry' | 'retryLater' | 'resolveConflict' | 'reload' | 'none'

export interface FormError {
  /** Normalised field path → message, for fields the form has (all fields when the form named none). */
  fieldErrors: Record<string, string>
  /** Field errors the form cannot place (unknown path, or the whole body): show them in the alert at the top. */
  unplacedErrors: FieldError[]
  /** i18n key for the form-level alert, chosen by `code`. */
  formMessageKey: FormMessageKey
  /** Interpolation values for the message (`retryAfterSeconds` for RATE_LIMITED, when the server sent one). */
  formMessageParams: { retryAfterSeconds?: number; status?: number; code?: string }
  /** The problem's `title` (shown as the alert's heading; it is the server's English text, not for matching). */
  title: string | undefined
  /** `X-Request-Id`, for "details" so users can quote it. */
  requestId: string | undefined
  /** The field to focus: the first of `fieldOrder` that has an error, else the first error's field. */
  firstInvalidField: string | undefined
  action: ErrorAction
  /** The stable code (`NETWORK_ERROR` when no answer came, `UNKNOWN` for an error that is not an AtriumError). */
  code: string
  status: number
  /** EDIT_CONFLICT only: the record as it is now (for the field-by-field merge). */
  current?: unknown
}

export interface ToFormErrorOptions {
  /**
   * The form's field paths in display order (normalised). When given, only errors on these paths (or below them,
   * e.g. `localizations.0.title` under `localizations`) are placed on fields; others go to `unplacedErrors`.
   */
  fieldOrder?: readonly string[]
}

/** Request sections Fastify/Ajv prefix paths with; dropped when a path names something inside them. */
const SECTIONS = new Set(['body', 'querystring', 'query', 'params', 'headers'])

/**
 * `localizations[0].title`, `/body/localizations/0/title`, `body.localizations.0.title`, `localizations.0.title`
 * → `localizations.0.title`. A lone section name (`body`: the whole body failed) stays as it is; so does a real
 * field called `body` (a localization's Markdown) when nothing follows it.
 */
export function normalizeFieldPath(raw: string): string {
  const segments = raw
    .trim()
    .replace(/\[(?:'([^']*)'|"([^"]*)"|([^\]]*))\]/g, (_m, a?: string, b?: string, c?: string) => `.${a ?? b ?? c ?? ''}`)
    .split(/[./]/)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .filter((s) => s !== '')
  // A section prefix names where the path lives, not a field. A string field called `body` has nothing below it.
  if (segments.length > 1 && SECTIONS.has(segments[0] as string)) segments.shift()
  return segments.join('.')
}

const isFieldOf = (path: string, field: string) => path === field || path.startsWith(`${field}.`)

/** Duck-typed so a second copy of the client package (tests, a bundler split) still counts as an AtriumError. */
export function isAtriumError(e: unknown): e is AtriumError {
  if (typeof e !== 'object' || e === null) return false
  const o = e as Partial<AtriumError>
  return o.name === 'AtriumError' && typeof o.status === 'number' && typeof o.code === 'string' && Array.isArray(o.errors)
}

/** A failure to get any answer: fetch's TypeError, an abort or timeout, or the client's status-0 AtriumError. */
export function isNetworkFailure(e: unknown): boolean {
  if (isAtriumError(e)) return e.status === 0 || e.code === 'NETWORK_ERROR'
  if (e instanceof TypeError) return true // fetch() rejects with TypeError when the network fails
  const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined
  return name === 'AbortError' || name === 'TimeoutError' || name === 'NetworkError'
}

function keyFor(code: string, status: number): { key: FormMessageKey; action: ErrorAction } {
  switch (code) {
    // The spec's codes, plus the spellings the admin brief used for the same two (VALIDATION_ERROR, UNAUTHORIZED).
    case 'VALIDATION_FAILED':
    case 'VALIDATION_ERROR':
    case 'BAD_REQUEST':
      return { key: FORM_MESSAGE_KEYS.validation, action: 'none' }
    case 'CONFLICT':
      return { key: FORM_MESSAGE_KEYS.conflict, action: 'none' }
    case 'EDIT_CONFLICT':
      return { key: FORM_MESSAGE_KEYS.editConflict, action: 'resolveConflict' }
    case 'INVALID_STATE':
      return { key: FORM_MESSAGE_KEYS.invalidState, action: 'reload' }
    case 'RATE_LIMITED':
    case 'PROVIDER_RATE_LIMITED':
      return { key: FORM_MESSAGE_KEYS.rateLimited, action: 'retryLater' }
    case 'FORBIDDEN':
      return { key: FORM_MESSAGE_KEYS.forbidden, action: 'none' }
    case 'NOT_FOUND':
      return { key: FORM_MESSAGE_KEYS.notFound, action: 'none' }
    case 'UNAUTHENTICATED':
    case 'UNAUTHORIZED':
      return { key: FORM_MESSAGE_KEYS.unauthenticated, action: 'signIn' }
    case 'PAYLOAD_TOO_LARGE':
      return { key: FORM_MESSAGE_KEYS.payloadTooLarge, action: 'none' }
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { key: FORM_MESSAGE_KEYS.unsupportedMediaType, action: 'none' }
    case 'AI_NOT_CONFIGURED':
    case 'AI_MODULE_DISABLED':
      return { key: FORM_MESSAGE_KEYS.aiUnavailable, action: 'none' }
    case 'PROVIDER_ERROR':
      return { key: FORM_MESSAGE_KEYS.providerError, action: 'retry' }
    case 'SERVICE_UNAVAILABLE':
    case 'REQUEST_TIMEOUT':
      return { key: FORM_MESSAGE_KEYS.unavailable, action: 'retry' }
    case 'NETWORK_ERROR':
      return { key: FORM_MESSAGE_KEYS.network, action: 'retry' }
  }
  // A code this admin does not know yet: fall back on the status class, never on the text.
  if (status === 401) return { key: FORM_MESSAGE_KEYS.unauthenticated, action: 'signIn' }
  if (status === 429) return { key: FORM_MESSAGE_KEYS.rateLimited, action: 'retryLater' }
  if (status >= 500) return { key: FORM_MESSAGE_KEYS.unavailable, action: 'retry' }
  return { key: FORM_MESSAGE_KEYS.unknown, action: 'none' }
}

/** Maps any thrown value of an API call to what the form shows. */
export function toFormError(error: unknown, options: ToFormErrorOptions = {}): FormError {
  if (!isAtriumError(error)) {
    const network = isNetworkFailure(error)
    return {
      fieldErrors: {},
      unplacedErrors: [],
      formMessageKey: network ? FORM_MESSAGE_KEYS.network : FORM_MESSAGE_KEYS.unknown,
      formMessageParams: {},
      title: undefined,
      requestId: undefined,
      firstInvalidField: undefined,
      action: network ? 'retry' : 'none',
      code: network ? 'NETWORK_ERROR' : 'UNKNOWN',
      status: 0,
    }
  }
  const code = isNetworkFailure(error) ? 'NETWORK_ERROR' : error.code
  const { key, action } = keyFor(code, error.status)
  const known = options.fieldOrder?.map(normalizeFieldPath)
  const fieldErrors: Record<string, string> = {}
  const unplacedErrors: FieldError[] = []
  for (const fe of error.errors) {
    const path = normalizeFieldPath(fe.field)
    const placeable = path !== '' && (known ? known.some((f) => isFieldOf(path, f)) : !SECTIONS.has(path))
    if (!placeable) unplacedErrors.push({ field: path, message: fe.message })
    // The first message per field wins: Ajv can report several for one field; one is enough beside an input.
    else if (!(path in fieldErrors)) fieldErrors[path] = fe.message
  }
  const invalid = Object.keys(fieldErrors)
  const firstInvalidField = known ? (known.map((f) => invalid.find((p) => isFieldOf(p, f))).find((p) => p !== undefined) ?? invalid[0]) : invalid[0]
  const formMessageParams: FormError['formMessageParams'] = { status: error.status, code }
  if (key === FORM_MESSAGE_KEYS.rateLimited && error.retryAfter !== undefined) formMessageParams.retryAfterSeconds = error.retryAfter
  const out: FormError = {
    fieldErrors,
    unplacedErrors,
    formMessageKey: key,
    formMessageParams,
    title: error.title,
    requestId: error.requestId,
    firstInvalidField,
    action,
    code,
    status: error.status,
  }
  if (code === 'EDIT_CONFLICT') out.current = error.current
  return out
}
