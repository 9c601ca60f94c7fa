import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

export interface FieldError {
  field: string
  message: string
}

/** A client-facing failure: rendered once, as RFC 9457 problem details, by renderError(). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Members of the problem body beyond RFC 9457's (EDIT_CONFLICT's `current`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail ?? title)
  }
}

const problemType = (code: string) => `urn:atrium:problem:${code.toLowerCase().replace(/_/g, '-')}`

/** 400 VALIDATION_FAILED naming one field. */
export const validation = (field: string, message: string): never => {
  throw new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', `${field}: ${message}`, [{ field, message }])
}
/** 401 UNAUTHENTICATED. */
export const unauthenticated = (detail = 'Missing or invalid credentials'): never => {
  throw new ApiError(401, 'UNAUTHENTICATED', 'Unauthenticated', detail)
}
/** 403 FORBIDDEN: authenticated, but not allowed. */
export const forbidden = (detail = 'Your credentials do not allow this'): never => {
  throw new ApiError(403, 'FORBIDDEN', 'Forbidden', detail)
}
/**
 * 404 NOT_FOUND: unknown, deleted or outside the caller's scope (indistinguishable on purpose). Takes the
 * entity definition; a plain label only for things that are no entity of their own ("tag assignment").
 */
export const notFound = (what: { readonly label: string } | string = 'resource'): never => {
  throw new ApiError(404, 'NOT_FOUND', 'Not found', `${typeof what === 'string' ? what : what.label} not found`)
}
/** 409 CONFLICT: uniqueness clash. */
export const conflict = (detail: string): never => {
  throw new ApiError(409, 'CONFLICT', 'Conflict', detail)
}
/** 409 INVALID_STATE: the record's state does not allow the operation. */
export const invalidState = (detail: string): never => {
  throw new ApiError(409, 'INVALID_STATE', 'Invalid state', detail)
}
/**
 * 412 EDIT_CONFLICT: the request's If-Match names another version of the record; `current` is the record as it is
 * now (its presented form) and the ETag header its version, so a client can merge and retry.
 */
export const editConflict = (current: object | null, etag: string | undefined): never => {
  throw new ApiError(
    412,
    'EDIT_CONFLICT',
    'Edit conflict',
    'The record changed since the version named by If-Match; nothing was changed',
    undefined,
    etag ? { etag } : undefined,
    { current },
  )
}
/** 413 PAYLOAD_TOO_LARGE: a file (or body) over its limit. */
export const tooLarge = (detail: string): never => {
  throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', detail)
}
/** 415 UNSUPPORTED_MEDIA_TYPE: a file type outside the accepted list. */
export const unsupportedType = (detail: string): never => {
  throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', detail)
}
/** 429 RATE_LIMITED with Retry-After. */
export const rateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError(429, 'RATE_LIMITED', 'Too many requests', `Rate limit exceeded; retry in ${retryAfterSeconds} s`, undefined, {
    'retry-after': String(retryAfterSeconds),
  })

/** 503 SERVICE_UNAVAILABLE: a backing service (database, cache) cannot be reached; safe to retry. */
export const unavailable = (retryAfterSeconds = 5): ApiError =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', 'A backing service is temporarily unavailable; retry later', undefined, {
    'retry-after': String(retryAfterSeconds),
  })

interface PgLikeError {
  code?: unknown
  detail?: unknown
  column?: unknown
  cause?: unknown
}

/** SQLSTATE classes 00–58 plus F0, HV, P0, XX; excludes Node's errno codes such as EPIPE. */
const SQLSTATE = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/
/** Socket-level failures of a driver talking to its server. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
const CONNECTION_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i

/** The error and its causes (drizzle wraps driver errors in DrizzleQueryError with `cause`), outermost first. */
function causeChain(err: unknown): PgLikeError[] {
  const out: PgLikeError[] = []
  let cur: unknown = err
  while (cur && typeof cur === 'object' && out.length < 6) {
    const e: PgLikeError = cur
    if (out.includes(e)) break
    out.push(e)
    cur = e.cause
  }
  return out
}

