import type { LegalDocument } from './atrium'

/** The cookie that keeps a visitor's choice: the consent document's `cookie_name`, else this. */
export const DEFAULT_CONSENT_COOKIE = 'atrium_consent'

export const consentCookieName = (doc: LegalDocument | null) =>
  doc?.cookie_name && /^[A-Za-z0-9_-]{1,64}$/.test(doc.cookie_name) ? doc.cookie_name : DEFAULT_CONSENT_COOKIE

/** A group's key in the stored choice: its cookie_name, else its id. */
export const groupKey = (group: LegalDocument['groups'][number]) => group.cookie_name ?? group.id

/** The stored choice: every group's key with true or false (required groups always true). */
export function consentValue(doc: LegalDocument, choice: 'all' | 'necessary' | 'selected', selected: string[]): string {
  const value: Record<string, boolean> = {}
  for (const group of doc.groups) {
    const key = groupKey(group)
    value[key] = group.is_required || choice === 'all' || (choice === 'selected' && selected.includes(key))
  }
  return encodeURIComponent(JSON.stringify(value))
}
