import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../../src/workers/index.js'
import { testApp, type TestApp } from '../../helpers/app.js'

/* Scheduled publishing itself (exactly once across instances, idle runs, skipped records, public at once) is the
   content-workflow contract: workflow-contract.test.ts, for blogs and pages alike. Here: how often the job runs. */

let t: TestApp

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_SCHEDULER_INTERVAL_MS: '1000' } })
})
afterAll(() => t.close())

describe('scheduled publishing', () => {
  it('runs as a background job every ATRIUM_SCHEDULER_INTERVAL_MS', () => {
    const job = jobs.find((j) => j.name === 'scheduled-publish')!
    expect(typeof job.everyMs === 'function' ? job.everyMs(t.deps) : job.everyMs).toBe(1000)
  })
})
