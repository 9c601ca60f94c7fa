import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import type { HostLookup } from '../../../src/platform/webhook-target.js'
import { BUILT_IN_PROMPTS } from '../../../src/modules/ai/prompts.rules.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { startProvider, type StandInProvider } from '../../servers/ai-provider.js'

const KEY = 'sk-live-TOPSECRET-0123456789abcd'
const KEYS = ['meta_title', 'meta_description', 'excerpt', 'title', 'subtitle', 'body', 'outline']
let t: TestApp
let p: StandInProvider
let s: SiteFixture

/** Test host names map to 127.0.0.1; nothing else is ever resolved (no other address receives traffic). */
const lookup: HostLookup = (host) => {
  if (host === 'chat.provider.test' || host === 'localhost') return Promise.resolve([{ address: '127.0.0.1', family: 4 }])
  if (host === 'metadata.provider.test') return Promise.resolve([{ address: '169.254.169.254', family: 4 }])
  return Promise.reject(new Error(`unexpected lookup of ${host}`))
}

const configs = () => ({
  messages: { provider_name: 'Anthropic', base_url: p.url, api_key: KEY, model: 'claude-test', temperature: 0.3, max_tokens: 777 },
  runtime: { provider_name: 'Ollama', base_url: `${p.url}/v1`, api_key: null, model: 'llama3.2', temperature: 0.2, max_tokens: 300 },
  local: { provider_name: 'LM Studio', base_url: `http://localhost:${p.port}/v1`, api_key: null, model: 'local-model', max_tokens: 100 },
  chat: { provider_name: 'OpenAI', base_url: `http://chat.provider.test:${p.port}/v1`, api_key: KEY, model: 'gpt-test', temperature: 1.1, max_tokens: 512 },
})
type Kind = keyof ReturnType<typeof configs>

