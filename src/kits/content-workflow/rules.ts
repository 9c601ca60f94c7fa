import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ReadDb, Tx } from '../../db/client.js'
import { contentSites } from '../../db/schema/content.js'
import { sites } from '../../db/schema/sites.js'
import { notFound, toApiError, validation } from '../../http/errors.js'
import type { PublishedRecord, ScheduledSource } from './scheduled-publish.js'
import { requireRecord, requireSite, requireSites, satisfies } from '../../core/access.js'
import { carriersOf, freeCloneSlug, retireContent } from '../../core/content.js'
import type { Ctx } from '../../core/context.js'
import type { Entity } from '../../core/entities.js'
import type { EventType } from '../../core/events.js'
import { mutate, type DomainEvent, type MutationOutcome, type ReaderImpact } from '../../core/mutation.js'
import { notifyReviewed, notifySubmitted, type NotifiableEntity } from '../../core/notifications.js'
import type { ContentItemTable } from '../../core/scopes.js'
import { becomesPublished, becomesSubmitted, statusAfterReview, statusAfterUpdate, type ContentStatus, type ReviewAction } from '../../core/workflow.js'

/*
 * The editorial workflow of every content kind (blogs, pages), written once and
 * parametrised by a ContentWorkflow: what a kind's rows look like, how to lock, change and present one, and which
 * lookup keys (blog slug, page route) reach it. The kit gives each kind:
 *   - the rules of a write: who may publish, publish window checks, the events of a change (`*.published` when it
 *     goes live), the readers it refreshes, the reviewers' notification on submit;
 *   - review (POST /<kind>s/{id}/review): Approve → Published or Scheduled, RequestChanges → Draft, notifications,
 *     `*.reviewed` (and `*.published`);
 *   - bulk (POST /sites/{site_id}/<kind>s/bulk): each id on its own through the kind's own update and delete;
 *   - the scheduler source (kits/content-workflow/scheduled-publish.ts): claim a due Scheduled row, publish it.
 * Pure status rules stay in core/workflow.ts; slugs, routes and clone suffixes in core/content.ts.
 */

/** The workflow columns every content kind's row has. */
export interface WorkflowRow {
  id: string
  content_id: string
  site_id: string
  status: ContentStatus
  publish_start: Date | null
  created_by_idp: string | null
}

/** The wire form of a record: what events carry and GET answers. */
export interface WorkflowRecord {
  id: string
  site_id: string
  site_ids: string[]
}

/** A content table the scheduler can claim from. */
export type ScheduledTable = ContentItemTable & { status: AnyPgColumn; publish_start: AnyPgColumn }

export interface ContentWorkflow<R extends WorkflowRow, W extends WorkflowRecord> {
  /** Notification entity type (blog, page). */
  type: NotifiableEntity
  /** Declares `<name>.created|updated|deleted|reviewed|published`. */
  entity: Entity<EventType>
  table: ScheduledTable
  /** The live row, locked for the rest of the transaction. */
  lock(tx: Tx, id: string): Promise<R | undefined>
  update(tx: Tx, id: string, patch: Record<string, unknown>): Promise<R>
  present(row: R, siteIds: string[]): W
  /** Fields a move into Published sets besides published_at (blogs: published_date). */
  publishFields?(tx: Tx, row: R, now: Date): Promise<Record<string, unknown>>
  /** What notifications call the record (its default-locale title, or a fallback). */
  title(db: ReadDb, row: R): Promise<string>
  /**
   * What the kit's own audit entries (review, scheduled publish) call the record, as the kind's writes do (the
   * decisions' `record_label`). Without it the record's own fields name it (core/mutation.ts recordLabel).
   */
  label?(db: ReadDb, row: R): Promise<string>
  /** Lookup keys the record is reached by in its sites (blog slug, page route): their cached answers are refreshed. */
  keys(record: W): string[]
}

// ---- rules of a write ----

export interface SiteRules {
  editorial_workflow_enabled: boolean
  timezone: string
}

