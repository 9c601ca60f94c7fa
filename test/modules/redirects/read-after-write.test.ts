import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import type { Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'

/*
 * Read-after-write across instances for the cached redirect reads (the lookup, "no redirect" included, and the list): two instances over one database and one
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
const lookup = (path: string) => onB(`/sites/${s.id}/redirects/lookup?path=${encodeURIComponent(path)}`)
const redirectList = async () => {
  const page = (await onB(`/sites/${s.id}/redirects?per_page=100`)) as { data: Array<{ source_path: string; destination_path: string }> }
  return page.data.map((r) => `${r.source_path}>${r.destination_path}`)
}

const covered = new Set<string>()
async function write(method: 'post' | 'put' | 'delete', route: string, url: string, body?: object): Promise<Res> {
  covered.add(`${method.toUpperCase()} ${route}`)
  const res = method === 'delete' ? await w().delete(url) : await w()[method](url, body)
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res
}

describe('redirects: a write on A is visible in the next lookup and list on B', () => {
  it('create, update, deactivate and delete', async () => {
    expect(await lookup('/old/')).toBe('HTTP 404')
    expect(await redirectList()).toEqual([])
    const r = (await write('post', '/sites/:site_id/redirects', `/sites/${s.id}/redirects`, { source_path: '/old/', destination_path: '/new' })).json<{
      id: string
      source_path: string
    }>()
    expect(r.source_path).toBe('/old')
    expect(await lookup('/old/')).toEqual({ destination_path: '/new', status_code: 301 })
    expect(await lookup('old')).toEqual({ destination_path: '/new', status_code: 301 })
    expect(await redirectList()).toEqual(['/old>/new'])
    await write('put', '/redirects/:id', `/redirects/${r.id}`, { destination_path: '/newer', status_code: 302 })
    expect(await lookup('/old')).toEqual({ destination_path: '/newer', status_code: 302 })
    expect(await redirectList()).toEqual(['/old>/newer'])
    await write('put', '/redirects/:id', `/redirects/${r.id}`, { is_active: false })
    expect(await lookup('/old')).toBe('HTTP 404')
    await write('put', '/redirects/:id', `/redirects/${r.id}`, { is_active: true })
    expect(await lookup('/old')).toEqual({ destination_path: '/newer', status_code: 302 })
    await write('delete', '/redirects/:id', `/redirects/${r.id}`)
    expect(await lookup('/old')).toBe('HTTP 404')
    expect(await redirectList()).toEqual([])
  })

  it('an import: every imported redirect answers the next lookup and list on B', async () => {
    expect(await lookup('/from-a')).toBe('HTTP 404')
    const before = await redirectList()
    await write('post', '/sites/:site_id/redirects/import', `/sites/${s.id}/redirects/import`, {
      redirects: [
        { source_path: '/from-a', destination_path: '/to-a' },
        { source_path: '/from-b', destination_path: '/to-b', status_code: 302 },
      ],
    })
    expect(await lookup('/from-a')).toEqual({ destination_path: '/to-a', status_code: 301 })
    expect(await lookup('/from-b')).toEqual({ destination_path: '/to-b', status_code: 302 })
    expect((await redirectList()).sort()).toEqual([...before, '/from-a>/to-a', '/from-b>/to-b'].sort())
  })
})

describe('coverage', () => {
  it('every write route of the redirects module has a case above', async () => {
    const collected = await collectRoutes()
    try {
      const writes = collected.api
        .filter((r) => r.method !== 'GET' && /^\/api\/v1\/(sites\/:site_id\/redirects|redirects)(\/|$)/.test(r.url))
        .map((r) => `${String(r.method)} ${r.url.replace('/api/v1', '')}`)
      expect(writes.length).toBeGreaterThan(0)
      expect(writes.filter((r) => !covered.has(r))).toEqual([])
    } finally {
      await collected.close()
    }
  })
})
