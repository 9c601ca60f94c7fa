import { PinnedRequestError, pinnedRequest, type PinnedResponse } from '../../platform/pinned-http.js'
import { resolveTarget, TargetError, type HostLookup } from '../../platform/webhook-target.js'
import { endpoints, MESSAGES_MODELS } from './detect.rules.js'
import type { ProviderType } from './schemas.js'

/*
 * The four wire formats (detect.rules.ts picks one). Every request goes to the checked, pinned address of the
 * URL (webhook-target.ts), redirects are not followed, and failures become ProviderFailure / ProviderRateLimited
 * whose messages are Atrium's own: a provider's answer body is never echoed (it may quote the key).
 */

export const ANTHROPIC_VERSION = '2023-06-01'
const DEFAULT_RETRY_AFTER = 30

export class ProviderFailure extends Error {}
export class ProviderRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the provider rate-limited the request')
  }
}
/** The base URL is not an allowed target (write time: 400; request time: a provider failure). */
export class ProviderTargetRefused extends Error {}

export interface ProviderIo {
  allowPrivate: boolean
  timeoutMs: number
  lookup?: HostLookup | undefined
}

export interface ProviderSettings {
  type: ProviderType
  base_url: string
  api_key: string | null
  model: string
  temperature: number
  max_tokens: number
}

export interface Completion {
  system: string
  user: string
  /** Ask for a JSON object (JSON mode where the format has one); false for local providers (XML tags). */
  json: boolean
}

/** Checks a base URL against the target rules (resolving its host); throws ProviderTargetRefused. */
export async function checkBaseUrl(io: ProviderIo, baseUrl: string): Promise<void> {
  try {
    await resolveTarget(baseUrl, io.allowPrivate, io.lookup)
  } catch (err) {
    if (err instanceof TargetError) throw new ProviderTargetRefused(err.message)
    throw err
  }
}

function retryAfter(res: PinnedResponse): number {
  const raw: unknown = res.headers['retry-after']
  const v = typeof raw === 'string' ? raw : undefined
  if (v === undefined) return DEFAULT_RETRY_AFTER
  if (/^\d+$/.test(v.trim())) return Math.min(Number(v.trim()), 86_400)
  const at = Date.parse(v)
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER : Math.min(Math.max(1, Math.ceil((at - Date.now()) / 1000)), 86_400)
}

async function call(io: ProviderIo, url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: unknown): Promise<unknown> {
  let target
  try {
    target = await resolveTarget(url, io.allowPrivate, io.lookup)
  } catch (err) {
    if (err instanceof TargetError) throw new ProviderFailure(`the provider URL is not an allowed target: ${err.message}`)
    throw err
  }
  let res: PinnedResponse
  try {
    res = await pinnedRequest(target, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      timeoutMs: io.timeoutMs,
    })
  } catch (err) {
    if (err instanceof PinnedRequestError) {
      throw new ProviderFailure(
        err.kind === 'timeout' ? `the provider did not answer in time (${err.message})` : `the provider could not be reached: ${err.message}`,
      )
    }
    throw new ProviderFailure('the provider could not be reached')
  }
  if (res.status === 429) throw new ProviderRateLimited(retryAfter(res))
  if (res.status >= 300 && res.status < 400) throw new ProviderFailure(`the provider answered a redirect (HTTP ${res.status}), which is not followed`)
  if (res.status === 401 || res.status === 403) throw new ProviderFailure(`the provider refused the credentials (HTTP ${res.status})`)
  if (res.status < 200 || res.status >= 300) throw new ProviderFailure(`the provider answered HTTP ${res.status}`)
  try {
    return JSON.parse(res.body) as unknown
  } catch {
    throw new ProviderFailure('the provider answered something that is not valid JSON')
  }
}

const bearer = (key: string | null): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {})

function field(obj: unknown, ...path: Array<string | number>): unknown {
  let cur: unknown = obj
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string | number, unknown>)[p]
  }
  return cur
}

function text(v: unknown, what: string): string {
  if (typeof v !== 'string' || v.trim() === '') throw new ProviderFailure(`the provider's answer has no ${what}`)
  return v
}

/** One completion in the provider's wire format; returns the model's text. */
export async function complete(io: ProviderIo, p: ProviderSettings, c: Completion): Promise<string> {
  const messages = [
    { role: 'system', content: c.system },
    { role: 'user', content: c.user },
  ]
  switch (p.type) {
    case 'messages': {
      const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION, ...(p.api_key ? { 'x-api-key': p.api_key } : {}) }
      const body = { model: p.model, max_tokens: p.max_tokens, temperature: p.temperature, system: c.system, messages: [{ role: 'user', content: c.user }] }
      const res = await call(io, endpoints.messages(p.base_url), 'POST', headers, body)
      const blocks = field(res, 'content')
      if (!Array.isArray(blocks)) throw new ProviderFailure("the provider's answer has no content")
      return text(
        blocks
          .filter((b) => field(b, 'type') === 'text')
          .map((b) => field(b, 'text'))
          .filter((t): t is string => typeof t === 'string')
          .join(''),
        'text content',
      )
    }
    case 'local_runtime': {
      // The runtime's native chat API: `format: "json"` constrains the output, options carry the sampling settings.
      const body = {
        model: p.model,
        messages,
        stream: false,
        ...(c.json ? { format: 'json' } : {}),
        options: { temperature: p.temperature, num_predict: p.max_tokens },
      }
      const res = await call(io, `${endpoints.runtimeRoot(p.base_url)}/api/chat`, 'POST', bearer(p.api_key), body)
      return text(field(res, 'message', 'content'), 'message content')
    }
    case 'local':
    case 'chat_completions': {
      const body = {
        model: p.model,
        messages,
        temperature: p.temperature,
        max_tokens: p.max_tokens,
        ...(c.json && p.type === 'chat_completions' ? { response_format: { type: 'json_object' } } : {}),
      }
      const res = await call(io, endpoints.chat(p.base_url), 'POST', bearer(p.api_key), body)
      return text(field(res, 'choices', 0, 'message', 'content'), 'message content')
    }
  }
}

function ids(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) throw new ProviderFailure("the provider's model list is not a list")
  return list.map((m) => field(m, key)).filter((v): v is string => typeof v === 'string')
}

/** Model ids the provider offers: a fixed list for the Messages vendor; the runtime's /api/tags, then /v1/models. */
export async function listModels(io: ProviderIo, type: ProviderType, baseUrl: string, apiKey: string | null): Promise<string[]> {
  switch (type) {
    case 'messages':
      return [...MESSAGES_MODELS]
    case 'local_runtime': {
      const root = endpoints.runtimeRoot(baseUrl)
      try {
        return ids(field(await call(io, `${root}/api/tags`, 'GET', bearer(apiKey)), 'models'), 'name')
      } catch (err) {
        if (!(err instanceof ProviderFailure)) throw err
        return ids(field(await call(io, `${root}/v1/models`, 'GET', bearer(apiKey)), 'data'), 'id')
      }
    }
    case 'local':
    case 'chat_completions':
      return ids(field(await call(io, endpoints.chatModels(baseUrl), 'GET', bearer(apiKey)), 'data'), 'id')
  }
}
