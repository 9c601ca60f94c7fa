import type { components } from '@atrium-cms/client'
import { diffWords, type DiffPart } from './textDiff.js'

/*
 * The change history as the API answers it (GET /audit/history/{entity_type}/{entity_id}: ChangeHistoryEntry[],
 * newest first, one entry per changed field of a write, `old_value`/`new_value` any JSON, `updated_at` never listed;
 * src/core/mutation.ts changedFields) turned into renderer-agnostic rows {field, before, after}. A blog's localized
 * fields are history of the entity `blog_localization` (its own id): fetch both and pass them together.
 * Revert (POST /audit/history/revert) takes the `changeIds` of the rows the editor ticks.
 */

export type ChangeHistoryEntry = components['schemas']['ChangeHistoryEntry']

/** Fields the server refuses to revert (interface spec, "Change history entry"). */
export const NEVER_REVERTIBLE = new Set(['id', 'content_id', 'site_id', 'created_at', 'updated_at', 'created_by', 'is_deleted', 'published_at'])
/** Entity types whose changes can be reverted. */
export const REVERTIBLE_ENTITY_TYPES = new Set(['blog', 'page', 'site', 'legal_document', 'social_link'])

export interface HistoryRow {
  /** The change-history entry id (what revert takes). */
  changeId: string
  /** The entry's field_name, with the path inside an object value appended (`settings.theme`). */
  field: string
  before: unknown
  after: unknown
  kind: 'text' | 'set' | 'value'
  /** Text rows: the word diff (deletions before insertions in each changed stretch). */
  parts?: DiffPart[]
  /** Set rows (arrays of primitives): what was added and removed. */
  added?: unknown[]
  removed?: unknown[]
  revertible: boolean
}

export interface HistoryChange {
  /** Stable key for a list: the first entry's id. */
  key: string
  entityType: string
  entityId: string
  changedAt: string
  /** Acting user (JWT) or null; `apiKeyId` the acting key or null; both null: the service itself (scheduler). */
  changedBy: string | null
  apiKeyId: string | null
  rows: HistoryRow[]
  /** Ids of this change's revertible rows. */
  changeIds: string[]
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function row(entry: ChangeHistoryEntry, field: string, before: unknown, after: unknown, revertible: boolean): HistoryRow {
  const base = { changeId: entry.id, field, before, after, revertible }
  // An array of primitives (site_ids, tag ids) reads best as added/removed; null counts as empty there.
  const b: unknown[] | undefined = Array.isArray(before) ? before : before === null ? [] : undefined
  const a: unknown[] | undefined = Array.isArray(after) ? after : after === null ? [] : undefined
  if (b && a && (Array.isArray(before) || Array.isArray(after)) && [...b, ...a].every(isPrimitive)) {
    return { ...base, kind: 'set', added: a.filter((x) => !b.includes(x)), removed: b.filter((x) => !a.includes(x)) }
  }
  if ((typeof before === 'string' || before === null) && (typeof after === 'string' || after === null) && (before !== null || after !== null)) {
    return { ...base, kind: 'text', parts: diffWords(before ?? '', after ?? '') }
  }
  return { ...base, kind: 'value' }
}

/** One entry as rows: one row, or one per changed key when both values are objects (a site's settings). */
export function historyRows(entry: ChangeHistoryEntry): HistoryRow[] {
  const revertible = REVERTIBLE_ENTITY_TYPES.has(entry.entity_type) && !NEVER_REVERTIBLE.has(entry.field_name)
  const { old_value: before, new_value: after } = entry
  if (isObj(before) && isObj(after)) {
    const rows: HistoryRow[] = []
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!same(before[k], after[k])) rows.push(row(entry, `${entry.field_name}.${k}`, before[k] ?? null, after[k] ?? null, revertible))
    }
    return rows
  }
  return [row(entry, entry.field_name, before, after, revertible)]
}

/**
 * Entries grouped into writes: the server stamps every field of one write with one `changed_at`, actor and entity.
 * Order kept (newest first, as answered); two lists (blog and its localizations) are merged by time.
 */
export function groupHistory(entries: readonly ChangeHistoryEntry[]): HistoryChange[] {
  const sorted = [...entries].sort((a, b) => (a.changed_at < b.changed_at ? 1 : a.changed_at > b.changed_at ? -1 : 0))
  const groups = new Map<string, HistoryChange>()
  for (const e of sorted) {
    const k = [e.entity_type, e.entity_id, e.changed_at, e.changed_by ?? '', e.api_key_id ?? ''].join('|')
    let g = groups.get(k)
    if (!g) {
      g = {
        key: e.id,
        entityType: e.entity_type,
        entityId: e.entity_id,
        changedAt: e.changed_at,
        changedBy: e.changed_by,
        apiKeyId: e.api_key_id,
        rows: [],
        changeIds: [],
      }
      groups.set(k, g)
    }
    const rows = historyRows(e)
    g.rows.push(...rows)
    if (rows.some((r) => r.revertible) && !g.changeIds.includes(e.id)) g.changeIds.push(e.id)
  }
  return [...groups.values()]
}

export interface LastChange {
  changedAt: string
  changedBy: string | null
  apiKeyId: string | null
  entityType: string
  entityId: string
}

/**
 * Who last changed each field after `since` (the loaded record's `updated_at`): for the conflict view's "changed by
 * … at …" beside each of their fields. Keyed by `field_name` (for a localization: `<entity_id>:<field_name>`
 * when `qualify` is set, so two locales' titles stay apart).
 */
export function lastChangesSince(entries: readonly ChangeHistoryEntry[], since: string, qualify = false): Map<string, LastChange> {
  const out = new Map<string, LastChange>()
  const sinceMs = Date.parse(since)
  for (const e of entries) {
    if (!(Date.parse(e.changed_at) > sinceMs)) continue
    const k = qualify ? `${e.entity_id}:${e.field_name}` : e.field_name
    const prev = out.get(k)
    if (!prev || e.changed_at > prev.changedAt) {
      out.set(k, { changedAt: e.changed_at, changedBy: e.changed_by, apiKeyId: e.api_key_id, entityType: e.entity_type, entityId: e.entity_id })
    }
  }
  return out
}
