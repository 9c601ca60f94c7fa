import { randomUUID } from 'node:crypto'
import type { Ctx } from '../../core/context.js'
import { registeredKeyMismatch } from '../../core/encryption-key.js'
import { mutate } from '../../core/mutation.js'
import type { AiConfigRow } from '../../db/schema/ai.js'
import { aiDisabled, aiNotConfigured, ApiError, notFound, providerError, providerRateLimited, validation } from '../../http/errors.js'
import { SecretDecryptError } from '../../platform/secrets.js'
import { detectProvider } from './detect.rules.js'
import { aiConfigEntity, aiGenerationEntity } from './entity.js'
import { UnreadableAnswer } from './output.rules.js'
import {
  checkBaseUrl,
  complete,
  listModels,
  ProviderFailure,
  ProviderRateLimited,
  ProviderTargetRefused,
  type ProviderIo,
  type ProviderSettings,
} from './provider.service.js'
import { runAction, runTranslate, translatableInput } from './generate.service.js'
import * as q from './queries.js'
import type { AiConfig, AiTestResult, GenerateBody, GenerateResult, ModelList, ModelsBody, PutAiConfigBody } from './schemas.js'

/** Never copied into audit metadata or change history (not even masked or encrypted). */
const secretFields = ['api_key', 'api_key_encrypted', 'api_key_key_id', 'api_key_masked']

/** `sk-…wxyz`: first 3 and last 4 characters; `…yz` under 12 characters; `****` under 8. */
export function maskKey(key: string): string {
  const chars = Array.from(key)
  if (chars.length >= 12) return `${chars.slice(0, 3).join('')}…${chars.slice(-4).join('')}`
  if (chars.length >= 8) return `…${chars.slice(-2).join('')}`
  return '****'
}

const present = (r: AiConfigRow): AiConfig => ({
  id: r.id,
  site_id: r.site_id,
  provider_name: r.provider_name,
  base_url: r.base_url,
  provider_type: detectProvider(r.provider_name, r.base_url),
  api_key_masked: r.api_key_masked,
  model: r.model,
  temperature: r.temperature,
  max_tokens: r.max_tokens,
  system_prompts: r.system_prompts,
  created_at: r.created_at,
  updated_at: r.updated_at,
})

const io = (ctx: Ctx): ProviderIo => ({ allowPrivate: ctx.deps.config.allowPrivateAiTargets, timeoutMs: ctx.deps.config.aiTimeoutMs, lookup: ctx.deps.lookup })

/** 400 on base_url unless it is http(s), without credentials, and resolves only to allowed addresses. */
async function checkTarget(ctx: Ctx, baseUrl: string): Promise<void> {
  try {
    await checkBaseUrl(io(ctx), baseUrl)
  } catch (err) {
    if (err instanceof ProviderTargetRefused) validation('base_url', err.message)
    throw err
  }
}

/** Runs provider work, turning its failures into 429 PROVIDER_RATE_LIMITED or 502 PROVIDER_ERROR (never a 500). */
async function viaProvider<T>(ctx: Ctx, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof ProviderRateLimited) return providerRateLimited(err.retryAfterSeconds)
    if (err instanceof ProviderFailure || err instanceof UnreadableAnswer || err instanceof ProviderTargetRefused) return providerError(err.message)
    ctx.log.error({ err }, 'AI provider call failed unexpectedly')
    return providerError('the request failed')
  }
}

/** The configuration with its key masked; 404 when the site has none. */
export async function getConfig(ctx: Ctx, siteId: string): Promise<AiConfig> {
  return present((await q.findConfig(ctx.db, siteId)) ?? notFound(aiConfigEntity))
}

/**
 * Upsert (audited as Update on ai_config). Omitted optional fields take their defaults, except `api_key`:
 * omitted keeps the stored key, null removes it, a string replaces it (encrypted before it is stored).
 */
export async function putConfig(ctx: Ctx, siteId: string, body: PutAiConfigBody): Promise<AiConfig> {
  await checkTarget(ctx, body.base_url)
  const encrypted = typeof body.api_key === 'string' ? ctx.deps.secrets.current.encrypt(body.api_key) : undefined
  return mutate(ctx, { entity: aiConfigEntity, action: 'Update', secretFields }, async (tx) => {
    // Instances that each generated their own key file start, but none may store a key the others cannot read.
    if (encrypted && (await registeredKeyMismatch(tx, encrypted.keyId))) throw encryptionKeyMismatch()
    const before = await q.lockConfig(tx, siteId)
    const key =
      body.api_key === undefined
        ? {
            api_key_encrypted: before?.api_key_encrypted ?? null,
            api_key_key_id: before?.api_key_key_id ?? null,
            api_key_masked: before?.api_key_masked ?? null,
          }
        : encrypted
          ? { api_key_encrypted: encrypted.ciphertext, api_key_key_id: encrypted.keyId, api_key_masked: maskKey(body.api_key as string) }
          : { api_key_encrypted: null, api_key_key_id: null, api_key_masked: null }
    const row = await q.upsertConfig(tx, {
      site_id: siteId,
      provider_name: body.provider_name,
      base_url: body.base_url,
      model: body.model,
      temperature: body.temperature ?? 0.7,
      max_tokens: body.max_tokens ?? 1024,
      system_prompts: body.system_prompts ?? {},
      ...key,
      updated_at: ctx.clock.now(),
    })
    const after = present(row)
    const keyChange = body.api_key === undefined ? 'kept' : encrypted ? 'replaced' : 'removed'
    return {
      result: after,
      siteId,
      entityId: row.id,
      before: before ? present(before) : null,
      after,
      label: row.provider_name,
      metadata: {
        provider_name: row.provider_name,
        provider_type: after.provider_type,
        base_url: row.base_url,
        model: row.model,
        created: !before,
        key_change: keyChange,
      },
    }
  })
}

