import { describe, expect, it } from 'vitest'
import { aiFormSchema, detectFormat, formValuesOf, PRESETS, putBodyOf } from './presets'

describe('AI presets and format detection', () => {
  it('each preset selects its own format', () => {
    for (const p of PRESETS) expect(detectFormat(p.provider_name, p.base_url)).toBe(p.id)
  })
  it('follows the spec’s order: Messages vendor, local runtime, local host, else Chat Completions', () => {
    expect(detectFormat('My Claude', 'http://127.0.0.1:9000')).toBe('messages')
    expect(detectFormat('x', 'https://eu.api.anthropic.com/v1')).toBe('messages')
    expect(detectFormat('x', 'http://10.0.0.5:11434')).toBe('local_runtime')
    expect(detectFormat('ollama box', 'http://10.0.0.5:8000')).toBe('local_runtime')
    expect(detectFormat('x', 'http://[::1]:8000/v1')).toBe('local')
    expect(detectFormat('Groq', 'https://api.groq.com/openai/v1')).toBe('chat_completions')
    expect(detectFormat('x', 'not a url')).toBe('chat_completions')
  })
  it('the body keeps the stored key unless a new one is typed or removal asked; empty prompts are left out', () => {
    const v = { ...formValuesOf(undefined), system_prompts: { seo: 'Be brief.', excerpt: ' ', translate: '', draft_outline: '', draft_post: '' } }
    expect(putBodyOf(v)).not.toHaveProperty('api_key')
    expect(putBodyOf(v).system_prompts).toEqual({ seo: 'Be brief.' })
    expect(putBodyOf({ ...v, api_key: 'sk-new' }).api_key).toBe('sk-new')
    expect(putBodyOf({ ...v, api_key: 'sk-new' }, true).api_key).toBeNull()
  })
  it('the schema mirrors the API’s bounds', () => {
    const ok = formValuesOf(undefined)
    expect(aiFormSchema.safeParse(ok).success).toBe(true)
    expect(aiFormSchema.safeParse({ ...ok, temperature: 2.5 }).success).toBe(false)
    expect(aiFormSchema.safeParse({ ...ok, base_url: 'ftp://x' }).success).toBe(false)
    expect(aiFormSchema.safeParse({ ...ok, max_tokens: 0 }).success).toBe(false)
  })
})
