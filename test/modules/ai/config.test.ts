import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aiConfigs } from '../../../src/db/schema/ai.js'
import { auditLogs, changeHistory } from '../../../src/db/schema/audit.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, MISSING_ID, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'

const KEY = 'sk-proj-SECRETabcdef0123456789wxyz'
const KEY2 = 'sk-other-SECRET-987654321-lmno'
const logLines: string[] = []
let t: TestApp
let a: SiteFixture
let b: SiteFixture

const valid = (over: Record<string, unknown> = {}) => ({
  provider_name: 'OpenAI',
  base_url: 'https://api.openai.example/v1',
  model: 'gpt-4o-mini',
  api_key: KEY,
  ...over,
})

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  // Host names resolve to a public address here (no traffic is ever sent in this file).
  t = await testApp({ logger: { level: 'trace', stream }, lookup: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]) })
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('AI configuration CRUD', () => {
  it('404 before a configuration exists; PUT creates it with defaults and a masked key', async () => {
    expectProblem(await t.as(a.keys.Admin).get(`/sites/${a.id}/ai/config`), 404, 'NOT_FOUND')
    const saved = expectStatus<Record<string, unknown>>(await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, valid()), 200)
    expect(saved).toMatchObject({
      site_id: a.id,
      provider_name: 'OpenAI',
      base_url: 'https://api.openai.example/v1',
      provider_type: 'chat_completions',
      api_key_masked: 'sk-…wxyz',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      max_tokens: 1024,
      system_prompts: {},
    })
    expect(saved).not.toHaveProperty('api_key')
    expect(saved.updated_at).toMatch(/Z$/)
    const got = expectStatus(await t.as(a.keys.Admin).get(`/sites/${a.id}/ai/config`), 200)
    expect(got).toEqual(saved)
  })

  it('stores the key encrypted (no plaintext in the row) and never answers it', async () => {
    const [row] = await t.dbh.db.select().from(aiConfigs).where(eq(aiConfigs.site_id, a.id))
    expect(row!.api_key_encrypted).toMatch(/^v1\./)
    expect(JSON.stringify(row)).not.toContain(KEY)
    expect(JSON.stringify(row)).not.toContain('SECRETabcdef')
    expect(row!.api_key_key_id).toMatch(/^[0-9a-f]{16}$/)
    expect(t.deps.secrets.current.decrypt(row!.api_key_encrypted!, row!.api_key_key_id)).toBe(KEY)
    const res = await t.as(a.keys.Admin).get(`/sites/${a.id}/ai/config`)
    expect(res.body).not.toContain('SECRET')
  })

  it('PUT is an upsert: omitted api_key keeps the key, null removes it, a new one replaces it; other fields reset to defaults', async () => {
    const upd = expectStatus<Record<string, unknown>>(
      await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, {
        provider_name: 'OpenAI',
        base_url: 'https://api.openai.example/v1',
        model: 'gpt-4o',
        temperature: 1.5,
        max_tokens: 50,
        system_prompts: { seo: 'Be brief.' },
      }),
      200,
    )
    expect(upd).toMatchObject({ model: 'gpt-4o', temperature: 1.5, max_tokens: 50, system_prompts: { seo: 'Be brief.' }, api_key_masked: 'sk-…wxyz' })
    const again = expectStatus<Record<string, unknown>>(await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, valid({ api_key: KEY2 })), 200)
    expect(again).toMatchObject({ api_key_masked: 'sk-…lmno', temperature: 0.7, max_tokens: 1024, system_prompts: {} })
    expect(again.id).toBe(upd.id)
    const cleared = expectStatus<Record<string, unknown>>(await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, valid({ api_key: null })), 200)
    expect(cleared.api_key_masked).toBeNull()
    const [row] = await t.dbh.db.select().from(aiConfigs).where(eq(aiConfigs.site_id, a.id))
    expect(row!.api_key_encrypted).toBeNull()
    const short = expectStatus<Record<string, unknown>>(await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, valid({ api_key: 'abcdefghij' })), 200)
    expect(short.api_key_masked).toBe('…ij')
    const tiny = expectStatus<Record<string, unknown>>(await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, valid({ api_key: 'abc' })), 200)
    expect(tiny.api_key_masked).toBe('****')
  })

  it('audits Update on ai_config without the key in metadata or change history, and logs never carry it', async () => {
    await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, valid({ api_key: KEY }))
    const audits = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_type, 'ai_config'))
    expect(audits.length).toBeGreaterThanOrEqual(5)
    expect(audits.every((r) => r.action === 'Update' && r.site_id === a.id)).toBe(true)
    // named by its provider (decisions' record_label), so the log does not speak in ids
    expect(audits.every((r) => r.record_label === 'OpenAI')).toBe(true)
    expect(audits.map((r) => (r.metadata as { key_change: string }).key_change)).toEqual(expect.arrayContaining(['replaced', 'kept', 'removed']))
    const history = await t.dbh.db.select().from(changeHistory).where(eq(changeHistory.entity_type, 'ai_config'))
    expect(history.map((h) => h.field_name)).toEqual(expect.arrayContaining(['model', 'temperature']))
    const stored = JSON.stringify([audits, history])
    for (const secret of [KEY, KEY2, 'SECRET', 'sk-…', 'v1.', '"api_key_encrypted', '"api_key_masked', '"api_key"'])
      expect(stored, secret).not.toContain(secret)
    // The audit API answers the same rows.
    const res = await t.as(a.keys.Admin).get(`/sites/${a.id}/audit?entity_type=ai_config`)
    expect(res.body).not.toContain('SECRET')
    const logs = logLines.join('')
    expect(logs.length).toBeGreaterThan(100)
    expect(logs).not.toContain(KEY)
    expect(logs).not.toContain(KEY2)
    expect(logs).not.toContain('SECRETabcdef')
  })

  it('DELETE removes the configuration and its key (204, audited), then 404', async () => {
    await t.as(b.keys.Admin).put(`/sites/${b.id}/ai/config`, valid())
    expect((await t.as(b.keys.Admin).delete(`/sites/${b.id}/ai/config`)).statusCode).toBe(204)
    expect(await t.dbh.db.select().from(aiConfigs).where(eq(aiConfigs.site_id, b.id))).toHaveLength(0)
    expectProblem(await t.as(b.keys.Admin).get(`/sites/${b.id}/ai/config`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Admin).delete(`/sites/${b.id}/ai/config`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Admin).post(`/sites/${b.id}/ai/test`), 404, 'NOT_FOUND')
    const [del] = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.action, 'Delete'))
    expect(del).toMatchObject({ entity_type: 'ai_config', site_id: b.id, record_label: 'OpenAI' })
  })
})

