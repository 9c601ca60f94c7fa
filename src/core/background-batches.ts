import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises'

/** Rows per retention statement: each is a few milliseconds on the embedded database. */
export const DELETE_BATCH = 1000

/**
 * The share of the event loop a daily maintenance job may take on the embedded database (ATRIUM_MAINTENANCE_SHARE,
 * per cent), where every statement runs on the loop itself: after a statement of d ms the job waits
 * d × (1 / share − 1) ms. Measured (`BENCH_PARTS=retention npm run bench`, 5,000,000 usage rows): with
 * one event-loop turn between statements and none between the roll-up's, cached reads fell to 31 % of the rate
 * without the job (p99 880 ms); paced at 10 %, one pair gave 90.6 %, too close to the 90 % target, hence the default
 * 5 % (median of 4 paired rounds 107 %: within the noise). The job then takes 20 times its statements' time, about a
 * quarter of an hour a day for 5,000,000 records, which a daily job can afford. On a PostgreSQL server the statements
 * run in the database, so one turn is enough.
 */

/** How a background job waits between two statements, for the database kind it runs on. */
export function jobPace(kind: 'pglite' | 'postgres', sharePercent: number): <T>(statement: () => Promise<T>) => Promise<T> {
  const share = Math.min(1, Math.max(0.01, sharePercent / 100))
  return async (statement) => {
    const t0 = performance.now()
    const out = await statement()
    const took = performance.now() - t0
    if (kind === 'pglite' && took > 0) await sleep(took * (1 / share - 1))
    else await turn()
    return out
  }
}

export type Paced = ReturnType<typeof jobPace>

/** Runs batch (paced) until it deletes fewer rows than a full batch. */
export async function deleteInBatches(paced: Paced, batch: () => Promise<number>): Promise<number> {
  let total = 0
  for (;;) {
    const n = await paced(batch)
    total += n
    if (n < DELETE_BATCH) return total
  }
}
