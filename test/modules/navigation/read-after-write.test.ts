import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { navigationItems } from '../../../src/db/schema/navigation.js'
import { ManualClock } from '../../../src/platform/clock.js'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'
import { shape, type Item, type Menu, type Node } from './fixtures.js'

/*
 * Read-after-write across instances for the cached navigation reads (menu by slug, tree per locale, primary
 * navigation), like test/contract/read-after-write.test.ts: two instances over one database and one shared cache
 * (Redis with REDIS_URL: two clients, so B also has its own per-process layer). Every write goes through A; each
 * probe is read on B before (warming B's cache) and right after the write, and must show the change at once.
 */

let instances: TwoInstances
let A: TestApp
let B: TestApp
beforeAll(async () => {
  instances = await twoInstances()
  A = instances.A
  B = instances.B
})
afterAll(() => instances?.close())

const api = () => A.as(A.masterKey)
const ok = <T>(res: Res, f: (b: T) => unknown) => (res.statusCode === 200 ? f(res.json<T>()) : `HTTP ${res.statusCode}`)
const NOT_FOUND = 'HTTP 404'

interface Probe {
  url: string
  key: string
  view: (res: Res) => unknown
  before: unknown
  after: unknown
}
const probe =
  (url: string, key: string, view: (res: Res) => unknown) =>
  (before: unknown, after: unknown): Probe => ({ url, key, view, before, after })

const read = {
  /** Menu by slug: name, slug and updated_at (item writes move it). */
  bySlug: (s: SiteFixture, slug: string) =>
    probe(`/sites/${s.id}/menus/slug/${slug}`, s.keys.Read, (r) => ok<Menu>(r, (m) => `${m.name} ${m.slug} @${m.updated_at}`)),
  tree: (s: SiteFixture, menuId: string, locale?: string) =>
    probe(`/menus/${menuId}/tree${locale ? `?locale=${locale}` : ''}`, s.keys.Read, (r) => ok<Node[]>(r, shape)),
  primary: (s: SiteFixture) => probe(`/sites/${s.id}/navigation`, s.keys.Read, (r) => ok<Item[]>(r, (xs) => xs.map((x) => x.title).join(', '))),
}

interface World {
  s: SiteFixture
  /** Footer (oldest, slug footer): F1. Primary (slug primary): P1(P1a), P2; P1 has the German title "P1-de". */
  footer: Menu
  primary: Menu
  p1: Item
  p1a: Item
  p2: Item
  /** updated_at of the primary menu as by-slug shows it now, and after the next write (the clock moves 1 s per write). */
  at: string
  next: string
}

const clock = () => A.clock as ManualClock
async function item(menuId: string, title: string, parentId?: string): Promise<Item> {
  return expectStatus<Item>(
    await api().post(`/menus/${menuId}/items`, { title, link_type: 'internal', url: `/${title.toLowerCase()}`, ...(parentId ? { parent_id: parentId } : {}) }),
    201,
  )
}

async function world(): Promise<World> {
  const s = await makeSite(A)
  const footer = expectStatus<Menu>(await api().post(`/sites/${s.id}/menus`, { name: 'Footer', slug: 'footer' }), 201)
  await item(footer.id, 'F1')
  clock().advance(1000)
  const created = expectStatus<Menu>(await api().post(`/sites/${s.id}/menus`, { name: 'Main', slug: 'primary' }), 201)
  const p1 = await item(created.id, 'P1')
  const p1a = await item(created.id, 'P1a', p1.id)
  const p2 = await item(created.id, 'P2')
  expectStatus(await api().put(`/navigation/${p1.id}/localizations`, { locale: 'de', title: 'P1-de' }), 201)
  const primary = expectStatus<Menu>(await api().get(`/menus/${created.id}`), 200)
  clock().advance(1000)
  return { s, footer, primary, p1, p1a, p2, at: `Main primary @${primary.updated_at}`, next: `Main primary @${clock().now().toISOString()}` }
}

interface Case {
  route: string
  what: string
  plan(w: World): { probes: Probe[]; write(): Promise<Res>; status: number }
}

