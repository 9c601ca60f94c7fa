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
/** 404 NOT_FOUND: unknown, deleted or outside the caller's scope (indistinguishable on purpose). */
export const notFound = (entity = 'resource'): never => {
  throw new ApiError(404, 'NOT_FOUND', 'Not found', `${entity} not found`)
}
/** 409 CONFLICT: uniqueness clash. */
export const conflict = (detail: string): never => {
  throw new ApiError(409, 'CONFLICT', 'Conflict', detail)
}
/** 409 INVALID_STATE: the record's state does not allow the operation. */
export const invalidState = (detail: string): never => {
  throw new ApiError(409, 'INVALID_STATE', 'Invalid state', detail)
}
/** 429 RATE_LIMITED with Retry-After. */
export const rateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError(429, 'RATE_LIMITED', 'Too many requests', `Rate limit exceeded; retry in ${retryAfterSeconds} s`, undefined, {
    'retry-after': String(retryAfterSeconds),
  })

interface PgLikeError {
  code?: string
  constraint?: string
  detail?: string
  cause?: unknown
}

/** Finds a PostgreSQL error (SQLSTATE) in an error's cause chain: drizzle wraps driver errors. */
function pgError(err: unknown): PgLikeError | undefined {
  let cur: unknown = err
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as PgLikeError
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e
    cur = e.cause
  }
  return undefined
}

/** Maps database constraint errors in one place, so services never catch them. */
function fromDatabase(err: unknown): ApiError | undefined {
  const e = pgError(err)
  if (!e) return undefined
  const constraint = e.constraint ? ` (${e.constraint})` : ''
  switch (e.code) {
    case '23505':
      return new ApiError(409, 'CONFLICT', 'Conflict', `A record with the same unique value already exists${constraint}`)
    case '23503':
      return new ApiError(409, 'CONFLICT', 'Conflict', `A referenced record does not exist or is still referenced${constraint}`)
    case '23514':
    case '23502':
    case '22P02':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
      return new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', 'A value is out of range or malformed')
    default:
      return undefined
  }
}

interface AjvLikeError {
  instancePath?: string
  params?: Record<string, unknown>
  message?: string
}

function validationErrors(err: FastifyError): FieldError[] {
  const ctx = (err as { validationContext?: string }).validationContext ?? 'body'
  return (err.validation ?? []).map((v: AjvLikeError) => {
    const base = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
    const missing = typeof v.params?.missingProperty === 'string' ? v.params.missingProperty : undefined
    const extra = typeof v.params?.additionalProperty === 'string' ? v.params.additionalProperty : undefined
    const field = [base, missing ?? extra].filter(Boolean).join('.') || ctx
    return { field, message: v.message ?? 'is invalid' }
  })
}

/** Turns any thrown value into an ApiError; unexpected ones become a bare 500. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  const fe = err as FastifyError
  if (fe && Array.isArray(fe.validation)) {
    const errors = validationErrors(fe)
    return new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors)
  }
  const db = fromDatabase(err)
  if (db) return db
  switch (fe?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', 'The request body exceeds the allowed size')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'Send JSON with Content-Type: application/json')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', fe.message)
    default:
      break
  }
  if (fe instanceof SyntaxError || fe?.statusCode === 400) {
    return new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', 'The request body is not valid JSON')
  }
  if (fe?.statusCode === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', 'The request body is too large')
  if (fe?.statusCode === 415) return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', fe.message)
  return new ApiError(500, 'INTERNAL', 'Internal server error', 'An unexpected error occurred')
}

/** Fastify error handler: problem+json for every failure; 5xx are logged with the cause, never exposed. */
export function renderError(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const api = toApiError(err)
  if (api.status >= 500) req.log.error({ err }, 'unhandled error')
  if (api.headers) void reply.headers(api.headers)
  return reply
    .code(api.status)
    .type('application/problem+json')
    .send({
      type: problemType(api.code),
      title: api.title,
      status: api.status,
      detail: api.message,
      code: api.code,
      ...(api.errors ? { errors: api.errors } : {}),
    })
}