const encryptionKeyMismatch = () =>
  new ApiError(
    503,
    'ENCRYPTION_KEY_MISMATCH',
    'Encryption key mismatch',
    'This instance encrypts with another key than the one registered in the database by the other instances, so the provider key was not stored. ' +
      'Set ATRIUM_ENCRYPTION_KEY to the same value on every instance.',
  )

/** Removes the configuration and its encrypted key (audited as Delete on ai_config); 404 when none. */
export async function deleteConfig(ctx: Ctx, siteId: string): Promise<void> {
  await mutate(ctx, { entity: aiConfigEntity, action: 'Delete', secretFields }, async (tx) => {
    const row = (await q.deleteConfig(tx, siteId)) ?? notFound(aiConfigEntity)
    return {
      result: undefined,
      siteId,
      entityId: row.id,
      current: present(row),
      label: row.provider_name,
      metadata: { provider_name: row.provider_name, model: row.model },
    }
  })
}

function settingsOf(ctx: Ctx, row: AiConfigRow): ProviderSettings {
  let apiKey: string | null = null
  if (row.api_key_encrypted) {
    try {
      apiKey = ctx.deps.secrets.current.decrypt(row.api_key_encrypted, row.api_key_key_id)
    } catch (err) {
      if (!(err instanceof SecretDecryptError)) throw err
      aiNotConfigured("The stored provider key cannot be decrypted with this instance's encryption key; save the configuration again")
    }
  }
  return {
    type: detectProvider(row.provider_name, row.base_url),
    base_url: row.base_url,
    api_key: apiKey,
    model: row.model,
    temperature: row.temperature,
    max_tokens: row.max_tokens,
  }
}

/** Sends a tiny request with the saved configuration; always answers (success false with the reason on failure). 404 when none. */
export async function test(ctx: Ctx, siteId: string): Promise<AiTestResult> {
  const row = (await q.findConfig(ctx.db, siteId)) ?? notFound(aiConfigEntity)
  try {
    const p = settingsOf(ctx, row)
    const json = p.type !== 'local'
    await viaProvider(ctx, () =>
      complete(io(ctx), p, {
        system: json
          ? 'This is a connection test. Answer with the JSON object {"ok": true} and nothing else.'
          : 'This is a connection test. Answer with <ok>true</ok> and nothing else.',
        user: 'ping',
        json,
      }),
    )
    return { success: true, message: `The provider answered (${p.type} format, model ${p.model})` }
  } catch (err) {
    return { success: false, message: err instanceof Error ? err.message : 'The provider test failed' }
  }
}

/** What a generation made, as the audit log names it (never the content it was given, which may be unpublished). */
const ACTION_LABELS: Record<GenerateBody['action'], string> = {
  seo: 'SEO fields',
  excerpt: 'Excerpt',
  translate: 'Translation',
  draft_outline: 'Outline draft',
  draft_post: 'Post draft',
}

/** The audit entry's record_label of a generation: what it made, and for a translation into which language. */
export const generationLabel = (action: GenerateBody['action'], locale?: string): string =>
  locale === undefined ? ACTION_LABELS[action] : `${ACTION_LABELS[action]} into ${locale}`

/**
 * One generation: 403 AI_MODULE_DISABLED when the site's ai_enabled is off, 400 AI_NOT_CONFIGURED without a
 * configuration, 400 for translate without target_locale or with content that is not a JSON object of
 * translatable fields, 429 PROVIDER_RATE_LIMITED, 502 PROVIDER_ERROR. Audited as Create on ai_generation, named by what it made (generationLabel).
 */
export async function generate(ctx: Ctx, siteId: string, body: GenerateBody): Promise<GenerateResult> {
  if ((await q.aiEnabled(ctx.db, siteId)) !== true) aiDisabled()
  const row = (await q.findConfig(ctx.db, siteId)) ?? aiNotConfigured()
  const translateInput = body.action === 'translate' ? translatableInput(body.content, body.target_locale) : undefined
  const p = settingsOf(ctx, row)
  const prompt = row.system_prompts[body.action]
  const result = await viaProvider(ctx, () =>
    translateInput
      ? runTranslate(io(ctx), p, translateInput, prompt)
      : runAction(io(ctx), p, body.action as Exclude<typeof body.action, 'translate'>, body.content, prompt),
  )
  return mutate(ctx, { entity: aiGenerationEntity, action: 'Create' }, () =>
    Promise.resolve({
      result,
      siteId,
      entityId: randomUUID(),
      label: generationLabel(body.action, translateInput?.locale),
      metadata: {
        action: body.action,
        provider_type: p.type,
        model: p.model,
        ...(translateInput ? { target_locale: translateInput.locale } : {}),
        fields: Object.entries(result)
          .filter(([, v]) => v !== null)
          .map(([k]) => k),
      },
    }),
  )
}

/** Models a provider offers, for a configuration being written (base_url checked like on PUT: 400 when refused). */
export async function models(ctx: Ctx, _siteId: string, body: ModelsBody): Promise<ModelList> {
  await checkTarget(ctx, body.base_url)
  const type = detectProvider(body.provider_name, body.base_url)
  return { models: await viaProvider(ctx, () => listModels(io(ctx), type, body.base_url, body.api_key ?? null)) }
}
