import { inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { apiKeys, apiKeyUsage } from '../db/schema/api-keys.js'

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
    try {
      const ids = [...new Set(batch.map((b) => b.api_key_id))]
      // A key deleted since the request was served has no usage to keep (and the FK would refuse it).
      const live = await this.db.select({ id: apiKeys.id }).from(apiKeys).where(inArray(apiKeys.id, ids))
      const liveIds = new Set(live.map((r) => r.id))
      const rows = batch.filter((b) => liveIds.has(b.api_key_id))
      if (rows.length === 0) return
      const last = new Map<string, Date>()
      for (const r of rows) if ((last.get(r.api_key_id)?.getTime() ?? 0) < r.created_at.getTime()) last.set(r.api_key_id, r.created_at)
      const latest = sql.join(
        [...last].map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
        sql`, `,
      )
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500) await tx.insert(apiKeyUsage).values(rows.slice(i, i + 500))
        // One statement for every key of the batch; last_used_at never moves backwards.
        await tx.execute(sql`update ${apiKeys} set last_used_at = greatest(coalesce(${apiKeys.last_used_at}, v.at), v.at)
          from (values ${latest}) as v(id, at) where ${apiKeys.id} = v.id`)
      })
    } catch (err) {
      // Usage is telemetry: losing a batch must never fail a request; keep what fits for the next try.
      this.log.warn({ err }, 'could not write API key usage')
      this.buffer = batch.concat(this.buffer).slice(-MAX_BUFFER)
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    await this.flush()
  }
}