/** Workflow settings of a live site (404 when it is gone). */
export async function siteRules(db: ReadDb, siteId: string): Promise<SiteRules> {
  const [row] = await db
    .select({ editorial_workflow_enabled: sites.editorial_workflow_enabled, timezone: sites.timezone })
    .from(sites)
    .where(and(eq(sites.id, siteId), isNull(sites.deleted_at)))
  return row ?? notFound('site')
}

/**
 * The live record locked for an update, the site's workflow settings and the sites carrying the content (owner
 * first; an update changes neither), in one statement: an update's first round trip does the work of three.
 * Undefined when the record is gone; 404 when its site is.
 */
export async function lockForUpdate<T extends ContentItemTable>(
  tx: Tx,
  table: T,
  id: string,
): Promise<{ row: T['$inferSelect']; site: SiteRules; siteIds: string[] } | undefined> {
  const [found] = await tx
    .select({
      row: table,
      editorial_workflow_enabled: sites.editorial_workflow_enabled,
      timezone: sites.timezone,
      site_ids: sql<
        string[]
      >`coalesce((select array_agg(${contentSites.site_id}::text order by ${contentSites.position}) from ${contentSites} where ${contentSites.content_id} = ${table.content_id}), '{}'::text[])`,
    })
    .from(table as PgTable)
    .leftJoin(sites, and(eq(sites.id, table.site_id), isNull(sites.deleted_at)))
    .where(and(eq(table.id, id), isNull(table.deleted_at)))
    .for('update', { of: table as PgTable })
  if (!found) return undefined
  const { row, site_ids: siteIds, editorial_workflow_enabled, timezone } = found
  if (editorial_workflow_enabled === null || timezone === null) return notFound('site')
  return { row, site: { editorial_workflow_enabled, timezone }, siteIds }
}

/** canPublish for core/workflow: the editorial workflow is off, or the caller is a Reviewer (or above) on the site. */
export function canPublish(ctx: Ctx, siteId: string, site: SiteRules): boolean {
  return !site.editorial_workflow_enabled || satisfies(ctx.principal, siteId, 'Reviewer')
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at)
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** A body's timestamp: undefined keeps `fallback`, null clears. */
export const toDate = (v: string | null | undefined, fallback: Date | null): Date | null => (v === undefined ? fallback : v === null ? null : new Date(v))

/** 400 when publish_end is not after publish_start. */
export function checkWindow(start: Date | null, end: Date | null): void {
  if (start && end && end.getTime() <= start.getTime()) validation('publish_end', 'must be after publish_start')
}

function eventOf(entity: Entity<EventType>, suffix: string): EventType {
  const type = entity.events.find((e) => e === `${entity.name}.${suffix}`)
  if (!type) throw new Error(`entity "${entity.name}" declares no ${entity.name}.${suffix} event`)
  return type
}

/** Events of a change: `<kind>.<suffix>`, plus `<kind>.published` when it became Published. */
export function contentEvents<W extends WorkflowRecord>(
  wf: ContentWorkflow<WorkflowRow, W>,
  suffix: 'created' | 'updated' | 'deleted',
  record: W,
  published: boolean,
): DomainEvent[] {
  const events: DomainEvent[] = [{ type: eventOf(wf.entity, suffix), siteId: record.site_id, data: record }]
  if (published) events.push({ type: eventOf(wf.entity, 'published'), siteId: record.site_id, data: record })
  return events
}

/** A change of the record: its own answers (by id, and by its lookup keys before and after) and every carrying site's lists. */
export function contentReaders<W extends WorkflowRecord>(wf: ContentWorkflow<WorkflowRow, W>, record: W, oldKeys: readonly string[] = []): ReaderImpact {
  return {
    records: [{ entity: wf.entity, id: record.id, siteIds: record.site_ids, slugs: [...new Set([...oldKeys, ...wf.keys(record)])] }],
    lists: record.site_ids,
  }
}

