/*
 * The editor's derived slug: a PREVIEW of what the server will generate from the title (src/core/slugs.ts slugify,
 * decisions.md "Content"). The server is authoritative: it may still add `-2`, `-3`, … when the slug is taken, and
 * when nothing transliterates it generates `<type>-<6 hex>` (`post-3f9a1c`) — shown here as `undefined` ("generated
 * on save"). Send no slug to let the server derive it; send the previewed one only when the editor typed or accepted it.
 *
 * The steps are the server's own code (src/core/slugify.ts, imported below: it has no imports of its own): Latin
 * letters lose their accents first (Ü → u, not ue), other scripts are transliterated, remaining marks go, lower case,
 * every run of other characters becomes one hyphen, at most 200 characters. Only the transliteration may differ: the
 * server transliterates with @sindresorhus/transliterate (about 10 KB gzipped, no dependencies, browser-safe); pass
 * it as `transliterate` to mirror the server for every script. Without it, BUILTIN covers Latin (Western,
 * Central and Northern European, Turkish, Romanian, Vietnamese marks), Russian/Ukrainian Cyrillic and Greek exactly
 * as that library does (slug.test.ts compares with the server's output); other scripts preview as no slug.
 */

import { MAX_SLUG, slugifyWith } from '../../../../src/core/slugify'

export { MAX_SLUG }

/** The library's replacements for the scripts covered without it (lower case; `Β` is the one upper-case exception). */
const BUILTIN: ReadonlyArray<readonly [string, string]> = [
  // Latin letters NFKD does not decompose
  ...pairs('ß ss ẞ ss æ ae ø o œ oe þ th ð d đ d ł l ı i ə a'),
  // Russian and Ukrainian (digraphs first: the longest match wins, as in the library)
  ...pairs(
    'ъе ye ый iy а a б b в v г g д d е e ё yo ж zh з z и i й y к k л l м m н n о o п p р r с s т t у u ф f х kh ц ts ч ch ш sh щ sch ы y э e ю yu я ya є ye і i ї yi ґ g',
  ),
  ['ъ', ''],
  ['ь', ''],
  // Greek
  ...pairs(
    'α a β v γ g δ d ε e ζ z η i θ th ι i κ k λ l μ m ν n ξ ks ο o π p ρ r σ s ς s τ t υ y φ f χ x ψ ps ω o ά a έ e ί i ό o ύ y ή i ώ o ϊ i ΰ y ϋ y ΐ i',
  ),
]

function pairs(spec: string): Array<[string, string]> {
  const w = spec.split(' ')
  const out: Array<[string, string]> = []
  for (let i = 0; i + 1 < w.length; i += 2) out.push([w[i] as string, w[i + 1] as string])
  return out
}

const BUILTIN_MAP = new Map(BUILTIN)
const BUILTIN_PATTERN = new RegExp([...BUILTIN_MAP.keys()].sort((a, b) => b.length - a.length).join('|'), 'g')

/** The built-in transliteration (see above); lower-cases its input, which the slug does anyway. */
export function builtinTransliterate(text: string): string {
  // Upper-case Greek Beta is "B" in the library, lower-case beta "v": keep that before lower-casing.
  return text
    .replace(/Β/g, 'b')
    .toLowerCase()
    .replace(BUILTIN_PATTERN, (m) => BUILTIN_MAP.get(m) ?? m)
}

export interface SlugOptions {
  /** A transliteration function, e.g. the default export of @sindresorhus/transliterate (what the server uses). */
  transliterate?: (text: string) => string
}

/** Lower-case kebab slug of free text; '' when nothing is left: the server's slugify() with the given (or built-in) transliteration. */
export function slugify(text: string, options: SlugOptions = {}): string {
  return slugifyWith(text, options.transliterate ?? builtinTransliterate)
}

/**
 * The slug the server would derive from this title, or undefined when it would generate a random one (no title, or
 * nothing that transliterates). A preview only: uniqueness (`-2`, …) is decided on save.
 */
export function previewSlug(title: string | null | undefined, options: SlugOptions = {}): string | undefined {
  const slug = title ? slugify(title, options) : ''
  return slug === '' ? undefined : slug
}

/** The server's Slug rule (http/schemas Slug): what the slug field accepts when the editor types one. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= MAX_SLUG && SLUG_PATTERN.test(slug)
}
