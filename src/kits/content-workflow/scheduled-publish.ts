import type { Ctx } from '../../core/context.js'
import type { Entity } from '../../core/entities.js'
import type { EventType } from '../../core/events.js'
import { mutate, type DomainEvent } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'

/*
 * Scheduled → Published once publish_start has passed (within a minute, exactly once
 * across instances, firing *.updated; plus *.published, as every move into Published does).
 *
 * Table-agnostic: each content kind supplies a ScheduledSource (kits/content-workflow/rules.ts scheduledSource: blogs, pages). Each due record is
 * claimed and published in its own mutate() transaction: the claim is `SELECT … FOR UPDATE SKIP LOCKED`
 * on a still-Scheduled, due row, so concurrent workers on other instances never take the same record,
 * and a row another worker has just published no longer matches (PostgreSQL re-checks the WHERE on the
 * newest row version). When nothing is left to claim the transaction is rolled back: an idle tick writes
 * no audit row.
 */

export interface PublishedRecord {
  /** Owning site: the audit row's site and the events' site. */
  siteId: string
  /** Every site carrying the record: what they show is refreshed after commit. */
  siteIds: string[]
  entityId: string
  /** Slugs the record is reached by in its sites (by-slug answers to refresh). */
  slugs?: string[]
  before: object
  after: object
  /** The record as webhooks carry it. */
  data: unknown
  /** The audit entry's record_label, where the record's own fields do not name it (ContentWorkflow.label). */
  label?: string
}

export interface ScheduledSource<R = unknown> {
  /** Audit entity; it fires `<name>.updated` and `<name>.published`. */
  entity: Entity<EventType>
  /** Locks one Scheduled record whose publish_start <= now (FOR UPDATE SKIP LOCKED), or none. */
  claimDue(tx: Tx, now: Date): Promise<R | undefined>
  /** Makes the claimed record Published (published_at = now) and describes the change. */
  publish(tx: Tx, claimed: R, now: Date): Promise<PublishedRecord>
}

/** Records published per tick at most; the rest wait for the next tick (keeps one tick short). */
export const MAX_PER_TICK = 500

class NothingDue extends Error {}

/** `<entity>.updated` and `<entity>.published`, which the entity must declare. */
function publishEvents(entity: Entity<EventType>): EventType[] {
  const wanted = [`${entity.name}.updated`, `${entity.name}.published`]
  const found = entity.events.filter((e) => wanted.includes(e))
  if (found.length !== 2) throw new Error(`entity "${entity.name}" does not declare ${wanted.join(' and ')}`)
  return found
}

async function publishOne<R>(ctx: Ctx, source: ScheduledSource<R>): Promise<PublishedRecord | undefined> {
  try {
    return await mutate(ctx, { entity: source.entity, action: 'Publish' }, async (tx) => {
      const now = ctx.clock.now()
      const claimed = await source.claimDue(tx, now)
      if (!claimed) throw new NothingDue()
      const rec = await source.publish(tx, claimed, now)
      const events: DomainEvent[] = publishEvents(source.entity).map((type) => ({ type, siteId: rec.siteId, data: rec.data }))
      return {
        result: rec,
        siteId: rec.siteId,
        entityId: rec.entityId,
        before: rec.before,
        after: rec.after,
        metadata: { reason: 'scheduled', from: 'Scheduled', to: 'Published' },
        ...(rec.label !== undefined ? { label: rec.label } : {}),
        events,
        readers: { records: [{ entity: source.entity, id: rec.entityId, siteIds: rec.siteIds, slugs: rec.slugs ?? [] }], lists: rec.siteIds },
      }
    })
  } catch (err) {
    if (err instanceof NothingDue) return undefined
    throw err
  }
}

/**
 * Publishes every due Scheduled record of a source, one transaction each, as the caller (the system
 * for the background job). Safe to run on every instance at once. Returns the ids this call published.
 */
export async function publishDue<R>(ctx: Ctx, source: ScheduledSource<R>, max = MAX_PER_TICK): Promise<string[]> {
  const done: string[] = []
  while (done.length < max) {
    const rec = await publishOne(ctx, source)
    if (!rec) break
    done.push(rec.entityId)
  }
  return done
}
