import type { Schemas } from '@atrium-cms/client'
import { REVERTIBLE_ENTITY_TYPES, type HistoryChange } from '../../logic/historyDiff'

/*
 * What "revert the chosen changes" does with the API there is (interface spec, Audit): POST /audit/history/revert
 * takes ids of ONE entity of a revertible type (blog, page, site, legal_document, social_link). A post's localized
 * fields (title, body, …) are history of `blog_localization`, a page's sections of `page_section` and their texts of
 * `page_section_localization`, which the endpoint does not revert; for those the editor restores the old values
 * through the record's own save queue (a PUT with If-Match, shown in the form first). Either way a field gets the
 * old value of its EARLIEST chosen change, as the endpoint does.
 */

export interface EndpointRevert {
  entityType: string
  entityId: string
  changeIds: string[]
}

export interface RestoreValues {
  entityType: string
  entityId: string
  values: Record<string, unknown>
}

export interface RevertPlan {
  endpoint: EndpointRevert[]
  restore: RestoreValues[]
}

/** The fields the editor can put back through a save queue, per entity type (e.g. a localization's). */
export type Restorable = Readonly<Record<string, readonly string[]>>

/** A row's field is restorable when listed, or inside a listed object field (`settings.align` of `settings`). */
const restorableField = (fields: readonly string[], field: string): boolean => fields.some((f) => field === f || field.startsWith(`${f}.`))

/** `restorable`: the fields the editor can put back through a save queue, per entity type (e.g. a localization's). */
export function planRevert(chosen: readonly HistoryChange[], restorable: Restorable): RevertPlan {
  const endpoint = new Map<string, EndpointRevert>()
  const restore = new Map<string, RestoreValues>()
  // Oldest first: the first value set for a field is its earliest chosen change's old value.
  const ordered = [...chosen].sort((a, b) => (a.changedAt < b.changedAt ? -1 : a.changedAt > b.changedAt ? 1 : 0))
  for (const c of ordered) {
    const k = `${c.entityType}|${c.entityId}`
    if (REVERTIBLE_ENTITY_TYPES.has(c.entityType)) {
      if (c.changeIds.length === 0) continue
      const e = endpoint.get(k) ?? { entityType: c.entityType, entityId: c.entityId, changeIds: [] }
      for (const id of c.changeIds) if (!e.changeIds.includes(id)) e.changeIds.push(id)
      endpoint.set(k, e)
      continue
    }
    const fields = restorable[c.entityType]
    if (!fields) continue
    for (const r of c.rows) {
      if (!restorableField(fields, r.field)) continue
      const e = restore.get(k) ?? { entityType: c.entityType, entityId: c.entityId, values: {} }
      if (!(r.field in e.values)) e.values[r.field] = r.before
      restore.set(k, e)
    }
  }
  return { endpoint: [...endpoint.values()], restore: [...restore.values()].filter((r) => Object.keys(r.values).length > 0) }
}

/** Can this change be undone from the editor (through the endpoint or a restore)? */
export function canRevert(change: HistoryChange, restorable: Restorable): boolean {
  if (REVERTIBLE_ENTITY_TYPES.has(change.entityType)) return change.changeIds.length > 0
  const fields = restorable[change.entityType]
  return fields !== undefined && change.rows.some((r) => restorableField(fields, r.field))
}

export type Actor = { kind: 'user'; id: string } | { kind: 'apiKey'; id: string } | { kind: 'system' }

/** Who made a change: the acting user (JWT), else the acting API key, else Atrium itself (the scheduler). */
export function actorOf(c: { changedBy: string | null; apiKeyId: string | null }): Actor {
  if (c.changedBy) return { kind: 'user', id: c.changedBy }
  if (c.apiKeyId) return { kind: 'apiKey', id: c.apiKeyId }
  return { kind: 'system' }
}

/** The last 8 characters of an id, enough to tell two actors apart when no name is known. */
export const shortId = (id: string): string => id.replace(/-/g, '').slice(-8)

type AuthInfo = Schemas['AuthInfo']

/** POST /audit/history/revert needs Admin on the site: an Admin or Master key (unscoped or of this site), or a site Admin/Owner. */
export function canUseRevertEndpoint(me: AuthInfo | undefined, siteId: string): boolean {
  if (!me) return false
  if (me.auth_method === 'api_key') return (me.site_id === null || me.site_id === siteId) && (me.permission === 'Admin' || me.permission === 'Master')
  if (me.is_system_admin) return true
  const role = me.memberships?.find((m) => m.site_id === siteId)?.role
  return role === 'Admin' || role === 'Owner'
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v))

/**
 * A form's values with restored ones put in (what a restore edits into the record's save queue): a text field's
 * null is the form's '' (`textFields`); `settings.align` sets one key of the object field `settings`, and a null
 * there removes the key (the history shows an absent key as null). Fields the form does not have are left out.
 */
export function withRestored<V extends object>(current: V, values: Readonly<Record<string, unknown>>, textFields: readonly string[]): V {
  const next: Record<string, unknown> = { ...(current as Record<string, unknown>) }
  for (const [field, value] of Object.entries(values)) {
    const dot = field.indexOf('.')
    if (dot < 0) {
      if (field in next) next[field] = textFields.includes(field) ? asText(value) : value
      continue
    }
    const top = field.slice(0, dot)
    const inner = next[top]
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) continue
    const copy: Record<string, unknown> = { ...(inner as Record<string, unknown>) }
    if (value === null || value === undefined) delete copy[field.slice(dot + 1)]
    else copy[field.slice(dot + 1)] = value
    next[top] = copy
  }
  return next as V
}
