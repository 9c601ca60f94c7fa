import type { Deps } from '../core/context.js'
import { rollup } from '../modules/analytics/service.js'
import type { Job } from './job.js'

/*
 * Analytics roll-up (modules/analytics/service.ts rollup): every tick deletes the salts of past UTC days; the
 * first tick of a UTC day on any instance claims the day in the database and aggregates every site with
 * analytics, so the roll-up runs once a day whatever the number of instances. The tick interval is
 * ATRIUM_ANALYTICS_ROLLUP_INTERVAL_MS (default one hour).
 */
export const analyticsRollupJob: Job = {
  name: 'analytics-rollup',
  everyMs: (deps: Deps) => deps.config.analyticsRollupIntervalMs,
  run: (deps: Deps) => rollup(deps),
}
