import { Type, type Static } from 'typebox'
import { Body, Int, Nullable, Uuid } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

export const ACTIONS = ['seo', 'excerpt', 'translate', 'draft_outline', 'draft_post'] as const
export type Action = (typeof ACTIONS)[number]
export const PROVIDER_TYPES = ['messages', 'local_runtime', 'local', 'chat_completions'] as const
export type ProviderType = (typeof PROVIDER_TYPES)[number]

const Prompt = Type.String({ minLength: 1, maxLength: 20_000 })
/** Only the five action keys; an unknown key is a 400 (not silently dropped). */
export const SystemPrompts = Type.Object(
  {
    seo: Type.Optional(Prompt),
    excerpt: Type.Optional(Prompt),
    translate: Type.Optional(Prompt),
    draft_outline: Type.Optional(Prompt),
    draft_post: Type.Optional(Prompt),
  },
  {
    propertyNames: { enum: [...ACTIONS] },
    description: 'Per-action system prompt overrides; keys seo, excerpt, translate, draft_outline, draft_post; an empty object means the built-in prompts',
  },
)
export type SystemPrompts = Static<typeof SystemPrompts>

const ProviderName = Type.String({ minLength: 1, maxLength: 100 })
const BaseUrl = Type.String({
  minLength: 1,
  maxLength: 500,
  description:
    'http(s) URL of the provider API; refused when it resolves to a loopback or private address (unless ATRIUM_ALLOW_PRIVATE_AI_TARGETS=true) or to a link-local or metadata address (always)',
})
const ApiKey = Type.String({ minLength: 1, maxLength: 500 })

export const AiConfig = wireRecord('AiConfig', {
  site_id: Uuid,
  provider_name: Type.String(),
  base_url: Type.String(),
  provider_type: Type.Unsafe<ProviderType>({
    type: 'string',
    enum: [...PROVIDER_TYPES],
    description: 'Detected wire format (read-only): messages, local_runtime, local or chat_completions',
  }),
  api_key_masked: Nullable(
    Type.String({
      description: 'First 3 and last 4 characters of the key (`sk-…wxyz`); `…` plus the last 2 for keys under 12 characters; null when no key is stored',
    }),
  ),
  model: Type.String(),
  temperature: Type.Number(),
  max_tokens: Type.Integer(),
  system_prompts: SystemPrompts,
})
export type AiConfig = Static<typeof AiConfig>

export const PutAiConfigBody = Body({
  provider_name: ProviderName,
  base_url: BaseUrl,
  api_key: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength: 500,
        description: 'Omitted: the stored key is kept; null: the stored key is removed; a string replaces it. Stored encrypted, never returned.',
      }),
    ),
  ),
  model: Type.String({ minLength: 1, maxLength: 200 }),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2, description: 'Omitted: 0.7' })),
  max_tokens: Type.Optional(Int({ minimum: 1, maximum: 2_147_483_647, description: 'Omitted: 1024' })),
  system_prompts: Type.Optional(SystemPrompts),
})
export type PutAiConfigBody = Static<typeof PutAiConfigBody>

export const AiTestResult = Type.Object({ success: Type.Boolean(), message: Type.String() }, { $id: 'AiTestResult' })
export type AiTestResult = Static<typeof AiTestResult>

export const GenerateBody = Body({
  action: Type.Unsafe<Action>({ type: 'string', enum: [...ACTIONS] }),
  content: Type.String({
    minLength: 1,
    maxLength: 50_000,
    description: 'For translate: the JSON text of an object with any of title, subtitle, excerpt, body, meta_title, meta_description',
  }),
  target_locale: Type.Optional(
    Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', description: 'Language code (BCP 47), required for translate' }),
  ),
})
export type GenerateBody = Static<typeof GenerateBody>

const Out = Nullable(Type.String())
export const GenerateResult = Type.Object(
  { meta_title: Out, meta_description: Out, excerpt: Out, title: Out, subtitle: Out, body: Out, outline: Out },
  { $id: 'AiGenerateResult', description: 'Always all seven keys; those the action does not produce are null' },
)
export type GenerateResult = Static<typeof GenerateResult>

export const ModelsBody = Body({ base_url: BaseUrl, api_key: Type.Optional(ApiKey), provider_name: ProviderName })
export type ModelsBody = Static<typeof ModelsBody>
export const ModelList = Type.Object({ models: Type.Array(Type.String()) }, { $id: 'AiModelList' })
export type ModelList = Static<typeof ModelList>
