import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client.js'
import { auditLogs, changeHistory, outboxEvents } from '../db/schema/audit.js'
import { bumpVersions, listVersionKey, recordVersionKey, siteVersionKey } from './content-version.js'
import { writerOf, type Ctx, type Deps } from './context.js'
import type { Entity } from './entities.js'
import type { EventType } from './events.js'
import { checkVersion } from './versions.js'

export type AuditAction =
  'Create' | 'Update' | 'Delete' | 'Review' | 'Revert' | 'Login' | 'Block' | 'Unblock' | 'Revoke' | 'Publish' | 'Export' | 'Import' | 'Redeliver'

/** A webhook event produced by a mutation; written to the outbox in the same transaction. */
export interface DomainEvent {
  type: EventType
  siteId: string | null
  data: unknown
}

/**
 * What a mutation changes for readers; mutate() refreshes the caches after the commit, before the caller answers,
 * so no instance serves a stale read after a write (core/content-version.ts).
 */
export interface ReaderImpact {
  /**
   * Records whose own answers change, with every site showing them and every slug they are (or were) reached by
   * in those sites: their by-id and by-slug answers are refreshed, other records' stay cached.
   */
  records?: ReadonlyArray<{ entity: Entity; id: string; siteIds: readonly string[]; slugs?: readonly string[] }>
  /** Sites whose lists, feeds, counts and similar answers change (a record appeared, left or changed in them). */
  lists?: readonly string[]
  /**
   * Sites whose every answer may change: the site record itself, its locales or settings, or terms embedded in
   * its content (tag and category names). Also drops the site's liveness cache.
   */
  sites?: readonly string[]
  /** API keys whose cached authentication must be dropped (blocked, revoked, changed). */
  apiKeys?: readonly string[]
}

/** The version keys a record change bumps: its id handle and its slug handle in every site showing it. */
export function recordHandles(r: { entity: Entity; id: string; siteIds: readonly string[]; slugs?: readonly string[] }): string[] {
  const slugs = [...new Set(r.slugs ?? [])]
  return [`${r.entity.name}:${r.id}`, ...r.siteIds.flatMap((site) => slugs.map((slug) => `${r.entity.name}:slug:${site}:${slug}`))]
}

export interface MutationSpec {
  entity: Entity
  action: AuditAction
  /** Fields never copied into audit metadata or change history (secrets, digests). */
  secretFields?: readonly string[]
}

export interface MutationOutcome<T> {
  result: T
  siteId: string | null
  entityId: string | null
  /** Row before and after: their differing fields become change-history rows. */
  before?: object | null
  after?: object | null
  /**
   * The record as the write found it, in its presented form (as GET by id answers it), read under the row lock:
   * the request's If-Match is checked against its version (core/versions.ts). Default `before`; give it where
   * `before` is not the presented record (a delete, a row before presenting).
   */
  current?: object | null
  metadata?: Record<string, unknown>
  /**
   * The audit entry's `record_label`, where the record's own fields do not name it (recordLabel reads after, current,
   * before and metadata); null: the record has no name.
   */
  label?: string | null
  /**
   * A write of several records (an import, a merge): one audit entry each, with its own change history, instead of
   * the one entry `siteId`, `entityId`, `before`, `after` and `metadata` describe. Entity and action default to the
   * mutation's.
   */
  audit?: readonly AuditEntry[]
  events?: DomainEvent[]
  /** What readers see differently from now on; applied after the commit. */
  readers?: ReaderImpact
}

/** One audit entry of a mutation that writes several records (MutationOutcome.audit). */
export interface AuditEntry {
  entity?: Entity
  action?: AuditAction
  siteId: string | null
  entityId: string | null
  before?: object | null
  after?: object | null
  /** The record as the write found it, and the mutation's answer: read for the label only. */
  current?: object | null
  answer?: unknown
  metadata?: Record<string, unknown>
  /** As MutationOutcome.label. */
  label?: string | null
}

/** Contexts running a revert (asRevert): their Update mutations are recorded as Revert with the change ids. */
const reverting = new WeakMap<Ctx, readonly string[]>()

/**
 * Runs a module's own update as a revert of the given change-history rows: the audit row says `Revert` (not
 * `Update`) and carries `reverted_change_ids`; history rows and events are written as for any update.
 */
export async function asRevert<T>(ctx: Ctx, changeIds: readonly string[], fn: () => Promise<T>): Promise<T> {
  reverting.set(ctx, changeIds)
  try {
    return await fn()
  } finally {
    reverting.delete(ctx)
  }
}

/** Fields that change on every write and say nothing a reviewer needs. */
const NOT_HISTORY = new Set(['updated_at'])
export const ALWAYS_SECRET = ['key_digest', 'secret', 'api_key', 'api_key_encrypted', 'password']