/** Submitting for review (a move into InReview) notifies the site's reviewers, in the write's transaction. */
export async function notifyIfSubmitted<R extends WorkflowRow>(tx: Tx, wf: ContentWorkflow<R, WorkflowRecord>, from: ContentStatus, row: R): Promise<void> {
  if (!becomesSubmitted(from, row.status)) return
  await notifySubmitted(tx, { siteId: row.site_id, entityType: wf.type, entityId: row.id, title: await wf.title(tx, row) })
}

/** The fields a move into Published sets: published_at now, plus the kind's own. */
export async function publishFields<R extends WorkflowRow>(
  tx: Tx,
  wf: ContentWorkflow<R, WorkflowRecord>,
  row: R,
  now: Date,
): Promise<Record<string, unknown>> {
  return { published_at: now, ...(wf.publishFields ? await wf.publishFields(tx, row, now) : {}) }
}

/** Where an update leaves a record's status and publish window. */
export interface StatusMove {
  status: ContentStatus
  publishStart: Date | null
  publishEnd: Date | null
  /** It becomes Published by this update. */
  published: boolean
}

/** The status and window a create asks for: as plannedMove from Draft, with no window before it. */
export function plannedCreate(
  ctx: Ctx,
  siteId: string,
  site: SiteRules,
  body: { status?: ContentStatus | undefined; publish_start?: string | null | undefined; publish_end?: string | null | undefined },
  now: Date,
): StatusMove {
  const publishStart = toDate(body.publish_start, null)
  const publishEnd = toDate(body.publish_end, null)
  checkWindow(publishStart, publishEnd)
  const status = statusAfterUpdate({ from: 'Draft', to: body.status ?? 'Draft', canPublish: canPublish(ctx, siteId, site), publishStart, now })
  return { status, publishStart, publishEnd, published: becomesPublished('Draft', status) }
}

/** The creator columns of a new content row: who made it (the user's identity-provider id too) and when. */
export function createdBy(ctx: Ctx, now: Date) {
  const p = ctx.principal
  return { created_by: p.actorId, created_by_idp: p.kind === 'user' ? p.idpUserId : null, created_at: now, updated_at: now }
}

/**
 * The head of every clone: the copy lands in every site carrying the source and, like a create, needs Author in each
 * (the route checked the owner); its slug is the first free "<slug>-copy", "-copy-2", … in all of them.
 */
export async function cloneTargets(
  ctx: Ctx,
  tx: Tx,
  wf: ContentWorkflow<WorkflowRow, WorkflowRecord>,
  source: { site_id: string; content_id: string; slug: string },
): Promise<{ siteIds: string[]; slug: string }> {
  const siteIds = await siteIdsOf(tx, source.content_id)
  await requireSites(
    ctx,
    siteIds.filter((s) => s !== source.site_id),
    'Author',
  )
  return { siteIds, slug: await freeCloneSlug(tx, wf.type, siteIds, source.slug) }
}

/**
 * The status and window a partial update asks for: core/workflow statusAfterUpdate (403 when publishing is not
 * allowed, 409 INVALID_STATE for a submit from a state other than Draft), 400 for a window that ends before it
 * starts or a Scheduled record without publish_start.
 */
export function plannedMove(
  ctx: Ctx,
  wf: ContentWorkflow<WorkflowRow, WorkflowRecord>,
  before: WorkflowRow & { publish_end: Date | null },
  site: SiteRules,
  body: { status?: ContentStatus | undefined; publish_start?: string | null | undefined; publish_end?: string | null | undefined },
  now: Date,
): StatusMove {
  const publishStart = toDate(body.publish_start, before.publish_start)
  const publishEnd = toDate(body.publish_end, before.publish_end)
  checkWindow(publishStart, publishEnd)
  const status =
    body.status === undefined
      ? before.status
      : statusAfterUpdate({ from: before.status, to: body.status, canPublish: canPublish(ctx, before.site_id, site), publishStart, now })
  if (status === 'Scheduled' && publishStart === null) validation('publish_start', `is required while the ${wf.entity.label} is Scheduled`)
  return { status, publishStart, publishEnd, published: becomesPublished(before.status, status) }
}

