import { MAX_LENGTH, type OutputField } from './prompts.rules.js'

/** The model's answer could not be read as the requested fields (a provider fault: 502). */
export class UnreadableAnswer extends Error {}

function asText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim()
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  // An outline answered as a list of lines or sections.
  if (Array.isArray(v)) {
    const lines = v
      .map((x) =>
        typeof x === 'string'
          ? x
          : x && typeof x === 'object'
            ? Object.values(x as object)
                .filter((y) => typeof y === 'string')
                .join(': ')
            : '',
      )
      .filter(Boolean)
    return lines.length > 0 ? lines.map((l) => (/^\s*([-*]|\d+\.)\s/.test(l) ? l : `- ${l}`)).join('\n') : null
  }
  return null
}

/** Reads a JSON object answer (tolerating a code fence or text around it). */
export function parseJsonFields(text: string, fields: readonly string[]): Record<string, string | null> {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end < start) throw new UnreadableAnswer('the model did not answer with a JSON object')
  let obj: unknown
  try {
    obj = JSON.parse(text.slice(start, end + 1))
  } catch {
    throw new UnreadableAnswer('the model answered malformed JSON')
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new UnreadableAnswer('the model did not answer with a JSON object')
  const rec = obj as Record<string, unknown>
  return pick(fields, (f) => asText(rec[f]))
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'", '&#39;': "'" }

/**
 * Reads an answer of XML tags (local providers, JSON mode off). Extracted by tag rather than with an XML parser
 * on purpose: the content is Markdown, which is rarely well-formed XML (`<`, `&`, HTML fragments).
 */
export function parseXmlFields(text: string, fields: readonly string[]): Record<string, string | null> {
  return pick(fields, (f) => {
    const m = new RegExp(`<${f}>([\\s\\S]*?)</${f}>`).exec(text)
    if (!m) return null
    let inner = m[1] ?? ''
    const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner)
    inner = cdata ? (cdata[1] ?? '') : inner.replace(/&(lt|gt|amp|quot|apos|#39);/g, (e) => ENTITIES[e] ?? e)
    return asText(inner)
  })
}

function pick(fields: readonly string[], get: (f: string) => string | null): Record<string, string | null> {
  const out = Object.fromEntries(fields.map((f) => [f, get(f)]))
  if (fields.every((f) => out[f] === null)) throw new UnreadableAnswer(`the answer contained none of ${fields.join(', ')}`)
  return out
}

/** Cuts text to at most `max` characters, at the last word boundary when there is one in the second half. */
export function clampWords(text: string, max: number): string {
  const chars = Array.from(text)
  if (chars.length <= max) return text
  const head = chars.slice(0, max + 1).join('')
  const space = head.lastIndexOf(' ')
  const cut = space >= max / 2 ? head.slice(0, space) : chars.slice(0, max).join('')
  return cut.replace(/[\s,;:–—-]+$/u, '')
}

/** Applies the hard length limits of a field (meta title 60, meta description 160). */
export function enforceLimit(field: OutputField, value: string | null): string | null {
  const max = MAX_LENGTH[field]
  return value === null || max === undefined ? value : clampWords(value, max)
}

const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?\n\1[ \t]*$/gm

/** Replaces fenced code blocks by @@CODEn@@ tokens, so a translation cannot alter them. */
export function protectCode(markdown: string): { text: string; blocks: string[] } {
  const blocks: string[] = []
  const text = markdown.replace(FENCE, (block) => `@@CODE${blocks.push(block) - 1}@@`)
  return { text, blocks }
}

/** Puts the code blocks back; a token the model dropped gets its block appended, so no code is lost. */
export function restoreCode(text: string, blocks: string[]): string {
  let out = text
  const missing: string[] = []
  blocks.forEach((block, i) => {
    const token = `@@CODE${i}@@`
    if (out.includes(token)) out = out.replace(token, () => block)
    else missing.push(block)
  })
  return missing.length > 0 ? `${out}\n\n${missing.join('\n\n')}` : out
}
