import createClient, { type Client, type Middleware } from 'openapi-fetch'
import type { components, paths } from './schema.js'

export type { components, paths } from './schema.js'
export * from './schema.js'
export { recordTag } from './etag.js'
export { imageUrl, srcset, type HasImageUrl, type ImageOptions } from './images.js'

/** A problem's field error (`errors[]` of a 400 `VALIDATION_FAILED`). */
export interface FieldError {
  field: string
  message: string
}

/** RFC 9457 problem details as Atrium sends them, with the extras some codes carry (`current` on `EDIT_CONFLICT`). */
export interface Problem {
  type?: string
  title?: string
  status?: number
  detail?: string
  code?: string
  errors?: FieldError[]
  current?: unknown
  [extra: string]: unknown
}

/**
 * Every non-2xx answer, and every failure to get one (network, abort), as one error type: `status` (0 when no answer
 * came), the stable `code` (`NETWORK_ERROR` when no answer came), `errors` for field errors, the `X-Request-Id` to
 * quote, the `Retry-After` wait of a 429 in seconds, the `ETag` of a 412's `current`, and the whole problem body.
 */
export class AtriumError extends Error {
  override readonly name = 'AtriumError'
  readonly status: number
  readonly code: string
  readonly title: string
  readonly detail: string | undefined
  readonly errors: FieldError[]
  readonly requestId: string | undefined
  readonly retryAfter: number | undefined
  /** The answer's `ETag`: on a 412 `EDIT_CONFLICT`, the tag of `current`, to send as `If-Match` after merging. */
  readonly etag: string | undefined
  readonly problem: Problem

  constructor(init: {
    status: number
    problem: Problem
    requestId?: string | undefined
    retryAfter?: number | undefined
    etag?: string | undefined
    cause?: unknown
  }) {
    const { status, problem } = init
    const title = typeof problem.title === 'string' ? problem.title : status === 0 ? 'Network error' : `HTTP ${status}`
    super(
      typeof problem.detail === 'string' && problem.detail !== '' ? `${title}: ${problem.detail}` : title,
      init.cause === undefined ? undefined : { cause: init.cause },
    )
    this.status = status
    this.code = typeof problem.code === 'string' ? problem.code : status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`
    this.title = title
    this.detail = typeof problem.detail === 'string' ? problem.detail : undefined
    this.errors = Array.isArray(problem.errors) ? problem.errors.filter(isFieldError) : []
    this.requestId = init.requestId
    this.retryAfter = init.retryAfter
    this.etag = init.etag
    this.problem = problem
  }

  /** The record as it is now, on a 412 `EDIT_CONFLICT` (save again with its ETag after merging). */
  get current(): unknown {
    return this.problem.current
  }
}

function isFieldError(v: unknown): v is FieldError {
  return typeof v === 'object' && v !== null && typeof (v as FieldError).field === 'string' && typeof (v as FieldError).message === 'string'
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** Builds the AtriumError of a non-2xx response (reads its body). */
export async function errorFromResponse(response: Response): Promise<AtriumError> {
  let problem: Problem = {}
  const text = await response.text().catch(() => '')
  if (text !== '') {
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) problem = parsed as Problem
      else problem = { detail: text.slice(0, 500) }
    } catch {
      problem = { detail: text.slice(0, 500) }
    }
  }
  return new AtriumError({
    status: response.status,
    problem,
    requestId: response.headers.get('x-request-id') ?? undefined,
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    etag: response.headers.get('etag') ?? undefined,
  })
}

export interface AtriumClientOptions {
  /** The server's origin, e.g. `https://cms.example.com` (a trailing `/api/v1` is accepted and dropped). */
  baseUrl: string
  /** An API key, sent as `X-API-Key`. */
  apiKey?: string | undefined
  /** A bearer token from the identity provider (a string, or a function asked before every request, e.g. to refresh). */
  token?: string | (() => string | undefined | Promise<string | undefined>) | undefined
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof globalThis.fetch | undefined
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined
}

/** The typed client: `client.GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id } } })`. */
export type AtriumClient = Client<paths>

/**
 * A typed client over Atrium's REST API. Paths, parameters, bodies and answers are typed from the OpenAPI document.
 * A non-2xx answer (or no answer) rejects with an AtriumError, so `data` of a resolved call is always the 2xx body.
 */
export function createAtriumClient(options: AtriumClientOptions): AtriumClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  const client = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.headers ? { headers: options.headers } : {}) })
  const auth: Middleware = {
    async onRequest({ request }) {
      if (options.apiKey) request.headers.set('x-api-key', options.apiKey)
      const token = typeof options.token === 'function' ? await options.token() : options.token
      if (token) request.headers.set('authorization', `Bearer ${token}`)
      return request
    },
    async onResponse({ response }) {
      if (!response.ok && response.status !== 304) throw await errorFromResponse(response)
      return undefined
    },
    onError({ error }) {
      if (error instanceof AtriumError) return error
      return new AtriumError({ status: 0, problem: { title: 'Network error', detail: error instanceof Error ? error.message : String(error) }, cause: error })
    },
  }
  client.use(auth)
  return client
}

/** The paginated list shape (`{ data, meta: { page, per_page, total, total_pages } }`). */
export interface PageOf<T> {
  data: T[]
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

/**
 * Every item of a paginated list, page by page, asking for the next page only when the previous one is used up:
 * `for await (const blog of allPages((page) => client.GET(path, { params: { path, query: { page, per_page: 100 } } })))`.
 * `fetchPage` may return openapi-fetch's result (`{ data }`) or the page itself.
 */
export async function* allPages<T>(fetchPage: (page: number) => Promise<PageOf<T> | { data?: PageOf<T> | undefined }>): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; page++) {
    const got = await fetchPage(page)
    const body = 'meta' in got ? got : got.data
    if (!body) return
    yield* body.data
    if (page >= body.meta.total_pages || body.data.length === 0) return
  }
}

/** The `ETag` of an answer (openapi-fetch's `response`), to send back as `If-Match` on the next save. */
export function etagOf(result: { response: Response }): string | undefined {
  return result.response.headers.get('etag') ?? undefined
}

export type Schemas = components['schemas']