/**
 * The tail of every content update: reviewers are notified of a submit; the outcome audits the record before and
 * after (with the status move), fires `*.updated` (and `*.published`) and refreshes the answers reached by the
 * record's old lookup key as well as its new ones.
 */
export async function updatedOutcome<R extends WorkflowRow, W extends WorkflowRecord>(
  tx: Tx,
  wf: ContentWorkflow<R, W>,
  w: { before: R; after: R; siteIds: string[]; move: StatusMove; oldKey: string },
): Promise<MutationOutcome<W>> {
  await notifyIfSubmitted(tx, wf, w.before.status, w.after)
  const wire = wf.present(w.after, w.siteIds)
  return {
    result: wire,
    siteId: w.after.site_id,
    entityId: w.after.id,
    before: wf.present(w.before, w.siteIds),
    after: wire,
    ...(w.move.status !== w.before.status ? { metadata: { from: w.before.status, to: w.move.status } } : {}),
    events: contentEvents(wf, 'updated', wire, w.move.published),
    readers: contentReaders(wf, wire, [w.oldKey]),
  }
}

/** The head of every content delete: the live record locked (404 when none), soft-deleted, its content item retired. */
export async function retireRecord<R extends WorkflowRow, W extends WorkflowRecord>(
  tx: Tx,
  wf: ContentWorkflow<R, W>,
  id: string,
  now: Date,
): Promise<{ before: R; wire: W }> {
  const before = (await wf.lock(tx, id)) ?? notFound(wf.entity)
  await wf.update(tx, id, { deleted_at: now, updated_at: now })
  await retireContent(tx, before.content_id)
  return { before, wire: wf.present(before, await siteIdsOf(tx, before.content_id)) }
}

/** Carrying sites of a content item, owning site first. */
export async function siteIdsOf(db: ReadDb, contentId: string): Promise<string[]> {
  return (await carriersOf(db, [contentId])).get(contentId) ?? []
}

// ---- review ----

export interface ReviewInput {
  action: ReviewAction
  comment?: string | undefined
}

/**
 * POST /<kind>s/{id}/review (Reviewer on the owning site): Approve → Published, or Scheduled when publish_start
 * is in the future; RequestChanges → Draft. Only from InReview (409 INVALID_STATE). Notifies the author,
 * fires `<kind>.reviewed` (and `<kind>.published` when it goes live). 404 unknown or deleted record.
 */
export async function reviewContent<R extends WorkflowRow, W extends WorkflowRecord>(
  ctx: Ctx,
  wf: ContentWorkflow<R, W>,
  id: string,
  body: ReviewInput,
): Promise<W> {
  return mutate(ctx, { entity: wf.entity, action: 'Review' }, async (tx) => {
    const before = (await wf.lock(tx, id)) ?? notFound(wf.entity)
    const now = ctx.clock.now()
    const to = statusAfterReview(before.status, body.action, before.publish_start, now)
    const publishing = becomesPublished(before.status, to)
    const after = await wf.update(tx, id, { status: to, updated_at: now, ...(publishing ? await publishFields(tx, wf, before, now) : {}) })
    // A review changes no carrying site: the record before and after is carried by the same ones.
    const siteIds = await siteIdsOf(tx, after.content_id)
    const wire = wf.present(after, siteIds)
    await notifyReviewed(tx, {
      siteId: after.site_id,
      entityType: wf.type,
      entityId: id,
      title: await wf.title(tx, after),
      recipientIdp: after.created_by_idp,
      approved: body.action === 'Approve',
      comment: body.comment,
      at: now,
    })
    const outcome = { action: body.action, comment: body.comment ?? null, from: before.status, to }
    const events: DomainEvent[] = [{ type: eventOf(wf.entity, 'reviewed'), siteId: after.site_id, data: { ...wire, review: outcome } }]
    if (publishing) events.push({ type: eventOf(wf.entity, 'published'), siteId: after.site_id, data: wire })
    return {
      result: wire,
      siteId: after.site_id,
      entityId: id,
      before,
      after,
      current: wf.present(before, siteIds),
      metadata: outcome,
      ...(wf.label ? { label: await wf.label(tx, after) } : {}),
      events,
      readers: contentReaders(wf, wire),
    }
  })
}