/** Column names from a constraint violation's detail, e.g. `Key (site_id, slug)=(…) already exists.` → `site_id, slug`. */
function keyColumns(detail: unknown): string | undefined {
  const m = typeof detail === 'string' ? /^Key \(([^)]+)\)=/.exec(detail) : null
  return m?.[1]
}

/**
 * Maps PostgreSQL errors (node-postgres DatabaseError and PGlite errors alike: both carry `code`,
 * `detail`, `column`) in one place, so services never catch them. Constraint names and values are not echoed.
 */
function fromDatabase(err: unknown): ApiError | undefined {
  const chain = causeChain(err)
  const pgErr = chain.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code))
  if (!pgErr) {
    const down = chain.some((e) => (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) || (e instanceof Error && CONNECTION_MESSAGES.test(e.message)))
    return down ? unavailable() : undefined
  }
  const code = pgErr.code as string
  const cols = keyColumns(pgErr.detail)
  switch (code) {
    case '23505':
      return new ApiError(
        409,
        'CONFLICT',
        'Conflict',
        cols ? `A record with the same ${cols} already exists` : 'A record with the same unique value already exists',
      )
    case '23503':
      return new ApiError(409, 'CONFLICT', 'Conflict', 'A referenced record does not exist, or the record is still referenced')
    case '23P01':
    case '23001':
      return new ApiError(409, 'CONFLICT', 'Conflict', 'The change conflicts with existing records')
    case '23502': {
      const column = typeof pgErr.column === 'string' ? pgErr.column : undefined
      return column
        ? new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', `${column}: is required`, [{ field: column, message: 'is required' }])
        : new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', 'A required value is missing')
    }
    case '23514':
      return new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', 'A value is outside the allowed range')
    case '40001':
    case '40P01':
      return new ApiError(409, 'CONFLICT', 'Conflict', 'The change collided with a concurrent change; retry it')
    default:
      break
  }
  // Class 22 (data exception): malformed or out-of-range values, e.g. a NUL character in text, a bad uuid, an overflow.
  if (code.startsWith('22')) return new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', 'A value is out of range or malformed')
  // Connection exceptions, insufficient resources, server shutting down.
  if (code.startsWith('08') || code.startsWith('53') || /^57P0[123]$/.test(code)) return unavailable()
  return undefined
}

interface AjvLikeError {
  keyword?: string
  instancePath?: string
  params?: Record<string, unknown>
  message?: string
}

function validationErrors(err: FastifyError): FieldError[] {
  const ctx = (err as { validationContext?: string }).validationContext ?? 'body'
  // A partial update (PatchBody) with no known field fails its root anyOf: one clear message, not one per branch.
  if ((err.validation ?? []).some((v: AjvLikeError) => v.keyword === 'anyOf' && !v.instancePath)) {
    return [{ field: ctx, message: 'must contain at least one updatable field' }]
  }
  return (err.validation ?? []).map((v: AjvLikeError) => {
    const base = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
    const missing = typeof v.params?.missingProperty === 'string' ? v.params.missingProperty : undefined
    const extra = typeof v.params?.additionalProperty === 'string' ? v.params.additionalProperty : undefined
    const field = [base, missing ?? extra].filter(Boolean).join('.') || ctx
    return { field, message: v.message ?? 'is invalid' }
  })
}