const CASES: Case[] = [
  {
    route: 'POST /sites/:site_id/menus',
    what: 'a new menu answers by its slug',
    plan: ({ s }) => ({
      probes: [read.bySlug(s, 'aside')(NOT_FOUND, `Aside aside @${clock().now().toISOString()}`), read.primary(s)('P1, P2', 'P1, P2')],
      write: () => api().post(`/sites/${s.id}/menus`, { name: 'Aside' }),
      status: 201,
    }),
  },
  {
    route: 'PUT /menus/:id',
    what: 'a new slug: the old one is gone, the new one answers, the primary navigation falls back to the oldest menu',
    plan: ({ s, primary, at, next }) => ({
      probes: [
        read.bySlug(s, 'primary')(at, NOT_FOUND),
        read.bySlug(s, 'main')(NOT_FOUND, next.replace(' primary ', ' main ')),
        read.primary(s)('P1, P2', 'F1'),
      ],
      write: () => api().put(`/menus/${primary.id}`, { slug: 'main' }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /menus/:id',
    what: 'the deleted menu is gone from every answer',
    plan: ({ s, primary, at }) => ({
      probes: [read.bySlug(s, 'primary')(at, NOT_FOUND), read.primary(s)('P1, P2', 'F1'), read.tree(s, primary.id)('P1(P1a), P2', NOT_FOUND)],
      write: () => api().delete(`/menus/${primary.id}`),
      status: 204,
    }),
  },
  {
    route: 'POST /menus/:menu_id/items',
    what: 'a new root item shows in the tree (every locale), the primary navigation and the menu updated_at',
    plan: ({ s, primary, at, next }) => ({
      probes: [
        read.tree(s, primary.id)('P1(P1a), P2', 'P1(P1a), P2, P3'),
        read.tree(s, primary.id, 'de')('P1-de(P1a), P2', 'P1-de(P1a), P2, P3'),
        read.primary(s)('P1, P2', 'P1, P2, P3'),
        read.bySlug(s, 'primary')(at, next),
      ],
      write: () => api().post(`/menus/${primary.id}/items`, { title: 'P3', link_type: 'internal', url: '/p3' }),
      status: 201,
    }),
  },
  {
    route: 'POST /menus/:menu_id/items/reorder',
    what: 'the new order and nesting show in the tree and the primary navigation',
    plan: ({ s, primary, p1, p1a, p2, at, next }) => ({
      probes: [
        read.tree(s, primary.id)('P1(P1a), P2', 'P2(P1), P1a'),
        read.tree(s, primary.id, 'de')('P1-de(P1a), P2', 'P2(P1-de), P1a'),
        read.primary(s)('P1, P2', 'P2, P1a'),
        read.bySlug(s, 'primary')(at, next),
      ],
      write: () =>
        api().post(`/menus/${primary.id}/items/reorder`, {
          items: [
            { id: p2.id, display_order: 0 },
            { id: p1a.id, display_order: 1, parent_id: null },
            { id: p1.id, display_order: 0, parent_id: p2.id },
          ],
        }),
      status: 204,
    }),
  },
  {
    route: 'POST /sites/:site_id/navigation',
    what: 'a root item added to the primary menu shows at once',
    plan: ({ s, primary, at, next }) => ({
      probes: [read.primary(s)('P1, P2', 'P1, P2, Home'), read.tree(s, primary.id)('P1(P1a), P2', 'P1(P1a), P2, Home'), read.bySlug(s, 'primary')(at, next)],
      write: () => api().post(`/sites/${s.id}/navigation`, { title: 'Home', link_type: 'internal', url: '/' }),
      status: 201,
    }),
  },
  {
    route: 'POST /sites/:site_id/navigation/reorder',
    what: 'the primary menu reordered shows at once',
    plan: ({ s, primary, p1, p2, at, next }) => ({
      probes: [read.primary(s)('P1, P2', 'P2, P1'), read.tree(s, primary.id)('P1(P1a), P2', 'P2, P1(P1a)'), read.bySlug(s, 'primary')(at, next)],
      write: () =>
        api().post(`/sites/${s.id}/navigation/reorder`, {
          items: [
            { id: p2.id, display_order: 0 },
            { id: p1.id, display_order: 1 },
          ],
        }),
      status: 204,
    }),
  },
  {
    route: 'PUT /navigation/:id',
    what: 'a new title shows in the tree (and as the fallback of every locale) and the primary navigation',
    plan: ({ s, primary, p2, at, next }) => ({
      probes: [
        read.tree(s, primary.id)('P1(P1a), P2', 'P1(P1a), Two'),
        read.tree(s, primary.id, 'de')('P1-de(P1a), P2', 'P1-de(P1a), Two'),
        read.primary(s)('P1, P2', 'P1, Two'),
        read.bySlug(s, 'primary')(at, next),
      ],
      write: () => api().put(`/navigation/${p2.id}`, { title: 'Two' }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /navigation/:id',
    what: 'the deleted item is gone and its child moves up',
    plan: ({ s, primary, p1, at, next }) => ({
      probes: [
        read.tree(s, primary.id)('P1(P1a), P2', 'P1a, P2'),
        read.tree(s, primary.id, 'de')('P1-de(P1a), P2', 'P1a, P2'),
        read.primary(s)('P1, P2', 'P1a, P2'),
        read.bySlug(s, 'primary')(at, next),
      ],
      write: () => api().delete(`/navigation/${p1.id}`),
      status: 204,
    }),
  },
  {
    route: 'PUT /navigation/:id/localizations',
    what: 'a new German title shows in the German tree only',
    plan: ({ s, primary, p2, at, next }) => ({
      probes: [
        read.tree(s, primary.id, 'de')('P1-de(P1a), P2', 'P1-de(P1a), P2-de'),
        read.tree(s, primary.id)('P1(P1a), P2', 'P1(P1a), P2'),
        read.bySlug(s, 'primary')(at, next),
      ],
      write: () => api().put(`/navigation/${p2.id}/localizations`, { locale: 'de', title: 'P2-de' }),
      status: 201,
    }),
  },
]

describe('navigation: a write on instance A is visible in the next read on instance B', () => {
  it('the probed answers are served from the cache on B (a change behind the API stays invisible until a write)', async () => {
    const w = await world()
    const probes = [read.tree(w.s, w.primary.id), read.tree(w.s, w.primary.id, 'de'), read.primary(w.s), read.bySlug(w.s, 'primary')].map((p) => p(null, null))
    const first = await Promise.all(probes.map(async (p) => p.view(await B.as(p.key).get(p.url))))
    await A.dbh.db.update(navigationItems).set({ title: 'Sneaky' }).where(eq(navigationItems.id, w.p2.id))
    await A.dbh.db.update(navigationItems).set({ title: 'Sneaky' }).where(eq(navigationItems.id, w.p1.id))
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), `GET ${p.url}`).toEqual(first[i])
    expectStatus(await api().put(`/menus/${w.primary.id}`, { name: 'Main!' }), 200)
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), `GET ${p.url}`).not.toEqual(first[i])
  })

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      const w = await world()
      const plan = c.plan(w)
      for (const p of plan.probes) expect(p.view(await B.as(p.key).get(p.url)), `before, on B: GET ${p.url}`).toEqual(p.before)
      const res = await plan.write()
      expect(res.statusCode, res.body).toBe(plan.status)
      for (const p of plan.probes) expect.soft(p.view(await B.as(p.key).get(p.url)), `stale after ${c.route}, on B: GET ${p.url}`).toEqual(p.after)
    })
  }
})

describe('coverage', () => {
  it('names every navigation write route', async () => {
    const collected = await collectRoutes()
    try {
      const declared = new Set<string>()
      for (const r of collected.api) {
        if (!((r.schema as { tags?: string[] } | undefined)?.tags ?? []).includes('Navigation')) continue
        for (const m of [r.method].flat()) if (m !== 'GET' && m !== 'HEAD') declared.add(`${m} ${r.url.replace(/^\/api\/v1/, '')}`)
      }
      expect([...declared].sort()).toEqual([...new Set(CASES.map((c) => c.route))].sort())
    } finally {
      await collected.close()
    }
  })
})