// ---- bulk ----

export interface BulkInput {
  action: 'UpdateStatus' | 'Delete'
  ids: string[]
  status?: ContentStatus | undefined
}

export interface BulkOutcome {
  total: number
  succeeded: number
  failed: number
  results: Array<{ id: string; success: boolean; error?: string }>
}

/** The kind's own single-record writes, which bulk runs per id (so every rule of a single write applies). */
export interface BulkOps {
  update(ctx: Ctx, id: string, body: { status: ContentStatus }): Promise<unknown>
  remove(ctx: Ctx, id: string): Promise<void>
}

/*
 * POST /sites/{site_id}/<kind>s/bulk: at most 100 ids (400 above, from the body
 * schema), each handled on its own in its own mutate(), so one failing id changes nothing of itself and does not
 * undo the others. UpdateStatus needs Author, Delete needs Editor, both on the site, which must own each record.
 * UpdateStatus follows the same transition rules as a single update.
 */
export async function bulkContent(ctx: Ctx, entity: Entity, ops: BulkOps, siteId: string, body: BulkInput): Promise<BulkOutcome> {
  const status = body.action === 'UpdateStatus' ? (body.status ?? validation('status', 'is required for UpdateStatus')) : undefined
  if (status === undefined) await requireSite(ctx, siteId, 'Editor')
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))]
  const results: BulkOutcome['results'] = []
  for (const id of ids) {
    try {
      const scope = await requireRecord(ctx, entity, id, status === undefined ? 'Editor' : 'Author')
      if (scope.siteId !== siteId) notFound(entity)
      if (status === undefined) await ops.remove(ctx, id)
      else await ops.update(ctx, id, { status })
      results.push({ id, success: true })
    } catch (err) {
      const api = toApiError(err)
      if (api.status >= 500) ctx.log.error({ err, id }, `bulk ${entity.name} action failed`)
      results.push({ id, success: false, error: api.message })
    }
  }
  const succeeded = results.filter((r) => r.success).length
  return { total: results.length, succeeded, failed: results.length - succeeded, results }
}

// ---- scheduler ----

/**
 * Claims one due Scheduled record of a live site: `FOR UPDATE SKIP LOCKED`, so a row another worker holds is
 * passed over, and a row it has just published no longer matches (the WHERE is re-checked on the new version).
 */
export async function claimDue<R>(tx: Tx, table: ScheduledTable, now: Date): Promise<R | undefined> {
  const [row] = await tx
    .select()
    .from(table)
    .where(
      and(
        eq(table.status, 'Scheduled'),
        isNull(table.deleted_at),
        lte(table.publish_start, now),
        sql`exists (select 1 from ${sites} where ${sites.id} = ${table.site_id} and ${sites.deleted_at} is null)`,
      ),
    )
    .orderBy(asc(table.publish_start), asc(table.id))
    .limit(1)
    .for('update', { skipLocked: true })
  return row as R | undefined
}

/** The kind's scheduled records for kits/content-workflow/scheduled-publish.ts: claim a due one, publish it. */
export function scheduledSource<R extends WorkflowRow, W extends WorkflowRecord>(wf: ContentWorkflow<R, W>): ScheduledSource<R> {
  return {
    entity: wf.entity,
    claimDue: (tx, now) => claimDue<R>(tx, wf.table, now),
    async publish(tx, before, now): Promise<PublishedRecord> {
      const after = await wf.update(tx, before.id, { status: 'Published', updated_at: now, ...(await publishFields(tx, wf, before, now)) })
      const siteIds = await siteIdsOf(tx, after.content_id)
      const data = wf.present(after, siteIds)
      const label = wf.label ? { label: await wf.label(tx, after) } : {}
      return { siteId: after.site_id, siteIds: data.site_ids, entityId: after.id, slugs: wf.keys(data), before, after, data, ...label }
    },
  }
}
