import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.js'
import { imageSlotsOf } from '../../../src/modules/media/renditions.service.js'
import { loadSharp } from '../../../src/modules/media/sharp.service.js'
import { testApp } from '../../helpers/app.js'
import { makeSite } from '../../helpers/factories.js'
import { image, uploaded } from './fixtures.js'

/*
 * Image work leaves the event loop a core (sharp.service.ts): one libvips thread per image, and at most
 * ATRIUM_IMAGE_CONCURRENCY images at once (default: the number of cores), renditions and upload variants in one line.
 */

describe('image work', () => {
  it('defaults ATRIUM_IMAGE_CONCURRENCY to the number of cores; the variable still sets it', () => {
    expect(loadConfig({}).imageConcurrency).toBe(availableParallelism())
    expect(loadConfig({ ATRIUM_IMAGE_CONCURRENCY: '3' }).imageConcurrency).toBe(3)
  })

  it('gives libvips one thread per image', async () => {
    const sharp = await loadSharp()
    expect(sharp.concurrency()).toBe(1)
  })

  it("an upload's variants are made in the instance's line of image work", async () => {
    const t = await testApp({ env: { ATRIUM_IMAGE_CONCURRENCY: '1' } })
    try {
      const a = await makeSite(t)
      const slots = imageSlotsOf(t.deps)
      expect(slots.size).toBe(1)
      const seen: number[] = []
      const run = slots.run.bind(slots)
      slots.run = <T>(fn: () => Promise<T>, wait?: number): Promise<T> =>
        run(async () => {
          seen.push(slots.load.running)
          return fn()
        }, wait)
      const m = await uploaded(t, a, await image('png', 600, 400, 7), 'lined-up.png')
      expect(m.variants.length).toBeGreaterThan(0)
      expect(seen).toEqual([1])
    } finally {
      await t.close()
    }
  }, 120_000)
})
