/*
 * Small rules of the wire format every feature's calls share (decisions.md "Wire format").
 */

/** If-Match on every write of a loaded record; none for a record not created yet. */
export const ifMatch = (etag: string | undefined): { 'if-match'?: string } => (etag ? { 'if-match': etag } : {})

/** Optional text with no value is null on the wire, never "" (the text itself is sent as typed). */
export const orNull = (s: string): string | null => (s.trim() === '' ? null : s)

/** Optional text, trimmed: null when blank, else without its surrounding spaces. */
export const trimmedOrNull = (s: string): string | null => orNull(s.trim())