/** Stable codes for client errors raised outside our own factories (Fastify, plugins). */
const CODE_BY_STATUS: Record<number, [string, string]> = {
  400: ['VALIDATION_FAILED', 'Malformed request'],
  401: ['UNAUTHENTICATED', 'Unauthenticated'],
  403: ['FORBIDDEN', 'Forbidden'],
  404: ['NOT_FOUND', 'Not found'],
  405: ['METHOD_NOT_ALLOWED', 'Method not allowed'],
  406: ['NOT_ACCEPTABLE', 'Not acceptable'],
  409: ['CONFLICT', 'Conflict'],
  413: ['PAYLOAD_TOO_LARGE', 'Payload too large'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type'],
  429: ['RATE_LIMITED', 'Too many requests'],
}

function fromFastify(fe: FastifyError): ApiError | undefined {
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', 'The request body exceeds the allowed size (1 MiB for JSON)')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'Send JSON with Content-Type: application/json')
    case 'FST_ERR_BAD_URL':
      return new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', 'The URL is not valid percent-encoding')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', 'A path parameter is too long')
    default:
      break
  }
  if (fe instanceof SyntaxError) return new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', 'The request body is not valid JSON')
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 0
  if (status < 400 || status > 499) return undefined
  const [code, title] = CODE_BY_STATUS[status] ?? ['BAD_REQUEST', 'Bad request']
  // Fastify's own messages are written for clients; anyone else's may carry internals.
  const detail = typeof fe.code === 'string' && fe.code.startsWith('FST_') ? fe.message : title
  return new ApiError(status, code, title, detail)
}

const internal = () => new ApiError(500, 'INTERNAL', 'Internal server error', 'An unexpected error occurred')

/** Turns any thrown value into an ApiError; unexpected ones become a bare 500. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  const fe = err as FastifyError | undefined
  if (fe && Array.isArray(fe.validation)) {
    const errors = validationErrors(fe)
    return new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors)
  }
  return fromDatabase(err) ?? (fe && typeof fe === 'object' ? fromFastify(fe) : undefined) ?? internal()
}

/**
 * What a 5xx log line carries. Query errors (drizzle's wrapper and the drivers' own errors, which copy
 * the statement's bound values) are reduced to the driver's message, SQLSTATE, stack and SQL text:
 * bound parameters may be secrets and never reach the log.
 */
function loggable(err: unknown): Record<string, unknown> {
  const chain = causeChain(err) as Array<PgLikeError & { query?: unknown; params?: unknown; routine?: unknown }>
  if (!chain.some((e) => 'params' in e)) return { err }
  const inner = chain[chain.length - 1] as Error & PgLikeError & { routine?: unknown }
  const query = chain.find((e) => typeof e.query === 'string')?.query
  return {
    err: { type: inner.name, message: inner.message, code: inner.code, routine: inner.routine, stack: inner.stack },
    query,
  }
}

/** Fastify error handler (and frameworkErrors): problem+json for every failure; 5xx are logged with the cause, never exposed. */
export function renderError(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const api = toApiError(err)
  if (api.status >= 500 && api.code === 'INTERNAL') req.log.error(loggable(err), 'unhandled error')
  else if (api.status >= 500) req.log.warn(loggable(err), 'backing service unavailable')
  // Errors raised before the onRequest hooks (a malformed URL) still carry the request id.
  if (!reply.hasHeader('x-request-id')) void reply.header('x-request-id', req.id)
  if (api.headers) void reply.headers(api.headers)
  return reply.code(api.status).type('application/problem+json').send(problemBody(api))
}

/** The RFC 9457 body of an ApiError (also written by hand where there is no reply: src/http/client-errors.ts). */
export function problemBody(api: ApiError) {
  return {
    type: problemType(api.code),
    title: api.title,
    status: api.status,
    detail: api.message,
    code: api.code,
    ...(api.errors ? { errors: api.errors } : {}),
    ...api.extra,
  }
}

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
  throw new ApiError(
    429,
    'PROVIDER_RATE_LIMITED',
    'Provider rate limited',
    `The AI provider rate-limited the request; retry in ${retryAfterSeconds} s`,
    undefined,
    {
      'retry-after': String(retryAfterSeconds),
    },
  )
}
/** 502 PROVIDER_ERROR: the provider failed (timeout, connection, non-2xx, unreadable answer); its body is never echoed. */
export const providerError = (detail: string): never => {
  throw new ApiError(502, 'PROVIDER_ERROR', 'Provider error', `The AI provider failed: ${detail}`)
}
