import { validation } from '../../http/errors.js'

/**
 * Canonical BCP 47 form (en-us → en-US); 400 for a tag that is not well-formed or whose primary language
 * subtag is not a 2–3 letter ISO 639 code (the 5–8 letter form is reserved and nothing is registered there).
 */
export function canonicalLocale(code: string, field = 'code'): string {
  let canonical: string | undefined
  try {
    ;[canonical] = Intl.getCanonicalLocales(code)
  } catch {
    // not well-formed: the validation error below
  }
  const language = canonical === undefined ? undefined : canonical.split('-')[0]
  if (canonical === undefined || language === undefined || !/^[a-z]{2,3}$/.test(language) || language === 'und') {
    return validation(field, `"${code}" is not a BCP 47 language tag`)
  }
  return canonical
}

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** English display name of a tag ("de-AT" → "Austrian German"), used when none is given. */
export function localeDisplayName(code: string): string {
  try {
    return names.of(code) ?? code
  } catch {
    return code
  }
}

/** The runtime's spelling of an IANA time zone ("europe/berlin" → "Europe/Berlin"); 400 for an unknown one or a bare offset. */
export function checkTimezone(tz: string): string {
  try {
    if (/^[+-]/.test(tz)) throw new RangeError('offset')
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
  } catch {
    return validation('timezone', `"${tz}" is not an IANA time zone`)
  }
}
