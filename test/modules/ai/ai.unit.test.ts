import { describe, expect, it } from 'vitest'
import { detectProvider, endpoints } from '../../../src/modules/ai/detect.rules.js'
import { clampWords, parseJsonFields, parseXmlFields, protectCode, restoreCode } from '../../../src/modules/ai/output.rules.js'
import { maskKey } from '../../../src/modules/ai/service.js'
import { isAlwaysRefusedAddress, isRefusedAddress } from '../../../src/platform/webhook-target.js'

describe('provider detection, in the spec order', () => {
  it.each([
    ['Anthropic', 'https://api.anthropic.com', 'messages'],
    ['My provider', 'https://api.anthropic.com/v1', 'messages'],
    ['claude via proxy', 'https://proxy.example.com/v1', 'messages'],
    ['Claude', 'http://localhost:11434', 'messages'], // the Messages check comes first
    ['Ollama', 'https://gpu.example.com', 'local_runtime'],
    ['runtime', 'http://10.0.0.2:11434', 'local_runtime'],
    ['runtime', 'http://localhost:11434/v1', 'local_runtime'],
    ['LM Studio', 'http://localhost:1234/v1', 'local'],
    ['x', 'http://127.0.0.1:8080/v1', 'local'],
    ['x', 'http://0.0.0.0:8080', 'local'],
    ['OpenAI', 'https://api.openai.com/v1', 'chat_completions'],
    ['Groq', 'https://api.groq.com/openai/v1', 'chat_completions'],
    ['x', 'https://notanthropic.com.evil.example/v1', 'chat_completions'],
  ])('%s %s → %s', (name, url, type) => expect(detectProvider(name, url)).toBe(type))

  it('endpoint paths', () => {
    expect(endpoints.chat('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/chat/completions')
    expect(endpoints.chat('https://x.example/v1/chat/completions')).toBe('https://x.example/v1/chat/completions')
    expect(endpoints.chatModels('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/models')
    expect(endpoints.messages('https://api.anthropic.com')).toBe('https://api.anthropic.com/v1/messages')
    expect(endpoints.messages('https://api.anthropic.com/v1/')).toBe('https://api.anthropic.com/v1/messages')
    expect(endpoints.runtimeRoot('http://localhost:11434/v1')).toBe('http://localhost:11434')
    expect(endpoints.runtimeRoot('http://localhost:11434/api')).toBe('http://localhost:11434')
  })
})

describe('answers', () => {
  it('JSON answers: fenced, surrounded by text, outline lists', () => {
    expect(parseJsonFields('```json\n{"meta_title": " T ", "meta_description": "D"}\n```', ['meta_title', 'meta_description'])).toEqual({
      meta_title: 'T',
      meta_description: 'D',
    })
    expect(parseJsonFields('{"outline": ["A", "B"], "title": "x"}', ['title', 'outline'])).toEqual({ title: 'x', outline: '- A\n- B' })
    expect(() => parseJsonFields('{"a": 1', ['a'])).toThrow()
    expect(() => parseJsonFields('{"other": "x"}', ['a'])).toThrow()
  })

  it('XML answers: tags, CDATA, entities, Markdown inside', () => {
    const text = 'Sure!\n<title>Tea &amp; cake</title>\n<body><![CDATA[# H\n\n<b>x</b> & y]]></body>'
    expect(parseXmlFields(text, ['title', 'body', 'subtitle'])).toEqual({ title: 'Tea & cake', body: '# H\n\n<b>x</b> & y', subtitle: null })
    expect(() => parseXmlFields('nothing', ['title'])).toThrow()
  })

  it('clamps at a word boundary', () => {
    expect(clampWords('short', 60)).toBe('short')
    const s = clampWords('one two three four five six seven eight nine ten eleven twelve thirteen', 60)
    expect(s.length).toBeLessThanOrEqual(60)
    expect(s).toBe('one two three four five six seven eight nine ten eleven')
    expect(clampWords('x'.repeat(100), 60)).toHaveLength(60)
  })

  it('code blocks are protected and restored (appended if the model dropped a token)', () => {
    const md = 'Intro\n\n```sh\nrm -rf /tmp/x\n```\n\nMiddle\n\n~~~\nb\n~~~\nEnd'
    const { text, blocks } = protectCode(md)
    expect(blocks).toHaveLength(2)
    expect(text).not.toContain('rm -rf')
    expect(restoreCode(text, blocks)).toBe(md)
    expect(restoreCode('Only @@CODE1@@', blocks)).toBe('Only ~~~\nb\n~~~\n\n```sh\nrm -rf /tmp/x\n```')
  })

  it('masks keys', () => {
    expect(maskKey('sk-abcdefghijklmnop-wxyz')).toBe('sk-…wxyz')
    expect(maskKey('abcdefghij')).toBe('…ij')
    expect(maskKey('abc')).toBe('****')
  })
})

describe('target address rules', () => {
  it('link-local and metadata are always refused; loopback and private only without the flag', () => {
    for (const ip of ['169.254.169.254', '169.254.0.1', 'fe80::1', 'fd00:ec2::254', '::ffff:169.254.169.254', '100.100.100.200']) {
      expect(isAlwaysRefusedAddress(ip), ip).toBe(true)
      expect(isRefusedAddress(ip), ip).toBe(true)
    }
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1']) {
      expect(isAlwaysRefusedAddress(ip), ip).toBe(false)
      expect(isRefusedAddress(ip), ip).toBe(true)
    }
  })
})
