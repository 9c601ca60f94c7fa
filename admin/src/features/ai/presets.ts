import { z } from 'zod'

/*
 * The AI provider form: the four wire formats Atrium speaks (interface spec "AI", provider detection) each with a
 * preset to start from, the rule that picks the format (the same order as the server's; the saved configuration's
 * `provider_type` is the server's answer), and the form's schema (the spec's bounds; the API decides).
 */
export type ProviderType = 'messages' | 'local_runtime' | 'local' | 'chat_completions'

export interface Preset {
  id: ProviderType
  provider_name: string
  base_url: string
  model: string
  needsKey: boolean
}

export const PRESETS: readonly Preset[] = [
  { id: 'chat_completions', provider_name: 'OpenAI', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', needsKey: true },
  { id: 'messages', provider_name: 'Anthropic', base_url: 'https://api.anthropic.com', model: 'claude-sonnet-4-5', needsKey: true },
  { id: 'local_runtime', provider_name: 'Ollama', base_url: 'http://localhost:11434', model: 'llama3.2', needsKey: false },
  { id: 'local', provider_name: 'Local server', base_url: 'http://localhost:8080/v1', model: 'local-model', needsKey: false },
]

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '::1'])

/** Which format a name and base URL select: Messages vendor, then the local runtime, then a local host, else Chat Completions. */
export function detectFormat(providerName: string, baseUrl: string): ProviderType {
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

export const ACTIONS = ['seo', 'excerpt', 'translate', 'draft_outline', 'draft_post'] as const
export type PromptAction = (typeof ACTIONS)[number]

const httpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol)
  } catch {
    return false
  }
}

export const aiFormSchema = z.object({
  provider_name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  base_url: z.string().trim().min(1, 'required').max(500, 'tooLong').refine(httpUrl, 'url'),
  model: z.string().trim().min(1, 'required').max(200, 'tooLong'),
  temperature: z.number({ error: 'number' }).min(0, 'range').max(2, 'range'),
  max_tokens: z.number({ error: 'number' }).int('integer').min(1, 'range'),
  /** The replacement key; empty: keep the stored one. */
  api_key: z.string().max(500, 'tooLong'),
  system_prompts: z.object({ seo: z.string(), excerpt: z.string(), translate: z.string(), draft_outline: z.string(), draft_post: z.string() }),
})
export type AiFormValues = z.infer<typeof aiFormSchema>

interface SavedConfig {
  provider_name: string
  base_url: string
  model: string
  temperature: number
  max_tokens: number
  system_prompts: Partial<Record<PromptAction, string>>
}

export function formValuesOf(config: SavedConfig | undefined, preset: Preset = PRESETS[0] as Preset): AiFormValues {
  const prompts = config?.system_prompts ?? {}
  return {
    provider_name: config?.provider_name ?? preset.provider_name,
    base_url: config?.base_url ?? preset.base_url,
    model: config?.model ?? preset.model,
    temperature: config?.temperature ?? 0.7,
    max_tokens: config?.max_tokens ?? 1024,
    api_key: '',
    system_prompts: {
      seo: prompts.seo ?? '',
      excerpt: prompts.excerpt ?? '',
      translate: prompts.translate ?? '',
      draft_outline: prompts.draft_outline ?? '',
      draft_post: prompts.draft_post ?? '',
    },
  }
}

/**
 * The PUT body: `api_key` only when a new key was typed (omitted keeps the stored key; `removeKey` sends null),
 * empty prompts left out (the built-in prompt applies).
 */
export interface PutBody extends SavedConfig {
  api_key?: string | null
}

export function putBodyOf(v: AiFormValues, removeKey = false): PutBody {
  const prompts = Object.fromEntries(Object.entries(v.system_prompts).filter(([, text]) => text.trim() !== '')) as Partial<Record<PromptAction, string>>
  return {
    provider_name: v.provider_name.trim(),
    base_url: v.base_url.trim(),
    model: v.model.trim(),
    temperature: v.temperature,
    max_tokens: v.max_tokens,
    system_prompts: prompts,
    ...(removeKey ? { api_key: null } : v.api_key !== '' ? { api_key: v.api_key } : {}),
  }
}
