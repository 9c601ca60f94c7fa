import type { Deps } from '../core/context.js'

/** A periodic background job (workers/index.ts lists them). */
export interface Job {
  name: string
  /** Interval in ms, or read from the configuration when the app starts. */
  everyMs: number | ((deps: Deps) => number)
  run(deps: Deps): Promise<unknown>
  /** Also run once when the workers start (clean-up of what a previous process left behind). */
  atStart?: boolean
  /** Called by stop() after the timers are cleared (work the job runs beside its ticks). */
  stop?(deps: Deps): Promise<void>
}
