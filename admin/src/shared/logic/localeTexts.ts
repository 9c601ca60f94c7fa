import { editConflictOf } from './editConflict'
import { deepEqual } from './equal'
import { recordTag } from '@atrium-cms/client'

/*
 * One locale's texts of a record (documents, legal documents: shared/ui/LocaleTextCards.tsx), a localization record
 * of its own. Never overwrite silently (admin.md): a save of an existing localization sends If-Match with the tag of
 * the version the form was loaded from, the answer's ETag after a save of it, else computed from the record as loaded
 * (there is no GET of one localization); a 412 keeps what was typed beside their version until the editor chooses.
 */

/** A localization as the API presents it; only the text fields are typed here, the tag covers all of it. */
export type LocaleRecord<F extends string> = { id: string; locale_id: string; updated_at?: string } & Partial<Record<F, string | null>>

export interface LocaleTextsState<F extends string> {
  /** The version the form holds (undefined: the locale has no localization yet, a save creates it). */
  base: LocaleRecord<F> | undefined
  /** Its tag from an answer (a save, a 412); undefined: computed from `base`. */
  etag: string | undefined
  /** What the form shows: what was typed, or the stored texts. */
  values: Record<F, string>
  /** A save met a 412: their version and its tag. */
  conflict?: { current: LocaleRecord<F>; etag: string | undefined } | undefined
}

/** The form's texts of a record: '' for none. */
export const textsOf = <F extends string>(names: readonly F[], record: Partial<Record<F, string | null>> | undefined): Record<F, string> =>
  Object.fromEntries(names.map((n) => [n, record?.[n] ?? ''])) as Record<F, string>

/** What is sent: trimmed, an empty text as null (decisions.md "Wire format"). */
export const wireTexts = <F extends string>(names: readonly F[], values: Record<F, string>): Record<F, string | null> =>
  Object.fromEntries(names.map((n) => [n, values[n].trim() || null])) as Record<F, string | null>

export const loadedTexts = <F extends string>(names: readonly F[], stored: LocaleRecord<F> | undefined): LocaleTextsState<F> => ({
  base: stored,
  etag: undefined,
  values: textsOf(names, stored),
})

/** Has the editor typed anything the held version does not have? */
export const isDirty = <F extends string>(names: readonly F[], s: LocaleTextsState<F>): boolean => !deepEqual(s.values, textsOf(names, s.base))

/**
 * The record came back from a (re)load. Untouched forms show it; a form with typed texts (or an open conflict) keeps
 * them and the version they were typed on, so their save meets the 412 instead of dropping the text or overwriting.
 */
export function storedChanged<F extends string>(names: readonly F[], s: LocaleTextsState<F>, stored: LocaleRecord<F> | undefined): LocaleTextsState<F> {
  if (deepEqual(stored, s.base)) return s
  if (s.conflict || isDirty(names, s)) return s
  // A reload without the record the form holds (a save's answer not refetched yet) keeps it.
  if (stored === undefined && s.base !== undefined) return s
  return loadedTexts(names, stored)
}

/** A save answered: its record and tag are the version held now; texts typed while it ran stay. */
export function savedTexts<F extends string>(
  names: readonly F[],
  s: LocaleTextsState<F>,
  sent: Record<F, string>,
  answer: { data: LocaleRecord<F>; etag: string | undefined },
): LocaleTextsState<F> {
  const typedMeanwhile = !deepEqual(s.values, sent)
  return { base: answer.data, etag: answer.etag, values: typedMeanwhile ? s.values : textsOf(names, answer.data), conflict: undefined }
}

/** A save's failure, when it is a 412 EDIT_CONFLICT carrying the localization as it is now. */
export const localeConflictOf = <F extends string>(error: unknown) => editConflictOf<LocaleRecord<F>>(error)

/** The editor chose, field by field: the merge is saved on their version. */
export function resolvedTexts<F extends string>(s: LocaleTextsState<F>, merged: Record<F, string>): LocaleTextsState<F> {
  if (!s.conflict) return s
  return { base: s.conflict.current, etag: s.conflict.etag, values: merged, conflict: undefined }
}

/** The editor discarded their own edit: the form shows theirs, nothing is saved. */
export function theirTexts<F extends string>(names: readonly F[], s: LocaleTextsState<F>): LocaleTextsState<F> {
  if (!s.conflict) return s
  return { base: s.conflict.current, etag: s.conflict.etag, values: textsOf(names, s.conflict.current), conflict: undefined }
}

/** If-Match of a save of the held version: the answer's tag, else the tag of the record as loaded; none to create one. */
export async function heldTag<F extends string>(s: Pick<LocaleTextsState<F>, 'base' | 'etag'>): Promise<string | undefined> {
  if (!s.base) return undefined
  return s.etag ?? (await recordTag(s.base))
}
