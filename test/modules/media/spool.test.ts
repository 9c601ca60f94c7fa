import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spoolDir, sweepSpool, SPOOL_MAX_AGE_MS } from '../../../src/platform/storage/index.js'
import { jobs, startWorkers } from '../../../src/workers/index.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite } from '../../helpers/factories.js'
import { image, uploaded } from './fixtures.js'

/* Leftover upload spool files (<ATRIUM_DATA_DIR>/tmp) are swept by age, at start-up and periodically. */

/** A file whose modification time lies `ageMs` in the past. */
function aged(file: string, ageMs: number): string {
  writeFileSync(file, 'partial upload')
  const t = (Date.now() - ageMs) / 1000
  utimesSync(file, t, t)
  return file
}

describe('sweepSpool', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-spool-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('removes plain files older than the safe age; keeps fresh files, directories and links (and their targets)', async () => {
    const spool = path.join(dir, 'tmp')
    mkdirSync(spool)
    const old = aged(path.join(spool, 'a.upload'), SPOOL_MAX_AGE_MS + 60_000)
    const oldS3 = aged(path.join(spool, 'b.tmp'), 3 * SPOOL_MAX_AGE_MS)
    const fresh = aged(path.join(spool, 'c.upload'), 5 * 60_000)
    const sub = path.join(spool, 'sub')
    mkdirSync(sub)
    const inSub = aged(path.join(sub, 'd.upload'), 3 * SPOOL_MAX_AGE_MS)
    const outside = aged(path.join(dir, 'precious'), 3 * SPOOL_MAX_AGE_MS)
    const link = path.join(spool, 'e.upload')
    symlinkSync(outside, link)
    expect(await sweepSpool(spool)).toBe(2)
    expect([old, oldS3].map(existsSync)).toEqual([false, false])
    expect([fresh, sub, inSub, outside, link].map(existsSync)).toEqual([true, true, true, true, true])
    expect(await sweepSpool(spool)).toBe(0)
  })

  it('a missing directory is nothing to sweep', async () => {
    expect(await sweepSpool(path.join(dir, 'nowhere'))).toBe(0)
  })
})

describe('the spool-sweep job', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it("sweeps the data dir's spool as soon as the workers start; uploads still work beside it", async () => {
    const spool = spoolDir(t.config)
    mkdirSync(spool, { recursive: true })
    const old = aged(path.join(spool, 'crashed.upload'), 2 * SPOOL_MAX_AGE_MS)
    const fresh = aged(path.join(spool, 'running.upload'), 1000)
    const job = jobs.find((j) => j.name === 'spool-sweep')
    expect(job?.atStart).toBe(true)
    const workers = startWorkers(t.deps, [job!])
    await workers.stop()
    expect(existsSync(old)).toBe(false)
    expect(existsSync(fresh)).toBe(true)
    const site = await makeSite(t)
    await uploaded(t, site, await image('png', 20, 20, 4), 'after.png')
  })
})
