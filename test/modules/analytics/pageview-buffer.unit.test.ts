import { describe, expect, it } from 'vitest'
import type { Deps } from '../../../src/core/context.js'
import { PageviewBuffer } from '../../../src/modules/analytics/ingest.service.js'
import type { PageviewRow } from '../../../src/modules/analytics/queries.js'

/** Deps with a database whose statement number `failing` fails once; counts the statements. */
function depsWith(kind: 'pglite' | 'postgres', failing: number) {
  let statements = 0
  const warnings: unknown[] = []
  const db = {
    execute: () => {
      statements++
      return statements === failing ? Promise.reject(new Error('connection lost')) : Promise.resolve({ rows: [] })
    },
  }
  const deps = {
    config: { analyticsBufferMax: 100_000, analyticsFlushMs: 60_000 },
    log: { warn: (o: unknown) => void warnings.push(o) },
    dbh: { kind, db, background: db },
  } as unknown as Deps
  return { deps, statements: () => statements, warnings }
}

const row = (i: number): PageviewRow => ({
  site_id: '00000000-0000-4000-8000-000000000001',
  path: `/p/${i}`,
  referrer_domain: null,
  visitor_hash: 'v',
  occurred_at: new Date(0),
})

describe('pageview buffer writes', () => {
  it('embedded, in chunks of 200 rows; a failed chunk keeps only what was not written, so nothing is counted twice', async () => {
    const { deps, statements, warnings } = depsWith('pglite', 2)
    const buffer = new PageviewBuffer(deps)
    for (let i = 0; i < 450; i++) buffer.add(row(i))
    await buffer.flush()
    // 200 written, the next 200 failed: those and the last 50 stay for the next flush.
    expect(statements()).toBe(2)
    expect(buffer.pending).toBe(250)
    expect(warnings).toHaveLength(1)
    await buffer.flush()
    expect(statements()).toBe(4) // 200 + 50
    expect(buffer.pending).toBe(0)
    await buffer.stop()
  })

  it('on a server, a flush is one statement per 5,000 rows', async () => {
    const { deps, statements } = depsWith('postgres', 0)
    const buffer = new PageviewBuffer(deps)
    for (let i = 0; i < 4_999; i++) buffer.add(row(i))
    await buffer.flush()
    expect(statements()).toBe(1)
    await buffer.stop()
  })
})
