import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cachedBytes } from '../../src/core/read-cache.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite } from '../helpers/factories.js'
import { expectStatus } from '../helpers/http.js'
import { publishedBlog } from '../modules/blogs/fixtures.js'
import { recordVersionKey } from '../../src/core/content-version.js'

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
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cachedBytes(t.sys(), 'merge-test', { list: '00000000-0000-4000-8000-00000000abcd' }, 'k', load)),
    )
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
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => cachedBytes(t.sys(), 'fail-test', { list: '00000000-0000-4000-8000-00000000abce' }, 'k', failing)),
    )
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(loads).toBe(1)
    await expect(
      cachedBytes(t.sys(), 'fail-test', { list: '00000000-0000-4000-8000-00000000abce' }, 'k', () => Promise.resolve({ value: 'ok', until: null })),
    ).resolves.toEqual(Buffer.from('ok'))
  })

  it('an unknown slug or id leaves no version behind, and a known one keeps its version (issue 31, item 9)', async () => {
    const site = await makeSite(t)
    const version = (handle: string) => t.deps.cache.get(`cv:${recordVersionKey(handle)}`)
    const slug = `nobody-${Date.now().toString(36)}`
    expectStatus(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/by-slug/${slug}`), 404)
    expect(await version(`blog:slug:${site.id}:${slug}`)).toBeUndefined()
    const id = '00000000-0000-4000-8000-0000000000f1'
    expectStatus(await t.as(site.keys.Read).get(`/blogs/${id}`), 404)
    expect(await version(`blog:${id}`)).toBeUndefined()
    const made = await publishedBlog(t, site)
    expectStatus(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/by-slug/${made.slug}`), 200)
    expect(await version(`blog:slug:${site.id}:${made.slug}`)).toBeTypeOf('string')
  })
})
