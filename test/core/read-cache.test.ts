import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cachedBytes } from '../../src/core/read-cache.js'
import { testApp, type TestApp } from '../helpers/app.js'

/* Concurrent misses of one answer in one process share one load. */

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

describe('cachedBytes', () => {
  it('merges concurrent misses of one key into one load, and serves the loaded text to every caller', async () => {
    let loads = 0
    const load = async () => {
      loads++
      await new Promise((r) => setTimeout(r, 50))
      return { value: 'answer', until: null }
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => cachedBytes(t.sys(), 'merge-test', { list: '00000000-0000-4000-8000-00000000abcd' }, 'k', load)))
    expect(answers.map((a) => a.toString())).toEqual(Array.from({ length: 20 }, () => 'answer'))
    expect(loads).toBe(1)
  })

  it('a failed load fails every waiting caller, and the next call loads again', async () => {
    let loads = 0
    const failing = async () => {
      loads++
      await new Promise((r) => setTimeout(r, 20))
      throw new Error('database down')
    }
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => cachedBytes(t.sys(), 'fail-test', { list: '00000000-0000-4000-8000-00000000abce' }, 'k', failing)))
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(loads).toBe(1)
    await expect(cachedBytes(t.sys(), 'fail-test', { list: '00000000-0000-4000-8000-00000000abce' }, 'k', () => Promise.resolve({ value: 'ok', until: null }))).resolves.toEqual(Buffer.from('ok'))
  })
})
