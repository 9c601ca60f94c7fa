import { validation } from '../../http/errors.js'
import { enforceLimit, parseJsonFields, parseXmlFields, protectCode, restoreCode } from './output.rules.js'
import { ACTION_FIELDS, BUILT_IN_PROMPTS, FIELD_RULES, formatInstruction, TRANSLATABLE, type OutputField, type TranslatableField } from './prompts.rules.js'
import { complete, type ProviderIo, type ProviderSettings } from './provider.service.js'
import type { Action, GenerateResult } from './schemas.js'

const empty = (): GenerateResult => ({ meta_title: null, meta_description: null, excerpt: null, title: null, subtitle: null, body: null, outline: null })

/** Local providers run with JSON mode off and answer in XML tags; every other format answers a JSON object. */
const wantsJson = (p: ProviderSettings) => p.type !== 'local'

async function ask(io: ProviderIo, p: ProviderSettings, system: string, user: string, fields: readonly string[]) {
  const json = wantsJson(p)
  const answer = await complete(io, p, { system: `${system}\n\n${formatInstruction(fields, json)}`, user, json })
  return json ? parseJsonFields(answer, fields) : parseXmlFields(answer, fields)
}

/** seo, excerpt, draft_outline, draft_post: one request; fields the action does not fill stay null. */
export async function runAction(
  io: ProviderIo,
  p: ProviderSettings,
  action: Exclude<Action, 'translate'>,
  content: string,
  prompt: string | undefined,
): Promise<GenerateResult> {
  const fields = ACTION_FIELDS[action]
  const parsed = await ask(io, p, prompt ?? BUILT_IN_PROMPTS[action], content, fields)
  const out = empty()
  for (const f of fields) out[f] = enforceLimit(f, parsed[f] ?? null)
  return out
}

export interface TranslateInput {
  locale: string
  fields: Partial<Record<TranslatableField, string>>
}

/** Validates translate input: a target locale and the JSON text of an object with at least one translatable string field. */
export function translatableInput(content: string, targetLocale: string | undefined): TranslateInput {
  if (!targetLocale) return validation('target_locale', 'is required for translate')
  let parsed: unknown
  try {
    parsed = JSON.parse(content)
  } catch {
    return validation('content', 'must be the JSON text of an object for translate')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return validation('content', 'must be the JSON text of an object for translate')
  const obj = parsed as Record<string, unknown>
  const fields: TranslateInput['fields'] = {}
  for (const f of TRANSLATABLE) {
    const v = obj[f]
    if (v === undefined || v === null || v === '') continue
    if (typeof v !== 'string') return validation(`content.${f}`, 'must be a string or null')
    fields[f] = v
  }
  if (Object.keys(fields).length === 0) return validation('content', `names none of ${TRANSLATABLE.join(', ')}`)
  return { locale: targetLocale, fields }
}

/**
 * Each field is translated on its own request (in parallel) with its own rules: meta title and description keep
 * their length limits (enforced on the answer too); the body keeps its Markdown, and its fenced code blocks never
 * reach the model (placeholders, restored afterwards). Fields absent from the input are null.
 */
export async function runTranslate(io: ProviderIo, p: ProviderSettings, input: TranslateInput, prompt: string | undefined): Promise<GenerateResult> {
  const out = empty()
  const entries = Object.entries(input.fields) as Array<[TranslatableField, string]>
  const translated = await Promise.all(
    entries.map(async ([field, value]) => {
      const { text, blocks } = field === 'body' ? protectCode(value) : { text: value, blocks: [] }
      const system = `${prompt ?? BUILT_IN_PROMPTS.translate}\nTarget language: ${input.locale}.\n${FIELD_RULES[field]}`
      const parsed = await ask(io, p, system, text, ['text'])
      const t = parsed.text ?? null
      return [field, t === null ? null : blocks.length > 0 ? restoreCode(t, blocks) : t] as const
    }),
  )
  for (const [field, value] of translated) out[field as OutputField] = enforceLimit(field, value)
  return out
}
