import { createHash } from 'node:crypto'

/*
 * Example values for the OpenAPI document, generated from the schemas (http/openapi.ts calls it once per document):
 * a schema's own `examples` (or `example`, `const`, `default`) win; otherwise realistic values from the property name
 * (slug, title, email, *_url, …), then the format (uuid, date-time, date, uri, email), then the constraints. Optional
 * properties that refer to other records (an optional uuid) are left out of objects: an example id would name nothing,
 * and such fields are what a client omits. A partial update (PatchBody) shows its first few fields only.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Node = { [key: string]: Json }

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
/** Fields a partial-update example shows. */
const PATCH_FIELDS = 3
/** Depth past which recursive schemas (a tree node's children) stop. */
const MAX_DEPTH = 6
const NOW = '2026-03-14T09:30:00Z'
const TODAY = '2026-03-14'
const MARKDOWN = '## Hello\n\nThe first paragraph, in **Markdown**.'

/** Realistic strings by property name: exact names first, then by suffix. */
const BY_NAME: Record<string, string> = {
  slug: 'hello-world',
  url: 'https://www.example.com/hello-world',
  title: 'Hello, world',
  subtitle: 'A first post',
  name: 'Example',
  label: 'Example',
  description: 'A short description.',
  excerpt: 'A short summary of the post.',
  body: MARKDOWN,
  text: MARKDOWN,
  intro: 'What this document covers.',
  meta_title: 'Hello, world | Example',
  meta_description: 'A short description for search engines.',
  author: 'Ada Lovelace',
  email: 'ada@example.com',
  locale: 'de',
  code: 'de',
  timezone: 'Europe/Berlin',
  platform: 'github',
  icon: 'github',
  filename: 'harbour.jpg',
  file_name: 'report.pdf',
  mime_type: 'image/jpeg',
  reason: 'Leaked in a public repository',
  comment: 'Looks good to me.',
  cookie_name: 'site_consent',
  provider: 'Example Analytics Ltd.',
  purpose: 'Counts visits to improve the site',
  expiry: '1 year',
  route: '/about',
  path: '/blog/hello-world',
  post_path: '/blog/{slug}',
  feed_path: '/rss.xml',
  source_path: '/old-page',
  destination_path: '/new-page',
  organization: 'Example Ltd.',
  location: 'Berlin, Germany',
  category: 'Languages',
  entry_type: 'work',
  translation_status: 'Draft',
  section_type: 'hero',
  page_type: 'standard',
  template: 'default',
  button_text: 'Read more',
  alt_text: 'A harbour at sunset',
  caption: 'The harbour in the evening',
  model: 'example-model-1',
  provider_name: 'Local model',
  prompt: 'Write a short introduction about harbours.',
  file_base64: 'JVBERi0xLjQK',
  q: 'harbour',
  key: 'atr_Q2hhbmdlIG1lOiB0aGlzIGlzIG5vdCBhIHJlYWwga2V5IQ',
  key_prefix: 'atr_Q2hhbmdl',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  method: 'GET',
  referrer: 'https://www.example.org/',
}
const BY_SUFFIX: Array<[string, string]> = [
  ['_url', 'https://www.example.com'],
  ['_path', '/blog/hello-world'],
  ['_route', '/contact'],
  ['_name', 'Example'],
  ['_text', 'Some text'],
  ['_type', 'standard'],
]
const BY_FORMAT: Record<string, string> = {
  'date-time': NOW,
  date: TODAY,
  uri: 'https://www.example.com',
  url: 'https://www.example.com',
  email: 'ada@example.com',
  binary: '(binary)',
}
const TRUE_BY_DEFAULT = new Set(['is_active', 'is_default', 'success', 'is_required', 'default_enabled', 'open_in_new_tab', 'ok'])

/** A stable, well-formed UUID for a property (and position), so one id reads the same wherever it appears. */
function uuidFor(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16] ?? '0', 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const singular = (name: string) => (name.endsWith('ids') ? name.slice(0, -1) : name.replace(/s$/, ''))

function fits(s: Node, v: string): boolean {
  if (typeof s.minLength === 'number' && [...v].length < s.minLength) return false
  if (typeof s.maxLength === 'number' && [...v].length > s.maxLength) return false
  if (typeof s.pattern === 'string') {
    try {
      if (!new RegExp(s.pattern, 'u').test(v)) return false
    } catch {
      return true
    }
  }
  return true
}

