import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, DbHandle } from '../db/client.js'
import { apiKeys, apiKeyUsage } from '../db/schema/api-keys.js'
import { timeOrderedUuid } from './crypto.js'

export interface UsageRecord {
  api_key_id: string
  method: string
  path: string
  status_code: number
  ip_hash: string
  created_at: Date
}

const MAX_BUFFER = 10_000

/**
 * Per-request key usage, buffered and written in one multi-row insert per flush so requests never
 * wait on it. Flushed on an interval, when the buffer fills, and on shutdown.
 */
export class UsageRecorder {
  private buffer: UsageRecord[] = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
    /**
     * Rows per statement. On the embedded database every statement runs on the event loop (PGlite: about 15 ms
     * for 250 rows, 30–45 ms for 1,000 on this machine), so it writes small chunks and lets requests run between them.
     */
    private readonly chunkRows = 2000,
    /**
     * Lock each key of a chunk against its deletion (FOR KEY SHARE). A server needs it: a deletion may commit on
     * another connection while the chunk is written. The embedded database runs one statement or transaction at a
     * time, so a key found there cannot be deleted before the statement ends, and the lock is a third of its cost.
     */
    private readonly lockKeys = true,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs)
    this.timer.unref()
  }

  record(r: UsageRecord): void {
    this.buffer.push(r)
    if (this.buffer.length >= 1000) void this.flush()
  }

  /** Writes everything recorded before the call (waiting for flushes in progress); tests call it to read usage deterministically. */
  async flush(): Promise<void> {
    // Another caller may have taken this caller's records into a write still in progress: wait for all of them.
    while (this.flushing) await this.flushing
    if (this.buffer.length === 0) return
    const batch = this.buffer
    this.buffer = []
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined
    })
    await this.flushing
  }

  private async write(batch: UsageRecord[]): Promise<void> {
    let written = 0
    try {
      while (written < batch.length) {
        if (written > 0) await new Promise((resolve) => setImmediate(resolve))
        const chunk = batch.slice(written, written + this.chunkRows)
        await this.insert(chunk)
        written += chunk.length
      }
    } catch (err) {
      // Usage is telemetry: losing a batch must never fail a request; keep what fits (and was not written) for the next try.
      this.log.warn({ err }, 'could not write API key usage')
      this.buffer = batch.slice(written).concat(this.buffer).slice(-MAX_BUFFER)
    }
  }

  /**
   * One statement whatever the chunk size, its text always the same: the rows travel as one JSON parameter, so a
   * flush builds no per-row query on the event loop. Rows of keys deleted since the request was served are left out.
   * With `lockKeys` each key of the chunk is locked once (FOR KEY SHARE) rather than once per row by a foreign key: a
   * key being deleted waits for this write, whose rows its deletion then removes (modules/api-keys/queries.ts
   * deleteKey). Ids are time-ordered, so rows are appended to the primary-key index. last_used_at never moves
   * backwards.
   */
  private async insert(chunk: UsageRecord[]): Promise<void> {
    const rows = JSON.stringify(chunk.map((r) => ({ id: timeOrderedUuid(r.created_at.getTime()), ...r })))
    const input = sql`select * from json_to_recordset(${rows}::json)
        as r(id uuid, api_key_id uuid, method text, path text, status_code integer, ip_hash text, created_at timestamptz)`
    const lastUsed = (written: SQL) => sql`update ${apiKeys} set last_used_at = greatest(coalesce(${apiKeys.last_used_at}, v.at), v.at)
        from (select api_key_id, max(created_at) as at from ${written} group by api_key_id) as v
        where ${apiKeys.id} = v.api_key_id`
    const columns = sql`(id, api_key_id, method, path, status_code, ip_hash, created_at)`
    if (this.lockKeys) {
      await this.db.execute(sql`with input as (${input}), keys as (
          select ${apiKeys.id} as id from ${apiKeys} where ${apiKeys.id} in (select distinct api_key_id from input) for key share
        ), live as (
          select input.* from input join keys on keys.id = input.api_key_id
        ), written as (
          insert into ${apiKeyUsage} ${columns} select id, api_key_id, method, path, status_code, ip_hash, created_at from live
        )
        ${lastUsed(sql`live`)}`)
      return
    }
    await this.db.execute(sql`with written as (
        insert into ${apiKeyUsage} ${columns}
        select r.* from (${input}) as r where exists (select 1 from ${apiKeys} k where k.id = r.api_key_id)
        returning api_key_id, created_at
      )
      ${lastUsed(sql`written`)}`)
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    await this.flush()
  }
}

/** The recorder as the app runs it on this database: small statements without key locks on the embedded one. */
export function usageRecorderFor(dbh: DbHandle, log: FastifyBaseLogger, intervalMs: number, chunkRows?: number): UsageRecorder {
  const embedded = dbh.kind === 'pglite'
  return new UsageRecorder(dbh.background, log, intervalMs, chunkRows ?? (embedded ? 200 : 2000), !embedded)
}
