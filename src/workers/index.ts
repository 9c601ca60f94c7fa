import { backgroundCtx, type Deps } from '../core/context.js'
import * as apiKeys from '../modules/api-keys/service.js'
import { scheduledBlogs } from '../modules/blogs/workflow.service.js'
import { scheduledPages } from '../modules/pages/write.service.js'
import { publishDue } from '../kits/content-workflow/scheduled-publish.js'
import { analyticsRollupJob } from './analytics-rollup.js'
import { retentionJob } from './retention.js'
import { dispatcherOf, pruneDeliveries } from '../modules/webhooks/delivery.service.js'
import { spoolDir, sweepSpool } from '../platform/storage/index.js'
import { refreshStatistics } from '../db/statistics.js'

import type { Job } from './job.js'

export type { Job }

/** Periodic background jobs. Each is safe to run on every instance at once (claims live in the database). */
export const jobs: Job[] = [
  { name: 'api-key-expiry', everyMs: 30_000, run: (deps) => apiKeys.expireDue(backgroundCtx(deps, 'job:api-key-expiry')) },
  // Scheduled → Published within a minute, exactly once across instances (the claim skips locked rows).
  {
    name: 'scheduled-publish',
    everyMs: (deps) => deps.config.schedulerIntervalMs,
    async run(deps) {
      const startedAt = Date.now()
      const ctx = backgroundCtx(deps, 'job:scheduled-publish')
      const done = [...(await publishDue(ctx, scheduledBlogs)), ...(await publishDue(ctx, scheduledPages))]
      // Wall clock, not ctx.clock: lag is how late this process runs the job, whatever time tests set.
      deps.metrics.schedulerPass(startedAt)
      return done
    },
  },
  // Webhooks: signed attempts with retries of the deliveries changes wrote (modules/webhooks/delivery.service.ts).
  {
    name: 'webhook-delivery',
    everyMs: (deps) => deps.config.webhookPollMs,
    run: (deps) => dispatcherOf(deps).tick(),
    stop: (deps) => dispatcherOf(deps).stop(),
  },
  { name: 'webhook-retention', everyMs: 3_600_000, run: (deps) => pruneDeliveries(deps) },
  analyticsRollupJob,
  // API-key usage roll-up and retention, audit retention: once a day across instances (workers/retention.ts).
  retentionJob,
  // Upload spool files a crashed or killed request left behind (platform/storage/spool.ts), by file age (wall clock, like
  // the files' times); each instance sweeps its own data dir.
  { name: 'spool-sweep', everyMs: 600_000, atStart: true, run: (deps) => sweepSpool(spoolDir(deps.config)) },
  // Embedded only (PGlite has no autovacuum): planner statistics of the tables that changed (db/statistics.ts).
  { name: 'planner-statistics', everyMs: 600_000, atStart: true, run: (deps) => refreshStatistics(deps.dbh) },
]

/** Starts every job on its interval; the returned stop() waits for runs in flight. */
export function startWorkers(deps: Deps, list: Job[] = jobs): { stop(): Promise<void> } {
  // Scheduler lag counts from now until the first pass ends (metrics).
  deps.metrics.schedulerPass(Date.now())
  const running = new Set<Promise<unknown>>()
  const timers = list.map((job) => {
    let busy = false
    const tick = () => {
      if (busy) return
      busy = true
      const p = job
        .run(deps)
        .catch((err: unknown) => deps.log.error({ err, job: job.name }, 'background job failed'))
        .finally(() => {
          busy = false
          running.delete(p)
        })
      running.add(p)
    }
    const t = setInterval(tick, typeof job.everyMs === 'function' ? job.everyMs(deps) : job.everyMs)
    t.unref()
    if (job.atStart) tick()
    return t
  })
  return {
    async stop() {
      timers.forEach(clearInterval)
      await Promise.allSettled([...running])
      await Promise.allSettled(list.map((job) => job.stop?.(deps) ?? Promise.resolve()))
    },
  }
}
