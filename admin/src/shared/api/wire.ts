import { recordTag } from '@atrium-cms/client'

/*
 * Small rules of the wire format every feature's calls share (decisions.md "Wire format").
 */

/** If-Match on every write of a loaded record; none for a record not created yet. */
export const ifMatch = (etag: string | undefined): { 'if-match'?: string } => (etag ? { 'if-match': etag } : {})

/** The version a form edits: the record as it was loaded, and its tag when an answer carried one (else recordTag of it). */
export interface Held<R> {
  record: R
  etag?: string | undefined
}

/** If-Match of a save of the held version: the answer's tag, else the tag computed from the record as loaded. */
export const heldIfMatch = async <R>(held: Held<R> | undefined): Promise<string | undefined> =>
  held ? (held.etag ?? (await recordTag(held.record))) : undefined

/** Optional text with no value is null on the wire, never "" (the text itself is sent as typed). */
export const orNull = (s: string): string | null => (s.trim() === '' ? null : s)

/** Optional text, trimmed: null when blank, else without its surrounding spaces. */
export const trimmedOrNull = (s: string): string | null => orNull(s.trim())