describe('bounds: every field out of range is a 400 that changes nothing', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['provider_name', { provider_name: '' }],
    ['provider_name', { provider_name: 'x'.repeat(101) }],
    ['base_url', { base_url: '' }],
    ['base_url', { base_url: `https://example.com/${'a'.repeat(490)}` }],
    ['base_url', { base_url: 'ftp://example.com' }],
    ['base_url', { base_url: 'not a url' }],
    ['base_url', { base_url: 'https://user:pw@example.com/v1' }],
    ['api_key', { api_key: 'k'.repeat(501) }],
    ['api_key', { api_key: '' }],
    ['model', { model: '' }],
    ['model', { model: 'm'.repeat(201) }],
    ['temperature', { temperature: -0.1 }],
    ['temperature', { temperature: 2.01 }],
    ['temperature', { temperature: '1' }],
    ['max_tokens', { max_tokens: 0 }],
    ['max_tokens', { max_tokens: 1.5 }],
    ['system_prompts', { system_prompts: { summary: 'x' } }],
    ['system_prompts', { system_prompts: { seo: 5 } }],
    ['system_prompts', { system_prompts: 'x' }],
  ]
  it.each(cases)('%s %j', async (field, over) => {
    const s = await makeSite(t)
    const p = expectProblem(await t.as(s.keys.Admin).put(`/sites/${s.id}/ai/config`, valid(over)), 400, 'VALIDATION_FAILED')
    expect(JSON.stringify(p)).toContain(field)
    expect(await t.dbh.db.select().from(aiConfigs).where(eq(aiConfigs.site_id, s.id))).toHaveLength(0)
  })

  it('missing required fields are 400; boundary values are accepted', async () => {
    const s = await makeSite(t)
    for (const f of ['provider_name', 'base_url', 'model']) {
      const body: Record<string, unknown> = valid()
      delete body[f]
      expectProblem(await t.as(s.keys.Admin).put(`/sites/${s.id}/ai/config`, body), 400, 'VALIDATION_FAILED')
    }
    const edge = valid({
      provider_name: 'p'.repeat(100),
      model: 'm'.repeat(200),
      api_key: 'k'.repeat(500),
      temperature: 2,
      max_tokens: 1,
      base_url: `https://example.com/${'a'.repeat(480)}`,
    })
    expect(edge.base_url.length).toBe(500)
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/ai/config`, edge), 200)
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/ai/config`, valid({ temperature: 0 })), 200)
  })
})

describe('access', () => {
  it('config endpoints need Admin; other sites are 404', async () => {
    for (const key of [a.keys.Read, a.keys.Write]) {
      expectProblem(await t.as(key).get(`/sites/${a.id}/ai/config`), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).put(`/sites/${a.id}/ai/config`, valid()), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).delete(`/sites/${a.id}/ai/config`), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).post(`/sites/${a.id}/ai/test`), 403, 'FORBIDDEN')
      expectProblem(await t.as(key).post(`/sites/${a.id}/ai/models`, { provider_name: 'x', base_url: 'https://x.example' }), 403, 'FORBIDDEN')
    }
    expectProblem(await t.as(b.keys.Admin).get(`/sites/${a.id}/ai/config`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Admin).put(`/sites/${a.id}/ai/config`, valid()), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/sites/${MISSING_ID}/ai/config`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/sites/${a.id}/ai/config`), 401, 'UNAUTHENTICATED')
    expectStatus(await t.as(a.keys.Master).get(`/sites/${a.id}/ai/config`), 200)
  })
})
