import { createHash, randomBytes } from 'node:crypto'
import type { Ctx, Deps } from '../../core/context.js'
import { ApiError, unavailable, validation } from '../../http/errors.js'
import * as q from './queries.js'
import { normalisePath, referrerDomain } from './paths.rules.js'
import type { PageviewBody } from './schemas.js'

/*
 * Pageview ingestion. The request path does no query: site flags come from the site cache, the day's salt from
 * memory, and the row goes into an in-memory buffer written in batches (one unnest INSERT per batch) every
 * `ATRIUM_ANALYTICS_FLUSH_MS` or as soon as a batch fills, and on app close. The buffer is bounded by
 * `ATRIUM_ANALYTICS_BUFFER_MAX` (buffered + being written): when the database cannot keep up or is down,
 * further pageviews get 503 with Retry-After instead of growing memory; nothing accepted is dropped.
 * Pageviews are telemetry, not content: they are not audited one by one.
 */

const BATCH = 5000

export class PageviewBuffer {
  private rows: q.PageviewRow[] = []
  private inFlight = 0
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined
  private closed = false

  constructor(private readonly deps: Deps) {}

  /** Adds a row; false when the buffer is full (the caller answers 503). */
  add(row: q.PageviewRow): boolean {
    if (this.rows.length + this.inFlight >= this.deps.config.analyticsBufferMax) return false
    this.rows.push(row)
    if (!this.timer && !this.closed) {
      this.timer = setInterval(() => void this.flush(), this.deps.config.analyticsFlushMs)
      this.timer.unref()
    }
    if (this.rows.length >= BATCH && !this.flushing) void this.flush()
    return true
  }

  get pending(): number {
    return this.rows.length + this.inFlight
  }

  /** Writes everything added before the call (waiting for writes in progress). Tests call it before reading. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (this.rows.length === 0) return
    const batch = this.rows
    this.rows = []
    this.inFlight = batch.length
    this.flushing = this.write(batch).finally(() => {
      this.inFlight = 0
      this.flushing = undefined
    })
    await this.flushing
  }

  /**
   * Rows per statement. On the embedded database every statement runs on the event loop (PGlite: about 20 ms for
   * 500 rows on the bench machine, most of it a fixed cost per write), so it writes small chunks and requests run
   * between them (bench/stalls.ts).
   */
  private get chunkRows(): number {
    return this.deps.dbh.kind === 'pglite' ? 200 : BATCH
  }

  /** Chunk by chunk; a failure keeps what was not written (never what was: no pageview is counted twice). */
  private async write(batch: q.PageviewRow[]): Promise<void> {
    let written = 0
    try {
      while (written < batch.length) {
        const chunk = batch.slice(written, written + this.chunkRows)
        await this.insert(chunk)
        written += chunk.length
      }
    } catch (err) {
      this.keep(batch.slice(written), err)
    }
  }

  private async insert(chunk: q.PageviewRow[]): Promise<void> {
    const db = this.deps.dbh.background
    try {
      await q.insertEvents(db, chunk)
    } catch (err) {
      if ((err as { code?: unknown }).code !== '23503') throw err
      // A site removed since its pageviews were taken: keep the others.
      const live = await q.existingSiteIds(db, [...new Set(chunk.map((r) => r.site_id))]).catch(() => undefined)
      if (!live) throw err
      await q.insertEvents(
        db,
        chunk.filter((r) => live.has(r.site_id)),
      )
    }
  }

  /** A failed batch goes back in front (order kept); the bound was checked when the rows were added. */
  private keep(batch: q.PageviewRow[], err: unknown): void {
    this.deps.log.warn({ err, rows: batch.length }, 'could not write pageviews; will retry')
    this.rows = batch.concat(this.rows)
  }

  async stop(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.flush()
  }
}

const buffers = new WeakMap<Deps, PageviewBuffer>()

/** The app instance's pageview buffer. */
export function pageviewBuffer(deps: Deps): PageviewBuffer {
  let b = buffers.get(deps)
  if (!b) {
    b = new PageviewBuffer(deps)
    buffers.set(deps, b)
  }
  return b
}

/** The day's salt, created in the database by whichever instance needs it first and kept in memory for the day. */
class SaltCache {
  private current: { day: string; salt: Promise<string> } | undefined

  constructor(private readonly deps: Deps) {}

  saltOf(day: string): Promise<string> {
    if (this.current?.day !== day) {
      const salt = q.saltOf(this.deps.dbh.db, day, randomBytes(32).toString('hex'))
      this.current = { day, salt }
      // A failed fetch is not remembered: the next pageview tries again.
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined
      })
    }
    return this.current.salt
  }
}

const salts = new WeakMap<Deps, SaltCache>()
function saltCache(deps: Deps): SaltCache {
  let s = salts.get(deps)
  if (!s) {
    s = new SaltCache(deps)
    salts.set(deps, s)
  }
  return s
}

/** YYYY-MM-DD of an instant in UTC. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/** SHA-256 of (daily salt, site id, client IP, user agent), hex; fields separated so no two inputs run together. */
export function visitorHash(salt: string, siteId: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${siteId}\n${ip}\n${userAgent}`).digest('hex')
}

export const analyticsDisabled = () =>
  new ApiError(
    403,
    'ANALYTICS_DISABLED',
    'Analytics disabled',
    'Analytics is turned off for this site (settings.analytics_enabled); the pageview was not recorded',
  )

export interface Visitor {
  ip: string
  userAgent: string
}

/** Records one pageview (buffered). The body's user_agent_hash is ignored: the server derives its own hash. */
export async function pageview(ctx: Ctx, siteId: string, body: PageviewBody, visitor: Visitor): Promise<{ ok: true }> {
  const flags = await ctx.deps.sites.flags(siteId)
  if (flags && !flags.analyticsEnabled) throw analyticsDisabled()
  const path = normalisePath(body.path) ?? validation('path', 'must not be blank')
  const now = ctx.clock.now()
  let salt: string
  try {
    salt = await saltCache(ctx.deps).saltOf(utcDay(now))
  } catch (err) {
    ctx.log.warn({ err }, 'analytics salt unavailable')
    throw unavailable()
  }
  const row: q.PageviewRow = {
    site_id: siteId,
    path,
    referrer_domain: referrerDomain(body.referrer),
    visitor_hash: visitorHash(salt, siteId, visitor.ip, visitor.userAgent),
    occurred_at: now,
  }
  if (!pageviewBuffer(ctx.deps).add(row)) throw unavailable(1)
  return { ok: true }
}
