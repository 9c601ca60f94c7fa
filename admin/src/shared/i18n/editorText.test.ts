import { describe, expect, it, vi } from 'vitest'
import de from './locales/de'
import en from './locales/en'

/*
 * Editor-facing text speaks the editor's language: no API paths, HTTP verbs with paths, or variable names. Developer
 * details go under a `dev` key and are shown behind a "For developers" disclosure (shared/ui/ForDevelopers).
 */

// Every feature's and shared part's strings register themselves when imported: collected here, both languages.
const registered = vi.hoisted((): Record<'en' | 'de', Record<string, unknown>> => ({ en: {}, de: {} }))
vi.mock('./register', () => ({
  registerMessages: (ns: string, en: unknown, de: unknown) => {
    registered.en[ns] = en
    registered.de[ns] = de
  },
}))
import.meta.glob(['../../features/**/messages.ts', '../../features/**/*Messages.ts', '../**/messages.ts', '../ui/opsMessages.ts'], { eager: true })

const DEVELOPER_TEXT = [
  { name: 'an API path', pattern: /(?<![/\w])\/(api|sites|v1)\b/ },
  { name: 'an HTTP verb and path', pattern: /\b(GET|POST|PUT|PATCH|DELETE) \// },
  { name: 'an environment variable', pattern: /\b(ATRIUM|DATABASE|S3|OIDC)_[A-Z_]+/ },
  { name: 'the word env', pattern: /\benv\b/i },
]

/** Every string of a bundle with its key path; a path through a `dev` key is developer text. */
function* strings(bundle: unknown, path: string[] = []): Generator<[string[], string]> {
  if (typeof bundle === 'string') yield [path, bundle]
  else if (bundle && typeof bundle === 'object') for (const [k, v] of Object.entries(bundle)) yield* strings(v, [...path, k])
}

export function developerTextIn(bundles: Record<string, unknown>): string[] {
  const found: string[] = []
  for (const [path, text] of strings(bundles)) {
    if (path.includes('dev')) continue
    for (const { name, pattern } of DEVELOPER_TEXT) if (pattern.test(text)) found.push(`${path.join('.')}: ${name} in “${text}”`)
  }
  return found
}

describe('editor-facing text', () => {
  it('finds what it looks for (the scan itself)', () => {
    expect(
      developerTextIn({ a: 'Set ATRIUM_BOOTSTRAP_KEY', b: 'what GET /sites/{id}/navigation answers', c: { dev: { d: 'GET /api/v1/x' } } }).map(
        (f) => f.split(':')[0],
      ),
    ).toEqual(['a', 'b', 'b'])
    expect(developerTextIn({ a: 'e.g. https://api.openai.com/v1', b: 'Environment and sites' })).toEqual([])
  })

  for (const lang of ['en', 'de'] as const) {
    it(`names no API path or variable outside developer keys (${lang})`, () => {
      expect(Object.keys(registered[lang]).length).toBeGreaterThan(20)
      expect(developerTextIn({ ...registered[lang], shell: lang === 'en' ? en : de })).toEqual([])
    })
  }
})