/** JSON-safe copy: Dates become ISO strings, undefined becomes null. */
function plain(v: unknown): unknown {
  if (v === undefined) return null
  return JSON.parse(JSON.stringify(v)) as unknown
}

function changedFields(before: object, after: object, hidden: Set<string>) {
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  const out: Array<{ field: string; old: unknown; new: unknown }> = []
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (hidden.has(field) || NOT_HISTORY.has(field)) continue
    const ov = plain(b[field])
    const nv = plain(a[field])
    if (JSON.stringify(ov) !== JSON.stringify(nv)) out.push({ field, old: ov, new: nv })
  }
  return out
}

function scrub(meta: Record<string, unknown> | undefined, hidden: Set<string>): unknown {
  if (!meta) return null
  return plain(Object.fromEntries(Object.entries(meta).filter(([k]) => !hidden.has(k))))
}

/**
 * Fields that name a record, best first: what an editor calls it (title, name), then how it is addressed (slug,
 * route), then what identifies records that have neither (a social link's label or else its platform, a file's name,
 * a redirect's source, a locale's code). Never a URL or an email: audit entries are read by callers who may not see those
 * (a webhook's URL can carry its receiver's token); such records give their label themselves.
 */
const LABEL_FIELDS = ['title', 'name', 'slug', 'route', 'label', 'platform', 'filename', 'file_name', 'source_path', 'code'] as const
const LABEL_MAX = 200

function labelIn(v: object | null | undefined): string | null {
  if (!v) return null
  const r = v as Record<string, unknown>
  for (const f of LABEL_FIELDS) {
    const s = r[f]
    if (typeof s === 'string' && s.trim() !== '') return s.trim().slice(0, LABEL_MAX)
  }
  return null
}

/**
 * An audit entry's `record_label`: the record's name at the time of the change, so the log speaks in names even after
 * the record is renamed or deleted. The module's own label wins; else the first naming field of the record after the
 * change, as answered, as found, before it, or of the metadata; null when none names it.
 */
export function recordLabel(e: AuditEntry): string | null {
  if (e.label !== undefined) return e.label === null ? null : e.label.trim().slice(0, LABEL_MAX) || null
  const answer = typeof e.answer === 'object' && !Array.isArray(e.answer) ? e.answer : null
  return labelIn(e.after) ?? labelIn(answer) ?? labelIn(e.current) ?? labelIn(e.before) ?? labelIn(e.metadata)
}

/** Rows per INSERT statement: a few thousand bound parameters, far below PostgreSQL's 65,535. */
const BATCH = 500

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH))
  return out
}

/**
 * Several INSERTs as one statement: all but the last as data-modifying WITH queries. Foreign keys between them
 * (change history → audit row) hold: constraint checks run at the end of the statement.
 */
