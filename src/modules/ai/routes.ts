import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { optionalBody } from '../../http/body.js'
import { Body, NoContent, SiteParams } from '../../http/schemas.js'
import { AiConfig, AiTestResult, GenerateBody, GenerateResult, ModelList, ModelsBody, PutAiConfigBody } from './schemas.js'
import * as ai from './service.js'

const targets =
  '`base_url` must be an http(s) URL without credentials; it is resolved and refused (400 on base_url) when it reaches a loopback or private ' +
  'address unless `ATRIUM_ALLOW_PRIVATE_AI_TARGETS=true` (needed for a local model runtime), and always when it reaches a link-local or cloud ' +
  'metadata address. Each provider request checks it again after DNS resolution, connects to the checked address and follows no redirect.'
const detection =
  'Provider detection, in this order: host anthropic.com (or a subdomain) or a name containing "anthropic" or "claude" → Messages API ' +
  '(`POST {root}/v1/messages`, `x-api-key`, `anthropic-version: 2023-06-01`); port 11434 or a name containing "ollama" → local model runtime ' +
  '(its native `POST {root}/api/chat` with `format: "json"`; a trailing /v1 or /api of the base is dropped); host localhost, 127.0.0.1, 0.0.0.0 ' +
  'or [::1] → local provider (Chat Completions, JSON mode off, the model answers in XML tags); anything else → Chat Completions ' +
  '(`POST {base_url}/chat/completions` relative to the base as given, usually ending in /v1; `Authorization: Bearer`; ' +
  '`response_format: {type: "json_object"}`). The detected format is answered as `provider_type`.'

const route = operations('AI', {
  getAiConfig: [
    'Get the AI configuration',
    'The configuration with the key masked (`api_key_masked`: first 3 and last 4 characters, e.g. `sk-…wxyz`); the key itself is never returned.',
  ],
  putAiConfig: [
    'Save the AI configuration',
    'Upsert (audited as Update on ai_config; the key never appears in audit metadata or change history, not even masked or encrypted). ' +
      'Omitted optional fields take their defaults (temperature 0.7, max_tokens 1024, system_prompts {}), except `api_key`: omitted keeps the ' +
      'stored key, null removes it, a string replaces it. The key is stored AES-256-GCM encrypted. ' +
      '`system_prompts` replaces the built-in task instruction per action; Atrium always appends its output-format instruction. ' +
      `${targets} ${detection}`,
  ],
  deleteAiConfig: ['Delete the AI configuration', 'Removes the configuration and its encrypted key (audited as Delete on ai_config).'],
  testAiConfig: [
    'Test the AI configuration',
    'Sends one small request with the saved configuration. Always 200: `success` false with the reason when the provider fails; 404 when there is no configuration.',
  ],
  generateAiContent: [
    'Generate content with AI',
    'Requires the site setting `ai_enabled` (403 AI_MODULE_DISABLED) and a configuration (400 AI_NOT_CONFIGURED). The answer always has the seven ' +
      'keys; those the action does not fill are null. translate: `content` is the JSON text of an object with any of title, subtitle, excerpt, body, ' +
      'meta_title, meta_description (not JSON, or none of them: 400) and `target_locale` is required (400); each field is translated by its own ' +
      'request, meta_title is kept to 60 and meta_description to 160 characters (trimmed at a word boundary if the model overshoots, for every ' +
      'action), body keeps its Markdown and its fenced code blocks are never sent to the model. Provider 429 → 429 PROVIDER_RATE_LIMITED with ' +
      "`Retry-After` (the provider's, else 30 s); timeout (`ATRIUM_AI_TIMEOUT_MS`, default 60 s), connection failure, non-2xx or an unreadable " +
      "answer → 502 PROVIDER_ERROR (the provider's body is never echoed). Audited as Create on ai_generation with the action, never the content; " +
      'the entry is named by what was made ("Excerpt", "Translation into de").',
  ],
  listAiModels: [
    "List a provider's models",
    `Lists the provider's models for a configuration being written: the local runtime's /api/tags, then /v1/models; {base}/models for Chat Completions and local providers; a fixed list for the Messages vendor. ${targets}`,
  ],
})

export const aiRoutes: AppPlugin = async (app) => {
  app.get('/sites/:site_id/ai/config', route('getAiConfig', { access: site('Admin'), params: SiteParams, response: { 200: AiConfig } }), (req) =>
    ai.getConfig(req.ctx, req.params.site_id),
  )

  app.put(
    '/sites/:site_id/ai/config',
    route('putAiConfig', { access: site('Admin'), params: SiteParams, body: PutAiConfigBody, response: { 200: AiConfig } }),
    (req) => ai.putConfig(req.ctx, req.params.site_id, req.body),
  )

  app.delete(
    '/sites/:site_id/ai/config',
    route('deleteAiConfig', { access: site('Admin'), params: SiteParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await ai.deleteConfig(req.ctx, req.params.site_id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/sites/:site_id/ai/test',
    route('testAiConfig', { access: site('Admin'), params: SiteParams, body: Body({}), response: { 200: AiTestResult }, preValidation: optionalBody }),
    (req) => ai.test(req.ctx, req.params.site_id),
  )

  app.post(
    '/sites/:site_id/ai/generate',
    route('generateAiContent', { access: site('Author'), params: SiteParams, body: GenerateBody, response: { 200: GenerateResult } }),
    (req) => ai.generate(req.ctx, req.params.site_id, req.body),
  )

  app.post(
    '/sites/:site_id/ai/models',
    route('listAiModels', { access: site('Admin'), params: SiteParams, body: ModelsBody, response: { 200: ModelList } }),
    (req) => ai.models(req.ctx, req.params.site_id, req.body),
  )
}
