import { createHash } from 'node:crypto'
import type { Ctx } from './context.js'
import { editConflict } from '../http/errors.js'

/*
 * Edit conflicts. A record's version is a digest of its presented form, the record as
 * GET by id answers it: canonical JSON (keys sorted at every depth, Dates as ISO strings, undefined left out), SHA-256,
 * the first 16 bytes in base64url, quoted as a strong entity-tag. It needs no column and no clock: any write that
 * changes what a client can see of the record changes it, even when updated_at does not move (a ManualClock, two
 * writes in one millisecond); two instances and both databases compute it from the same data alike; and answers that
 * carry more than the record (blog detail, by slug, page by route) tag the record's part of it. A write that
 * changes nothing keeps the tag: the representation is the same, so a client holding it has lost no update.
 *
 * mutate() compares the request's If-Match with the version of the record the write found (`current`, else `before`
 * of its outcome), read under the row lock in the write's transaction: a concurrent write cannot slip between the
 * check and the write, and a mismatch rolls the whole transaction back (412 EDIT_CONFLICT carrying `current`).
 */

function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (v instanceof Date) return JSON.stringify(v.toISOString())
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`
  }
  return JSON.stringify(v)
}

const pick = (o: object, keys: readonly string[]): object => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, (o as Record<string, unknown>)[k]]))

/** The strong entity-tag of a record's presented form; `keys`: only these top-level fields (the record's part of a larger answer). */
export function versionTag(record: unknown, keys?: readonly string[]): string {
  const v = keys && record !== null && typeof record === 'object' ? pick(record, keys) : record
  return `"${createHash('sha256').update(canonical(v)).digest('base64url').slice(0, 22)}"`
}

/** A request's If-Match: any existing record (`*`) or a list of strong entity-tags (weak ones never match). */
export type Precondition = '*' | readonly string[]

const ETAG = /^\s*(W\/)?"[\x21\x23-\x7e\x80-\xff]*"\s*$/

/** Parses an If-Match header value; undefined when it is malformed. */
export function parseIfMatch(header: string): Precondition | undefined {
  if (header.trim() === '*') return '*'
  const parts = header.split(',')
  if (parts.some((p) => !ETAG.test(p))) return undefined
  // Strong comparison (RFC 9110 13.1.1): a weak tag matches nothing.
  return parts.map((p) => p.trim()).filter((p) => !p.startsWith('W/'))
}

export const matches = (want: Precondition, tag: string): boolean => want === '*' || want.includes(tag)

/** Preconditions of requests not yet checked by a write, by the request's context. */
const pending = new WeakMap<Ctx, { want: Precondition; fields: readonly string[] | undefined }>()

/**
 * The request's If-Match, to be checked by the first write of the request that names the record it found. `fields`:
 * the record's fields as its answers carry them (the route's record schema), so a write's row or presented form with
 * more fields is compared on what the client saw.
 */
export function expectVersion(ctx: Ctx, want: Precondition, fields?: readonly string[]): void {
  pending.set(ctx, { want, fields })
}

/**
 * Called by mutate() in the write's transaction with the record as the write found it (locked): 412 when the
 * request's If-Match names another version. The request's first write consumes the precondition.
 */
export function checkVersion(ctx: Ctx, current: object | null | undefined, secret: ReadonlySet<string> = new Set()): void {
  const p = pending.get(ctx)
  if (p === undefined) return
  pending.delete(ctx)
  // No record to match (an upsert about to create one, a write that names none): If-Match fails, `*` included
  // (RFC 9110 13.1.1), rather than let a conditional write through unchecked.
  if (!current) return editConflict(null, undefined)
  const tag = versionTag(current, p.fields)
  if (matches(p.want, tag)) return
  const shown = p.fields ? pick(current, p.fields) : current
  // Secrets never leave, not even in a conflict's `current` (the route's fields exclude them; a row may not).
  editConflict(Object.fromEntries(Object.entries(shown).filter(([k]) => !secret.has(k))), tag)
}