function oneStatement(inserts: SQL[]): SQL {
  const last = inserts[inserts.length - 1] as SQL
  if (inserts.length === 1) return last
  const withs = sql.join(
    inserts.slice(0, -1).map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`),
    sql`, `,
  )
  return sql`with ${withs} ${last}`
}

/**
 * The deliveries of the events in the WITH query `events` (an outbox insert's returning rows): one per matching live,
 * active webhook of the event's site (a change is matched when it commits). It runs in the
 * mutation's last statement, so on PostgreSQL (read committed) it sees exactly the webhooks committed before that
 * statement began: a webhook whose transaction commits after the change's can never match it, and one deleted or
 * deactivated before no longer does. A webhook committing in the short window between this statement and the
 * change's commit misses the change, the safe side of the rule. Embedded, transactions run one at a time.
 * The events are inserted already dispatched: the worker only sends (webhooks_site_idx finds a site's webhooks).
 */
function matchWebhooks(events: SQL, now: Date): SQL {
  const at = now.toISOString()
  return sql`insert into webhook_deliveries (webhook_id, event_id, event_type, payload, next_attempt_at, created_at)
    select w.id, e.id, e.event_type, e.payload, ${at}::timestamptz, ${at}::timestamptz
      from ${events} e
      join webhooks w on w.site_id = e.site_id and w.deleted_at is null and w.is_active
       and (w.events = '[]'::jsonb or w.events ? e.event_type)`
}

interface Actor {
  user: string | null
  key: string | null
}

/** The audit rows and their change-history rows of a mutation's entries. */
function trailRows(entries: readonly AuditEntry[], defaults: { entity: Entity; action: AuditAction }, actor: Actor, hidden: Set<string>, now: Date) {
  const audits: Array<typeof auditLogs.$inferInsert> = []
  const history: Array<typeof changeHistory.$inferInsert> = []
  for (const e of entries) {
    const auditId = randomUUID()
    const entityType = (e.entity ?? defaults.entity).name
    audits.push({
      id: auditId,
      site_id: e.siteId,
      user_id: actor.user,
      api_key_id: actor.key,
      action: e.action ?? defaults.action,
      entity_type: entityType,
      entity_id: e.entityId,
      record_label: recordLabel(e),
      metadata: scrub(e.metadata, hidden),
      created_at: now,
    })
    const changes = e.before && e.after && e.entityId ? changedFields(e.before, e.after, hidden) : []
    for (const c of changes) {
      history.push({
        site_id: e.siteId,
        audit_log_id: auditId,
        entity_type: entityType,
        entity_id: e.entityId as string,
        field_name: c.field,
        old_value: c.old,
        new_value: c.new,
        changed_by: actor.user,
        api_key_id: actor.key,
        changed_at: now,
      })
    }
  }
  return { audits, history }
}

/**
 * Writes the audit rows, their change history and the outbox rows (with their webhook deliveries) in one statement:
 * one round trip, not three. A write of many records (an import) takes several, so that no statement passes
 * PostgreSQL's limit of bound parameters.
 */
async function writeTrail(tx: Tx, rows: ReturnType<typeof trailRows>, events: readonly DomainEvent[], now: Date): Promise<void> {
  const outbox = events.map((e) => ({
    site_id: e.siteId,
    event_type: e.type,
    payload: { type: e.type, timestamp: now.toISOString(), site_id: e.siteId, data: plain(e.data) },
    created_at: now,
    dispatched_at: now,
  }))
  // A part is one or more SQL pieces; a piece names an earlier piece of its part by its WITH alias (`first` is the first's).
  const parts: Array<(first: number) => SQL[]> = [
    ...batches(rows.audits).map((b) => () => [tx.insert(auditLogs).values(b).getSQL()]),
    ...batches(rows.history).map((b) => () => [tx.insert(changeHistory).values(b).getSQL()]),
    ...batches(outbox).map((b) => (first: number) => [
      tx
        .insert(outboxEvents)
        .values(b)
        .returning({ id: outboxEvents.id, site_id: outboxEvents.site_id, event_type: outboxEvents.event_type, payload: outboxEvents.payload })
        .getSQL(),
      matchWebhooks(sql.raw(`w${first}`), now),
    ]),
  ]
  if (rows.audits.length + rows.history.length + outbox.length > BATCH) {
    for (const part of parts) await tx.execute(oneStatement(part(0)))
    return
  }
  const pieces: SQL[] = []
  for (const part of parts) pieces.push(...part(pieces.length))
  if (pieces.length > 0) await tx.execute(oneStatement(pieces))
}

/**
 * The only way to write: runs fn in one transaction and, in that same transaction, writes the audit
 * entry (one per record for `audit`), field-level change history (from before/after) and the outbox rows of its
 * webhook events. Either all of it commits or none of it does.
 */
export async function mutate<T>(ctx: Ctx, spec: MutationSpec, fn: (tx: Tx) => Promise<MutationOutcome<T>>): Promise<T> {
  const hidden = new Set([...ALWAYS_SECRET, ...(spec.secretFields ?? [])])
  // The actor: the user's UUID or the key's id, each in its own column (never `api_key:<id>`)
  const p = ctx.principal
  const actor: Actor = { user: p.kind === 'user' ? p.userId : null, key: p.kind === 'api_key' ? p.keyId : null }
  const revertOf = spec.action === 'Update' ? reverting.get(ctx) : undefined
  const action: AuditAction = revertOf ? 'Revert' : spec.action
  let readers: ReaderImpact | undefined
  const result = await writerOf(ctx).transaction(async (tx) => {
    const out = await fn(tx)
    // In the transaction, after the write: a 412 rolls it back, and the row lock held since `current` was read
    // keeps any other write from slipping in between.
    checkVersion(ctx, out.current ?? out.before, hidden)
    readers = out.readers
    const now = ctx.clock.now()
    const entries = out.audit ?? [
      {
        siteId: out.siteId,
        entityId: out.entityId,
        before: out.before,
        after: out.after,
        current: out.current,
        answer: out.result,
        label: out.label,
        metadata: revertOf ? { ...out.metadata, reverted_change_ids: revertOf } : out.metadata,
      },
    ]
    await writeTrail(tx, trailRows(entries, { entity: spec.entity, action }, actor, hidden, now), out.events ?? [], now)
    return out.result
  })
  if (readers) await refreshReaders(ctx.deps, readers)
  return result
}

/** After-commit cache work of a mutation. */
export async function refreshReaders(deps: Deps, r: ReaderImpact): Promise<void> {
  const versions = [
    ...(r.records ?? []).flatMap((rec) => recordHandles(rec).map(recordVersionKey)),
    ...(r.lists ?? []).map(listVersionKey),
    ...(r.sites ?? []).map(siteVersionKey),
  ]
  await Promise.all([
    ...(r.sites ?? []).map((s) => deps.sites.invalidate(s)),
    ...(r.apiKeys ?? []).map((k) => deps.keys.invalidate(k)),
    versions.length > 0 ? bumpVersions(deps, versions) : Promise.resolve(),
  ])
}
