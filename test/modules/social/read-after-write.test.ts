import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import type { Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'

/*
 * Read-after-write across instances for the cached social link reads (the list): two instances over one database and one
 * shared cache (Redis with REDIS_URL: two clients, so B has its own per-process layer). B reads first (warming its
 * cache), A writes, and B's next read shows the write. Every write route of the module has a case here.
 */

let instances: TwoInstances
let A: TestApp
let B: TestApp
let s: SiteFixture
beforeAll(async () => {
  instances = await twoInstances()
  A = instances.A
  B = instances.B
  s = await makeSite(A)
})
afterAll(() => instances?.close())

const w = () => A.as(s.keys.Write)
const view = (res: Res) => (res.statusCode === 200 ? res.json<unknown>() : `HTTP ${res.statusCode}`)
const onB = async (url: string) => view(await B.as(s.keys.Read).get(url))
const socialList = async () => ((await onB(`/sites/${s.id}/social`)) as Array<{ platform: string }>).map((l) => l.platform)

const covered = new Set<string>()
async function write(method: 'post' | 'put' | 'delete', route: string, url: string, body?: object): Promise<Res> {
  covered.add(`${method.toUpperCase()} ${route}`)
  const res = method === 'delete' ? await w().delete(url) : await w()[method](url, body)
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res
}

describe('social links: a write on A is visible in the next list on B', () => {
  it('create, update, reorder and delete', async () => {
    expect(await socialList()).toEqual([])
    const gh = (await write('post', '/sites/:site_id/social', `/sites/${s.id}/social`, { platform: 'github', url: 'https://github.com/x' })).json<{
      id: string
    }>()
    const mast = (await write('post', '/sites/:site_id/social', `/sites/${s.id}/social`, { platform: 'mastodon', url: 'https://mastodon.social/@x' })).json<{
      id: string
    }>()
    expect(await socialList()).toEqual(['github', 'mastodon'])
    await write('put', '/social/:id', `/social/${gh.id}`, { platform: 'gitlab' })
    expect(await socialList()).toEqual(['gitlab', 'mastodon'])
    await write('post', '/sites/:site_id/social/reorder', `/sites/${s.id}/social/reorder`, {
      items: [
        { id: mast.id, display_order: 0 },
        { id: gh.id, display_order: 1 },
      ],
    })
    expect(await socialList()).toEqual(['mastodon', 'gitlab'])
    await write('delete', '/social/:id', `/social/${mast.id}`)
    expect(await socialList()).toEqual(['gitlab'])
  })
})

describe('coverage', () => {
  it('every write route of the social module has a case above', async () => {
    const collected = await collectRoutes()
    try {
      const writes = collected.api
        .filter((r) => r.method !== 'GET' && /^\/api\/v1\/(sites\/:site_id\/social|social)(\/|$)/.test(r.url))
        .map((r) => `${String(r.method)} ${r.url.replace('/api/v1', '')}`)
      expect(writes.length).toBeGreaterThan(0)
      expect(writes.filter((r) => !covered.has(r))).toEqual([])
    } finally {
      await collected.close()
    }
  })
})
