import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { DELETE_BATCH, deleteInBatches, jobPace } from '../../src/core/background-batches.js'

/** A statement that holds the thread for `ms`, as an embedded database statement does. */
const busy = (ms: number) => () => {
  const end = performance.now() + ms
  while (performance.now() < end);
  return Promise.resolve(ms)
}

describe('background job pacing (ATRIUM_MAINTENANCE_SHARE)', () => {
  it('on the embedded database a job waits so that its statements take at most the share of the time', async () => {
    const paced = jobPace('pglite', 25)
    const t0 = performance.now()
    for (let i = 0; i < 3; i++) await paced(busy(20))
    const took = performance.now() - t0
    // 60 ms of statements at a 25 % share: about 240 ms in all
    expect(took).toBeGreaterThanOrEqual(225)
  })

  it('requests get the event loop between two statements', async () => {
    const paced = jobPace('pglite', 50)
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    for (let i = 0; i < 5; i++) await paced(busy(10))
    clearInterval(timer)
    expect(ticks).toBeGreaterThanOrEqual(5)
  })

  it('on a PostgreSQL server, and at 100 %, a job only yields a turn', async () => {
    for (const paced of [jobPace('postgres', 5), jobPace('pglite', 100)]) {
      const t0 = performance.now()
      for (let i = 0; i < 3; i++) await paced(busy(20))
      expect(performance.now() - t0).toBeLessThan(150)
    }
  })

  it('deletes in batches until a batch is short', async () => {
    const sizes = [DELETE_BATCH, DELETE_BATCH, 17]
    const seen: number[] = []
    const total = await deleteInBatches(jobPace('postgres', 5), async () => {
      await sleep(0)
      const n = sizes.shift() ?? 0
      seen.push(n)
      return n
    })
    expect(total).toBe(2 * DELETE_BATCH + 17)
    expect(seen).toHaveLength(3)
  })
})
