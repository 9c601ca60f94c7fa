import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { ReadDb } from '../db/client.js'
import { media } from '../db/schema/media.js'
import { sites } from '../db/schema/sites.js'
import { validation } from '../http/errors.js'
import { MEDIA_REF } from '../http/schemas.js'

/*
 * Media a record names: every media id must be a live media record, of a live site, that
 * the record's owning site may use: its own, or one marked is_global. Anything else is one and the same 400 naming
 * the field, whether the id is another site's or no media at all (other sites never learn what exists elsewhere).
 */

/** A media id named by a body, with the field that named it (`cover_image_id`, `sections.2.cover_image_id`). */
export interface MediaRefValue {
  field: string
  id: string
}

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Where a marked field sits: property names, with '[]' for "every item of the array". */
export type MediaRefPath = readonly string[]

/** The paths of every MediaRef field of a body schema (properties, array items, unions such as Nullable). */
export function mediaRefPaths(schema: unknown): MediaRefPath[] {
  const out: MediaRefPath[] = []
  const queue: Array<[unknown, MediaRefPath]> = [[schema, []]]
  for (let i = 0; i < queue.length; i++) {
    const [s, path] = queue[i] as [unknown, MediaRefPath]
    if (!isNode(s)) continue
    if (s[MEDIA_REF] === true) {
      out.push(path)
      continue
    }
    if (isNode(s.properties)) for (const [k, v] of Object.entries(s.properties)) queue.push([v, [...path, k]])
    if (s.items !== undefined) for (const v of Array.isArray(s.items) ? s.items : [s.items]) queue.push([v, [...path, '[]']])
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) for (const v of s[key] as unknown[]) queue.push([v, path])
  }
  // A union lists a field once per branch (Nullable(MediaRef()) is found once, but anyOf of objects may repeat it).
  return [...new Map(out.map((p) => [p.join('.'), p])).values()]
}

/** The media ids at `path` in a validated body, each with its field name (`sections.1.cover_image_id`). */
function valuesAt(body: unknown, path: MediaRefPath, into: MediaRefValue[], prefix: string): void {
  let level: Array<[unknown, string]> = [[body, prefix]]
  for (const seg of path) {
    const next: Array<[unknown, string]> = []
    for (const [v, at] of level) {
      if (seg === '[]') {
        if (Array.isArray(v)) v.forEach((item, i) => next.push([item, at ? `${at}.${i}` : String(i)]))
      } else if (isNode(v) && v[seg] !== undefined) next.push([v[seg], at ? `${at}.${seg}` : seg])
    }
    level = next
  }
  for (const [v, field] of level) if (typeof v === 'string') into.push({ field, id: v })
}

/** Every media id a body names at the given paths (from mediaRefPaths), with its field; `prefix` names where the body sits. */
export function mediaRefValues(body: unknown, paths: readonly MediaRefPath[], prefix = ''): MediaRefValue[] {
  const out: MediaRefValue[] = []
  for (const p of paths) valuesAt(body, p, out, prefix)
  return out
}

const MESSAGE = 'must be a live media record of the owning site, or a global one'

/** 400 naming the first field whose media the owning site may not use; one query for all of them. */
export async function checkMediaRefs(db: ReadDb, ownerSiteId: string, refs: readonly MediaRefValue[]): Promise<void> {
  if (refs.length === 0) return
  const ids = [...new Set(refs.map((r) => r.id.toLowerCase()))]
  const usable = await db
    .select({ id: media.id })
    .from(media)
    .innerJoin(sites, eq(sites.id, media.site_id))
    .where(and(inArray(media.id, ids), isNull(media.deleted_at), isNull(sites.deleted_at), or(eq(media.site_id, ownerSiteId), eq(media.is_global, true))))
  const ok = new Set(usable.map((r) => r.id))
  for (const r of refs) if (!ok.has(r.id.toLowerCase())) validation(r.field, MESSAGE)
}
