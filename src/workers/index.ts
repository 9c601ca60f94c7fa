import { systemCtx, type Deps } from '../core/context.js'
import * as apiKeys from '../modules/api-keys/service.js'

export interface Job {
  name: string
  everyMs: number
  run(deps: Deps): Promise<unknown>
}

/** Periodic background jobs. Each is safe to run on every instance at once (claims live in the database). */
export const jobs: Job[] = [{ name: 'api-key-expiry', everyMs: 30_000, run: (deps) => apiKeys.expireDue(systemCtx(deps, 'job:api-key-expiry')) }]

/** Starts every job on its interval; the returned stop() waits for runs in flight. */
export function startWorkers(deps: Deps, list: Job[] = jobs): { stop(): Promise<void> } {
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
    const t = setInterval(tick, job.everyMs)
    t.unref()
    return t
  })
  return {
    async stop() {
      timers.forEach(clearInterval)
      await Promise.allSettled([...running])
    },
  }
}
