import { validation } from '../../http/errors.js'

/** Canonical BCP 47 form (en-us → en-US); 400 for a tag that is not well-formed. */
export function canonicalLocale(code: string, field = 'code'): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(code)
    if (canonical) return canonical
  } catch {
    // fall through to the validation error
  }
  return validation(field, `"${code}" is not a BCP 47 language tag`)
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

/** 400 for a time zone the runtime does not know. */
export function checkTimezone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return tz
  } catch {
    return validation('timezone', `"${tz}" is not an IANA time zone`)
  }
}