function stringFor(s: Node, name: string, index: number): string {
  const format = typeof s.format === 'string' ? s.format : undefined
  if (format === 'uuid' || name === 'id' || name.endsWith('_id')) return uuidFor(`${name}:${index}`)
  const candidates = [
    BY_NAME[name],
    BY_SUFFIX.find(([suffix]) => name.endsWith(suffix))?.[1],
    format ? BY_FORMAT[format] : undefined,
    name.replace(/_/g, '-'),
    'example',
  ]
  for (const c of candidates) if (c !== undefined && fits(s, c)) return index > 0 ? withIndex(s, c, index) : c
  const min = typeof s.minLength === 'number' ? s.minLength : 1
  return 'x'.repeat(Math.max(min, 1))
}

/** The index-th distinct value of an array of strings (unique items). */
function withIndex(s: Node, v: string, index: number): string {
  const other = `${v}-${index + 1}`
  return fits(s, other) ? other : v
}

function numberFor(s: Node, name: string, integer: boolean): number {
  const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : undefined
  const max = typeof s.maximum === 'number' ? s.maximum : undefined
  let v = /order$|^offset$/.test(name)
    ? 0
    : /proficiency/.test(name)
      ? 80
      : /status_code$/.test(name)
        ? 301
        : /bytes$|size/.test(name)
          ? 245_760
          : /^(width|height)$/.test(name)
            ? 1200
            : integer
              ? 1
              : 0.7
  if (min !== undefined && v < min) v = min
  if (max !== undefined && v > max) v = max
  return v
}

const nonNull = (branches: Json[]): Node | undefined =>
  branches.filter(isNode).find((b) => b.type !== 'null' && !(Array.isArray(b.enum) && b.enum.every((e) => e === null)))

/** Optional properties referring to other records are left out of generated objects. */
function isReference(s: Json): boolean {
  if (!isNode(s)) return false
  if (s.format === 'uuid') return true
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : []
  return branches.some((b) => isNode(b) && b.format === 'uuid')
}

const isPatch = (s: Node) =>
  Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every((b) => isNode(b) && Object.keys(b).length === 1 && Array.isArray(b.required))

export class ExampleGenerator {
  constructor(private readonly resolve: (ref: string) => Json | undefined) {}

  /** An example value for a schema; `name` is the property (or component) it stands for. */
  of(schema: Json, name = '', depth = 0, index = 0): Json {
    if (!isNode(schema)) return null
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0] ?? null
    if (schema.example !== undefined) return schema.example
    if (schema.const !== undefined) return schema.const
    if (schema.default !== undefined && !isNode(schema.default)) return schema.default
    if (typeof schema.$ref === 'string') {
      const target = this.resolve(schema.$ref)
      return depth > MAX_DEPTH || target === undefined ? null : this.of(target, name, depth + 1, index)
    }
    if (Array.isArray(schema.enum)) return schema.enum.find((e) => e !== null) ?? null
    const branches = Array.isArray(schema.anyOf) && !schema.properties ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
    if (branches) return this.of(nonNull(branches) ?? null, name, depth, index)
    const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type]
    const type = types[0] ?? (schema.properties ? 'object' : undefined)
    switch (type) {
      case 'object':
        return this.object(schema, depth)
      case 'array':
        return this.array(schema, name, depth)
      case 'string':
        return stringFor(schema, name, index)
      case 'integer':
        return numberFor(schema, name, true)
      case 'number':
        return numberFor(schema, name, false)
      case 'boolean':
        return TRUE_BY_DEFAULT.has(name)
      default:
        return null
    }
  }

  private object(schema: Node, depth: number): Json {
    const props = isNode(schema.properties) ? schema.properties : {}
    const required = new Set(Array.isArray(schema.required) ? schema.required : [])
    const out: Node = {}
    let shown = 0
    const patch = isPatch(schema)
    for (const [key, prop] of Object.entries(props)) {
      if (!required.has(key) && isReference(prop)) continue
      if (patch && shown >= PATCH_FIELDS) break
      out[key] = this.of(prop, key, depth + 1)
      shown++
    }
    return out
  }

  private array(schema: Node, name: string, depth: number): Json {
    if (depth > MAX_DEPTH) return []
    const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1)
    const item = singular(name)
    return Array.from({ length: count }, (_, i) => this.of(schema.items ?? null, item, depth + 1, i))
  }
}
