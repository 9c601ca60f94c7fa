import type { ProviderType } from './schemas.js'

/*
 * Provider detection, checked in this order (README "AI-assisted writing"):
 * 1. the Messages-API vendor: the base URL's host is anthropic.com or under it, or the name contains
 *    "anthropic" or "claude";
 * 2. the local model runtime: port 11434, or the name contains "ollama";
 * 3. a local provider: host localhost, 127.0.0.1 or 0.0.0.0 (and [::1]): Chat Completions, JSON mode off, XML answers;
 * 4. everything else: standard Chat Completions.
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '::1'])

export function detectProvider(providerName: string, baseUrl: string): ProviderType {
  const name = providerName.toLowerCase()
  let url: URL | undefined
  try {
    url = new URL(baseUrl)
  } catch {
    url = undefined
  }
  const host = (url?.hostname ?? '').toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'anthropic.com' || host.endsWith('.anthropic.com') || name.includes('anthropic') || name.includes('claude')) return 'messages'
  if (url?.port === '11434' || name.includes('ollama')) return 'local_runtime'
  if (LOCAL_HOSTS.has(host)) return 'local'
  return 'chat_completions'
}

const trimSlash = (s: string) => s.replace(/\/+$/, '')

/** The URL's origin and path without query, fragment or trailing slash. */
function base(baseUrl: string): string {
  const u = new URL(baseUrl)
  return trimSlash(`${u.origin}${u.pathname}`)
}

/**
 * Endpoint URLs per wire format. Chat Completions paths are relative to the base as given (which usually ends
 * in /v1: `https://api.openai.com/v1` → `/v1/chat/completions`); nothing is added or removed, except that a
 * base already ending in /chat/completions is used as is. The Messages API and the local runtime are addressed
 * from their root: a trailing /v1 (or /api for the runtime) is dropped before their own paths are appended.
 */
export const endpoints = {
  messages: (baseUrl: string) => `${base(baseUrl).replace(/\/v1$/, '')}/v1/messages`,
  chat: (baseUrl: string) => {
    const b = base(baseUrl)
    return b.endsWith('/chat/completions') ? b : `${b}/chat/completions`
  },
  chatModels: (baseUrl: string) => `${base(baseUrl).replace(/\/chat\/completions$/, '')}/models`,
  runtimeRoot: (baseUrl: string) => base(baseUrl).replace(/\/(v1|api)$/, ''),
}

/** Model ids offered for the Messages-API vendor (spec: a fixed list; the vendor's listing is not queried). */
export const MESSAGES_MODELS = [
  'claude-opus-4-1',
  'claude-sonnet-4-5',
  'claude-sonnet-4-0',
  'claude-3-7-sonnet-latest',
  'claude-haiku-4-5',
  'claude-3-5-haiku-latest',
]
