import type { Db } from '../../src/db/client.js'

/**
 * A stand-in database for caches that make one `select().from().where().limit()` query (KeyStore, SiteCache): each
 * query waits until the test answers it through `calls[i]`, so a test decides what overlaps what.
 */
export function heldSelect<Row>(): { db: Db; calls: Array<(rows: Row[]) => void> } {
  const calls: Array<(rows: Row[]) => void> = []
  const db = {
    select: () => ({
      from: () => ({
        where: () => ({ limit: () => new Promise<Row[]>((resolve) => calls.push(resolve)) }),
      }),
    }),
  }
  return { db: db as unknown as Db, calls }
}
