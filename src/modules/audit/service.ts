import { Type } from 'typebox'
import { Check } from 'typebox/value'
import { levelOnSite, requireRecord } from '../../core/access.js'
import type { Ctx, Deps } from '../../core/context.js'
import { entityNamed, revertOf } from '../../core/entities.js'
import { ALWAYS_SECRET, asRevert } from '../../core/mutation.js'
import type { AuditLogRow, ChangeHistoryRow } from '../../db/schema/audit.js'
import { notFound, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import { DELETE_BATCH, deleteInBatches, jobPace } from '../../core/background-batches.js'
import * as q from './queries.js'
import type { AuditListQuery, AuditLogEntry, ChangeHistoryEntry, EntityParams, RevertBody, RevertResult } from './schemas.js'

/** Spec: fields that can never be reverted. */
export const NEVER_REVERTIBLE = new Set(['id', 'content_id', 'site_id', 'created_at', 'updated_at', 'created_by', 'is_deleted', 'published_at'])
/** Entries answered for one entity at most (newest first). */
export const ENTITY_MAX = 1000

const presentEntry = (r: AuditLogRow): AuditLogEntry => ({
  id: r.id,
  site_id: r.site_id,
  user_id: r.user_id,
  api_key_id: r.api_key_id,
  action: r.action,
  entity_type: r.entity_type,
  entity_id: r.entity_id,
  record_label: r.record_label,
  metadata: r.metadata ?? null,
  created_at: r.created_at,
})

const presentChange = (r: ChangeHistoryRow): ChangeHistoryEntry => ({
  id: r.id,
  site_id: r.site_id,
  entity_type: r.entity_type,
  entity_id: r.entity_id,
  field_name: r.field_name,
  old_value: r.old_value ?? null,
  new_value: r.new_value ?? null,
  changed_by: r.changed_by,
  api_key_id: r.api_key_id,
  changed_at: r.changed_at,
})

/** A site's audit entries, newest first, with the list filters (access: Read on the site, checked by the route). */
export async function siteAudit(ctx: Ctx, siteId: string, query: AuditListQuery): Promise<Page<AuditLogEntry>> {
  const from = query.from !== undefined ? new Date(query.from) : undefined
  const to = query.to !== undefined ? new Date(query.to) : undefined
  if (from && to && from > to) validation('from', 'must not be after to')
  const { limit, offset } = pageWindow(query)
  const f = {
    siteId,
    entityType: query.entity_type,
    action: query.action,
    userId: query.user_id?.toLowerCase(),
    apiKeyId: query.api_key_id?.toLowerCase(),
    from,
    to,
  }
  const { rows, total } = await q.siteEntries(ctx.db, f, limit, offset)
  return paginate(rows.map(presentEntry), total, query)
}

/**
 * Whether the caller may see the audit trail of a site (or of site-less records: null). Another site, a deleted
 * site, or an entity no entry names are one 404: the audit endpoints never reveal that a record exists.
 */
async function canSee(ctx: Ctx, siteId: string | null): Promise<boolean> {
  if (levelOnSite(ctx.principal, siteId) === null) return false
  return siteId === null || ctx.deps.sites.isLive(siteId)
}

/** The entity's site, from its newest audit row (every write of it is audited with its owning site). */
async function requireEntityTrail(ctx: Ctx, p: EntityParams): Promise<void> {
  const found = await q.entitySite(ctx.db, p.entity_type, p.entity_id)
  if (!found || !(await canSee(ctx, found.siteId))) notFound(entityNamed(p.entity_type) ?? 'entity')
}

export async function entityAudit(ctx: Ctx, p: EntityParams): Promise<AuditLogEntry[]> {
  await requireEntityTrail(ctx, p)
  return (await q.entityEntries(ctx.db, p.entity_type, p.entity_id, ENTITY_MAX)).map(presentEntry)
}

export async function entityHistory(ctx: Ctx, p: EntityParams): Promise<ChangeHistoryEntry[]> {
  await requireEntityTrail(ctx, p)
  return (await q.entityHistory(ctx.db, p.entity_type, p.entity_id, ENTITY_MAX)).map(presentChange)
}

/**
 * Field values to restore: per field, the old value of its earliest chosen change (the value before the chosen
 * changes). Every rule that can refuse is checked before anything is written.
 */
function restoredValues(changes: ChangeHistoryRow[]): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const c of changes) {
    if (NEVER_REVERTIBLE.has(c.field_name) || ALWAYS_SECRET.includes(c.field_name)) {
      validation('change_ids', `field ${c.field_name} can never be reverted`)
    }
    if (!(c.field_name in values)) values[c.field_name] = c.old_value ?? null
  }
  return values
}

/**
 * Restores the chosen fields of one entity through the entity's revert hook (its module's own update, in one
 * mutate() recorded as action Revert with the change ids): 404 for an unknown id (or one outside the caller's
 * sites), 400 for ids of several entities, an entity type that cannot be reverted, a never-revertible field or an
 * old value the update rules no longer accept.
 */
export async function revert(ctx: Ctx, body: RevertBody): Promise<RevertResult> {
  const changes = await q.changesById(ctx.db, body.change_ids)
  if (changes.length !== body.change_ids.length) notFound('change')
  for (const s of new Set(changes.map((c) => c.site_id))) if (!(await canSee(ctx, s))) notFound('change')
  const first = changes[0] ?? notFound('change')
  if (changes.some((c) => c.entity_type !== first.entity_type || c.entity_id !== first.entity_id)) {
    validation('change_ids', 'must all belong to one entity')
  }
  const entity = entityNamed(first.entity_type)
  const hook = entity && revertOf(entity)
  if (!hook) return validation('change_ids', `changes of ${first.entity_type} cannot be reverted`)
  const values = restoredValues(changes)
  for (const [field, value] of Object.entries(values)) {
    const prop = hook.body.properties[field]
    if (!prop) return validation('change_ids', `field ${field} cannot be reverted`)
    if (!Check(Type.Object({ v: prop }), { v: value })) validation(field, 'the old value is not accepted by the update rules any more')
  }
  await requireRecord(ctx, entity, first.entity_id, 'Admin')
  await asRevert(ctx, body.change_ids, () => hook.apply(ctx, first.entity_id, values))
  return { entity_type: first.entity_type, entity_id: first.entity_id, fields_reverted: Object.keys(values).sort() }
}

/**
 * The daily audit retention (workers/retention.ts claims the day): with ATRIUM_AUDIT_RETENTION_DAYS set, change
 * history and then audit entries older than that are deleted in short batches. Unset: nothing is deleted.
 */
export async function pruneAudit(deps: Deps): Promise<{ history: number; entries: number } | null> {
  const days = deps.config.auditRetentionDays
  if (days === undefined) return null
  const db = deps.dbh.background
  const before = new Date(deps.clock.now().getTime() - days * 86_400_000)
  const paced = jobPace(deps.dbh.kind, deps.config.maintenanceShare)
  const history = await deleteInBatches(paced, () => q.deleteHistoryBatch(db, before, DELETE_BATCH))
  const entries = await deleteInBatches(paced, () => q.deleteAuditBatch(db, before, DELETE_BATCH))
  return { history, entries }
}