async function configure(kind: Kind, extra: Record<string, unknown> = {}) {
  expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/ai/config`, { ...configs()[kind], ...extra }), 200)
  p.requests.length = 0
}
const gen = (body: Record<string, unknown>, key = s.keys.Write) => t.as(key).post(`/sites/${s.id}/ai/generate`, body)

beforeAll(async () => {
  p = await startProvider()
  t = await testApp({ env: { ATRIUM_ALLOW_PRIVATE_AI_TARGETS: 'true', ATRIUM_AI_TIMEOUT_MS: '400' }, lookup })
  s = await makeSite(t)
  await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { ai_enabled: true })
})
afterAll(async () => {
  await t.close()
  await p.close()
})
beforeEach(() => {
  p.mode = 'ok'
  p.reply = undefined
  p.requests.length = 0
})

describe('wire formats: what Atrium sends', () => {
  it('Messages API: /v1/messages, x-api-key, anthropic-version, model, temperature, max_tokens, system', async () => {
    await configure('messages')
    const out = expectStatus(await gen({ action: 'seo', content: 'A post about tea.' }), 200)
    expect(out).toEqual({
      meta_title: 'meta_title sample',
      meta_description: 'meta_description sample',
      excerpt: null,
      title: null,
      subtitle: null,
      body: null,
      outline: null,
    })
    const [r] = p.requests
    expect(p.requests).toHaveLength(1)
    expect(r).toMatchObject({ method: 'POST', path: '/v1/messages' })
    expect(r!.headers['x-api-key']).toBe(KEY)
    expect(r!.headers['anthropic-version']).toBe('2023-06-01')
    expect(r!.headers.authorization).toBeUndefined()
    expect(r!.body).toMatchObject({ model: 'claude-test', temperature: 0.3, max_tokens: 777, messages: [{ role: 'user', content: 'A post about tea.' }] })
    expect(r!.system.startsWith(BUILT_IN_PROMPTS.seo)).toBe(true)
    expect(r!.system).toContain('JSON object')
  })

  it('Chat Completions on a non-local host name: {base}/chat/completions, Bearer, JSON mode on', async () => {
    await configure('chat')
    expectStatus(await gen({ action: 'excerpt', content: 'Body text' }), 200)
    const [r] = p.requests
    expect(r).toMatchObject({ method: 'POST', path: '/v1/chat/completions' })
    expect(r!.headers.host).toBe(`chat.provider.test:${p.port}`)
    expect(r!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(r!.body).toMatchObject({ model: 'gpt-test', temperature: 1.1, max_tokens: 512, response_format: { type: 'json_object' } })
    expect((r!.body!.messages as Array<{ role: string }>).map((m) => m.role)).toEqual(['system', 'user'])
    expect(r!.system.startsWith(BUILT_IN_PROMPTS.excerpt)).toBe(true)
  })

  it('local provider (localhost): Chat Completions, JSON mode off, XML answer parsed', async () => {
    await configure('local')
    const out = expectStatus(await gen({ action: 'draft_outline', content: 'Tea ceremonies' }), 200)
    expect(out).toEqual({
      meta_title: null,
      meta_description: null,
      excerpt: null,
      title: 'title sample',
      subtitle: 'subtitle sample',
      body: null,
      outline: '- Intro\n- Details\n- Wrap-up',
    })
    const [r] = p.requests
    expect(r).toMatchObject({ path: '/v1/chat/completions' })
    expect(r!.body).not.toHaveProperty('response_format')
    expect(r!.headers.authorization).toBeUndefined()
    expect(r!.system).toContain('<title>...</title>')
    expect(r!.system).not.toContain('JSON')
  })

  it('local model runtime: native /api/chat with format json and options', async () => {
    await configure('runtime')
    expectStatus(await gen({ action: 'draft_post', content: 'Title: Tea\n- intro' }), 200)
    const [r] = p.requests
    expect(r).toMatchObject({ path: '/api/chat' })
    expect(r!.body).toMatchObject({ model: 'llama3.2', stream: false, format: 'json', options: { temperature: 0.2, num_predict: 300 } })
  })

  it('an overridden system prompt replaces the built-in one for its action only', async () => {
    await configure('chat', { system_prompts: { seo: 'CUSTOM SEO PROMPT' } })
    await gen({ action: 'seo', content: 'x' })
    await gen({ action: 'excerpt', content: 'x' })
    expect(p.requests[0]!.system.startsWith('CUSTOM SEO PROMPT')).toBe(true)
    expect(p.requests[0]!.system).not.toContain(BUILT_IN_PROMPTS.seo)
    expect(p.requests[1]!.system.startsWith(BUILT_IN_PROMPTS.excerpt)).toBe(true)
  })
})

describe('actions', () => {
  beforeAll(() => configure('chat'))

  it.each([
    ['seo', ['meta_title', 'meta_description']],
    ['excerpt', ['excerpt']],
    ['draft_outline', ['title', 'subtitle', 'outline']],
    ['draft_post', ['body', 'excerpt', 'meta_title', 'meta_description']],
  ])('%s fills exactly %j, the other keys are null', async (action, filled) => {
    const out = expectStatus<Record<string, unknown>>(await gen({ action, content: 'Some content' }), 200)
    expect(Object.keys(out).sort()).toEqual([...KEYS].sort())
    for (const k of KEYS) expect(out[k] !== null, k).toBe(filled.includes(k))
  })

  it('meta title and description longer than their limits are trimmed at a word boundary', async () => {
    p.reply = () => JSON.stringify({ meta_title: 'word '.repeat(20).trim(), meta_description: 'longer '.repeat(40).trim() })
    const out = expectStatus<Record<string, string>>(await gen({ action: 'seo', content: 'x' }), 200)
    expect(out.meta_title!.length).toBeLessThanOrEqual(60)
    expect(out.meta_title).toMatch(/^(word )+word$/)
    expect(out.meta_description!.length).toBeLessThanOrEqual(160)
    expect(out.meta_description).toMatch(/longer$/)
  })

  it('audits Create on ai_generation with the action, never the content or the key', async () => {
    await gen({ action: 'excerpt', content: 'PRIVATE-DRAFT-CONTENT' })
    const rows = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'ai_generation'))
    const last = rows.find((r) => (r.metadata as { action: string }).action === 'excerpt')
    expect(last).toMatchObject({ action: 'Create', site_id: s.id, record_label: 'Excerpt' })
    const all = JSON.stringify(rows)
    expect(all).not.toContain('PRIVATE-DRAFT-CONTENT')
    expect(all).not.toContain('TOPSECRET')
    expect(all).not.toContain('excerpt sample')
  })
})

describe('translate', () => {
  beforeAll(() => configure('chat'))

  it('translates each field by its own request; absent fields are null; Markdown and meta title length kept', async () => {
    const body = '# Heading\n\nSome *text* with a [link](https://example.com/a).\n\n```js\nconst x = "do not translate"\n```\n\nEnd.'
    const metaTitle = 'A meta title that is exactly fifty-five characters long'
    const content = JSON.stringify({ title: 'Hello', body, meta_title: metaTitle, excerpt: null })
    const out = expectStatus<Record<string, string | null>>(await gen({ action: 'translate', content, target_locale: 'de' }), 200)
    expect(p.requests).toHaveLength(3)
    expect(out.title).toBe('[de] Hello')
    expect(out.subtitle).toBeNull()
    expect(out.excerpt).toBeNull()
    expect(out.meta_description).toBeNull()
    expect(out.outline).toBeNull()
    expect(out.body).toContain('# Heading')
    expect(out.body).toContain('[link](https://example.com/a)')
    expect(out.body).toContain('```js\nconst x = "do not translate"\n```')
    expect(out.meta_title!.length).toBeLessThanOrEqual(60)
    expect(out.meta_title!.startsWith('[de] A meta title')).toBe(true)
    const bodyReq = p.requests.find((r) => r.user.includes('# Heading'))!
    expect(bodyReq.user).not.toContain('do not translate')
    expect(bodyReq.system).toContain('Markdown')
    expect(bodyReq.system).toContain('Target language: de.')
    const metaReq = p.requests.find((r) => r.user === metaTitle)!
    expect(metaReq.system).toContain('at most 60 characters')
    // Audited under what it made and the language, never the content.
    const rows = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'ai_generation'))
    expect(rows.filter((r) => (r.metadata as { action: string }).action === 'translate').map((r) => r.record_label)).toEqual(['Translation into de'])
  })

  it('400 without target_locale, with content that is not a JSON object, or with no translatable field', async () => {
    const p1 = expectProblem(await gen({ action: 'translate', content: '{"title":"x"}' }), 400, 'VALIDATION_FAILED')
    expect(p1.errors?.[0]?.field).toBe('target_locale')
    expectProblem(await gen({ action: 'translate', content: 'not json', target_locale: 'de' }), 400, 'VALIDATION_FAILED')
    expectProblem(await gen({ action: 'translate', content: '[1,2]', target_locale: 'de' }), 400, 'VALIDATION_FAILED')
    expectProblem(await gen({ action: 'translate', content: '{"other":"x"}', target_locale: 'de' }), 400, 'VALIDATION_FAILED')
    expectProblem(await gen({ action: 'translate', content: '{"title":5}', target_locale: 'de' }), 400, 'VALIDATION_FAILED')
    expect(p.requests).toHaveLength(0)
  })
})

describe('bad input and site state', () => {
  it('content bounds, unknown action: 400 before any provider request', async () => {
    await configure('chat')
    expectProblem(await gen({ action: 'seo', content: 'x'.repeat(50_001) }), 400, 'VALIDATION_FAILED')
    expectStatus(await gen({ action: 'seo', content: 'x'.repeat(50_000) }), 200)
    p.requests.length = 0
    expectProblem(await gen({ action: 'seo', content: '' }), 400, 'VALIDATION_FAILED')
    expectProblem(await gen({ action: 'summarise', content: 'x' }), 400, 'VALIDATION_FAILED')
    expectProblem(await gen({ content: 'x' }), 400, 'VALIDATION_FAILED')
    expect(p.requests).toHaveLength(0)
  })

  it('403 AI_MODULE_DISABLED when ai_enabled is false; 400 AI_NOT_CONFIGURED without a configuration', async () => {
    const off = await makeSite(t)
    expectProblem(await t.as(off.keys.Write).post(`/sites/${off.id}/ai/generate`, { action: 'seo', content: 'x' }), 403, 'AI_MODULE_DISABLED')
    await t.as(off.keys.Admin).put(`/sites/${off.id}/settings`, { ai_enabled: true })
    expectProblem(await t.as(off.keys.Write).post(`/sites/${off.id}/ai/generate`, { action: 'seo', content: 'x' }), 400, 'AI_NOT_CONFIGURED')
  })

  it('permissions: Write (Author) and above generate, Read cannot; another site is 404', async () => {
    await configure('chat')
    expectStatus(await gen({ action: 'excerpt', content: 'x' }, s.keys.Write), 200)
    expectStatus(await gen({ action: 'excerpt', content: 'x' }, s.keys.Admin), 200)
    expectProblem(await gen({ action: 'excerpt', content: 'x' }, s.keys.Read), 403, 'FORBIDDEN')
    const other = await makeSite(t)
    expectProblem(await gen({ action: 'excerpt', content: 'x' }, other.keys.Write), 404, 'NOT_FOUND')
  })
})

describe('provider failures: 429 or 502, never a 500', () => {
  beforeAll(() => configure('chat'))

  it("429 PROVIDER_RATE_LIMITED with the provider's Retry-After, else a default", async () => {
    p.mode = 'rate_limit'
    const res = await gen({ action: 'seo', content: 'x' })
    expectProblem(res, 429, 'PROVIDER_RATE_LIMITED')
    expect(res.headers['retry-after']).toBe('17')
    p.mode = 'rate_limit_no_header'
    const res2 = await gen({ action: 'seo', content: 'x' })
    expectProblem(res2, 429, 'PROVIDER_RATE_LIMITED')
    expect(res2.headers['retry-after']).toBe('30')
  })

  it.each([
    ['error500', /HTTP 500/],
    ['garbage', /not valid JSON/],
    ['hang', /in time/],
    ['redirect', /redirect/],
  ] as const)('%s → 502 PROVIDER_ERROR without the provider body', async (mode, detail) => {
    p.mode = mode
    const res = await gen({ action: 'seo', content: 'x' })
    const problem = expectProblem(res, 502, 'PROVIDER_ERROR')
    expect(problem.detail).toMatch(detail)
    expect(res.body).not.toContain('TOPSECRET')
    expect(res.body).not.toContain('internal failure')
  })

  it('a model answer without the requested fields is a 502', async () => {
    p.reply = () => 'I cannot help with that.'
    expectProblem(await gen({ action: 'seo', content: 'x' }), 502, 'PROVIDER_ERROR')
    p.reply = () => JSON.stringify({ unrelated: 'x' })
    expectProblem(await gen({ action: 'seo', content: 'x' }), 502, 'PROVIDER_ERROR')
  })

  it('a generation that failed is not audited', async () => {
    const before = (await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'ai_generation'))).length
    p.mode = 'error500'
    await gen({ action: 'seo', content: 'x' })
    expect(await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'ai_generation'))).toHaveLength(before)
  })
})

describe('POST /ai/test', () => {
  it('200 success true when the provider answers, 200 success false when it fails', async () => {
    for (const kind of ['chat', 'messages', 'local', 'runtime'] as const) {
      await configure(kind)
      const ok = expectStatus<{ success: boolean; message: string }>(await t.as(s.keys.Admin).post(`/sites/${s.id}/ai/test`), 200)
      expect(ok.success, `${kind}: ${ok.message}`).toBe(true)
    }
    await configure('chat')
    for (const mode of ['error500', 'rate_limit', 'garbage', 'hang'] as const) {
      p.mode = mode
      const bad = expectStatus<{ success: boolean; message: string }>(await t.as(s.keys.Admin).post(`/sites/${s.id}/ai/test`, {}), 200)
      expect(bad.success, mode).toBe(false)
      expect(bad.message.length).toBeGreaterThan(0)
      expect(bad.message).not.toContain('TOPSECRET')
    }
  })
})

describe('POST /ai/models', () => {
  const models = (body: Record<string, unknown>) => t.as(s.keys.Admin).post(`/sites/${s.id}/ai/models`, body)

  it('local runtime: /api/tags, then /v1/models as a fallback', async () => {
    expect(expectStatus(await models({ provider_name: 'Ollama', base_url: p.url }), 200)).toEqual({ models: ['llama3.2:latest', 'qwen2.5:7b'] })
    expect(p.requests.map((r) => r.path)).toEqual(['/api/tags'])
    p.requests.length = 0
    p.mode = 'no_tags'
    expect(expectStatus(await models({ provider_name: 'ollama local', base_url: `${p.url}/v1` }), 200)).toEqual({ models: ['model-a', 'model-b'] })
    expect(p.requests.map((r) => r.path)).toEqual(['/api/tags', '/v1/models'])
  })

  it('Chat Completions and local providers: {base}/models with the key; Messages vendor: a fixed list, no request', async () => {
    expect(expectStatus(await models({ provider_name: 'OpenAI', base_url: `http://chat.provider.test:${p.port}/v1`, api_key: KEY }), 200)).toEqual({
      models: ['model-a', 'model-b'],
    })
    expect(p.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' })
    expect(p.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(expectStatus(await models({ provider_name: 'LM Studio', base_url: `http://localhost:${p.port}/v1` }), 200)).toEqual({
      models: ['model-a', 'model-b'],
    })
    p.requests.length = 0
    const fixed = expectStatus<{ models: string[] }>(await models({ provider_name: 'Claude', base_url: p.url, api_key: KEY }), 200)
    expect(fixed.models.length).toBeGreaterThan(2)
    expect(fixed.models.every((m) => m.startsWith('claude-'))).toBe(true)
    expect(p.requests).toHaveLength(0)
  })

  it('provider failures are 502/429; bad bodies 400', async () => {
    p.mode = 'error500'
    expectProblem(await models({ provider_name: 'OpenAI', base_url: `http://chat.provider.test:${p.port}/v1` }), 502, 'PROVIDER_ERROR')
    p.mode = 'rate_limit'
    expectProblem(await models({ provider_name: 'OpenAI', base_url: `http://chat.provider.test:${p.port}/v1` }), 429, 'PROVIDER_RATE_LIMITED')
    expectProblem(await models({ provider_name: 'OpenAI' }), 400, 'VALIDATION_FAILED')
    expectProblem(await models({ provider_name: '', base_url: p.url }), 400, 'VALIDATION_FAILED')
    expectProblem(await models({ provider_name: 'x', base_url: p.url, api_key: 'k'.repeat(501) }), 400, 'VALIDATION_FAILED')
  })

  it('link-local and metadata targets are refused even with ATRIUM_ALLOW_PRIVATE_AI_TARGETS=true', async () => {
    for (const base_url of ['http://169.254.169.254/v1', 'http://metadata.provider.test/v1', 'http://[fe80::1]/v1', 'http://[fd00:ec2::254]/v1']) {
      const pr = expectProblem(await models({ provider_name: 'OpenAI', base_url }), 400, 'VALIDATION_FAILED')
      expect(pr.errors?.[0]?.field, base_url).toBe('base_url')
      expectProblem(await t.as(s.keys.Admin).put(`/sites/${s.id}/ai/config`, { provider_name: 'OpenAI', base_url, model: 'm' }), 400, 'VALIDATION_FAILED')
    }
    expect(p.requests).toHaveLength(0)
  })
})

describe('private targets without ATRIUM_ALLOW_PRIVATE_AI_TARGETS', () => {
  let t2: TestApp
  let s2: SiteFixture
  beforeAll(async () => {
    t2 = await testApp({ lookup })
    s2 = await makeSite(t2)
  })
  afterAll(() => t2.close())

  it('loopback and private base URLs are refused with 400 at PUT and /ai/models; nothing is sent', async () => {
    for (const base_url of [
      p.url,
      `http://localhost:${p.port}/v1`,
      `http://chat.provider.test:${p.port}/v1`,
      'http://10.0.0.5:11434',
      'http://[::1]:8080/v1',
      'http://169.254.169.254/',
    ]) {
      const a = expectProblem(
        await t2.as(s2.keys.Admin).put(`/sites/${s2.id}/ai/config`, { provider_name: 'Ollama', base_url, model: 'm' }),
        400,
        'VALIDATION_FAILED',
      )
      expect(a.errors?.[0]?.field).toBe('base_url')
      expectProblem(await t2.as(s2.keys.Admin).post(`/sites/${s2.id}/ai/models`, { provider_name: 'Ollama', base_url }), 400, 'VALIDATION_FAILED')
    }
    expect(p.requests).toHaveLength(0)
  })
})
