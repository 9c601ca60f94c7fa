/*
 * The slug pipeline with no imports, so the web admin runs the very same code (admin/src/shared/logic/slug.ts imports
 * this file) for its slug preview. The transliteration is a parameter: the server passes @sindresorhus/transliterate
 * (core/slugs.ts); the admin passes its small built-in table unless given the library. Keep this file free of imports
 * and of Node or browser APIs.
 */

/** Slugs are at most this many characters (http/schemas Slug). */
export const MAX_SLUG = 200

/**
 * Lower-case kebab slug of free text; '' when nothing is left. Accents on Latin letters are dropped first ("Ünïcödé" →
 * "unicode"; the library's German rule would give "uenicoede"); other scripts are recomposed so the transliteration
 * sees their letters whole (Cyrillic й, Greek ά), then every run of other characters becomes one hyphen.
 */
export function slugifyWith(text: string, transliterate: (text: string) => string): string {
  const latin = text
    .normalize('NFKD')
    .replace(/([A-Za-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC')
  const s = transliterate(latin)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s.length > MAX_SLUG ? s.slice(0, MAX_SLUG).replace(/-+$/, '') : s
}
