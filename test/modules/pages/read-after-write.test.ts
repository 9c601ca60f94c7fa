import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageSectionLocalizations } from '../../../src/db/schema/pages.js'
import type { Page, PageDetail, PageSection, PageSectionLocalization } from '../../../src/modules/pages/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'

/*
 * Read-after-write across instances for every write route of the pages module (like
 * test/contract/read-after-write.test.ts for blogs and taxonomy): two app instances over one database and one
 * shared cache (with REDIS_URL two Redis clients with one prefix). Each case: a fresh world (sites S1, S2 and a
 * published page P owned by S1, carried by S2, with a section and an English localization), the case's own
 * arrangement through A, every probe read on B (warming B's cache and checking what it shows), the write on A,
 * then every probe again on B: each must show the change at once. Probes read through S2, the carrying site.
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
const ok = <T>(res: Res, f: (body: T) => unknown): unknown => (res.statusCode === 200 ? f(res.json<T>()) : `HTTP ${res.statusCode}`)
const NOT_FOUND = 'HTTP 404'
const sorted = (xs: string[]) => [...xs].sort()

/** A page detail as a string: route, status, then each section's type with its titles. */
const showDetail = (d: PageDetail) =>
  `${d.route} ${d.status} ${d.sections.map((s) => `${s.section_type}[${s.localizations.map((l) => l.title ?? '-').join('/')}]`).join(' ')}`
const views = {
  detail: (res: Res) => ok<PageDetail>(res, showDetail),
  list: (res: Res) => ok<{ data: Page[] }>(res, (b) => sorted(b.data.map((p) => `${p.route} ${p.status}`))),
  sections: (res: Res) => ok<PageSection[]>(res, (xs) => xs.map((s) => `${s.section_type}@${s.display_order}`)),
  locs: (res: Res) => ok<PageSectionLocalization[]>(res, (xs) => xs.map((l) => l.title ?? '-')),
}

interface Probe {
  url: string
  key: string
  view: (res: Res) => unknown
  before: unknown
  after: unknown
}
const probe =
  (url: string, key: string, view: Probe['view']) =>
  (before: unknown, after: unknown): Probe => ({ url, key, view, before, after })
const read = {
  /** By route as a frontend reads it (Read key: live pages only). */
  live: (s: SiteFixture, route: string) => probe(`/sites/${s.id}/pages/by-route/${route.slice(1)}`, s.keys.Read, views.detail),
  /** By route as an editor previews it (Write key: any status). */
  preview: (s: SiteFixture, route: string) => probe(`/sites/${s.id}/pages/by-route/${encodeURIComponent(route.slice(1))}`, s.keys.Write, views.detail),
  list: (s: SiteFixture) => probe(`/sites/${s.id}/pages?per_page=100`, s.keys.Read, views.list),
  sections: (s: SiteFixture, id: string) => probe(`/pages/${id}/sections`, s.keys.Read, views.sections),
  locs: (s: SiteFixture, id: string) => probe(`/pages/${id}/sections/localizations`, s.keys.Read, views.locs),
}

interface World {
  s1: SiteFixture
  s2: SiteFixture
  p: Page
  section: PageSection
  loc: { id: string }
  u: string
}

async function world(): Promise<World> {
  const u = uid()
  const s1 = await makeSite(A)
  const s2 = await makeSite(A)
  const p = expectStatus<Page>(await api().post('/pages', { site_ids: [s1.id, s2.id], route: `/p/${u}`, slug: `p-${u}`, status: 'Published' }), 201)
  const section = expectStatus<PageSection>(await api().post(`/pages/${p.id}/sections`, { section_type: 'hero' }), 201)
  const loc = expectStatus<{ id: string }>(await api().put(`/pages/sections/${section.id}/localizations`, { locale: 'en', title: 'Hi' }), 201)
  return { s1, s2, p, section, loc, u }
}

interface Plan {
  probes: Probe[]
  write: () => Promise<Res>
  status: number
}
interface Case {
  route: string
  what: string
  plan: (w: World) => Plan | Promise<Plan>
}

const CASES: Case[] = [
  {
    route: 'POST /pages',
    what: 'a new shared published page shows by route and in the list',
    plan({ s1, s2, p, u }) {
      const route = `/new/${u}`
      return {
        probes: [
          read.live(s2, route)(NOT_FOUND, `${route} Published `),
          read.list(s2)([`${p.route} Published`], sorted([`${p.route} Published`, `${route} Published`])),
        ],
        write: () => api().post('/pages', { site_ids: [s1.id, s2.id], route, slug: `new-${u}`, status: 'Published' }),
        status: 201,
      }
    },
  },
  {
    route: 'PUT /pages/:id',
    what: 'a route change: the old route is gone, the new one answers, the list shows it',
    plan({ s2, p, u }) {
      const moved = `/moved/${u}`
      return {
        probes: [
          read.live(s2, p.route)(`${p.route} Published hero[Hi]`, NOT_FOUND),
          read.live(s2, moved)(NOT_FOUND, `${moved} Published hero[Hi]`),
          read.list(s2)([`${p.route} Published`], [`${moved} Published`]),
        ],
        write: () => api().put(`/pages/${p.id}`, { route: moved }),
        status: 200,
      }
    },
  },
  {
    route: 'PUT /pages/:id',
    what: 'unpublishing: Read keys lose the page by route, the preview shows Draft',
    plan({ s2, p }) {
      return {
        probes: [
          read.live(s2, p.route)(`${p.route} Published hero[Hi]`, NOT_FOUND),
          read.preview(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Draft hero[Hi]`),
        ],
        write: () => api().put(`/pages/${p.id}`, { status: 'Draft' }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /pages/:id',
    what: 'a deleted page is gone by route, from the list and its sections',
    plan({ s2, p }) {
      return {
        probes: [
          read.preview(s2, p.route)(`${p.route} Published hero[Hi]`, NOT_FOUND),
          read.list(s2)([`${p.route} Published`], []),
          read.sections(s2, p.id)(['hero@1'], NOT_FOUND),
          read.locs(s2, p.id)(['Hi'], NOT_FOUND),
        ],
        write: () => api().delete(`/pages/${p.id}`),
        status: 204,
      }
    },
  },
  {
    route: 'POST /pages/:id/clone',
    what: 'the copy shows in the list and by its route (preview)',
    plan({ s2, p }) {
      const copy = `${p.route}-copy`
      return {
        probes: [
          read.list(s2)([`${p.route} Published`], sorted([`${p.route} Published`, `${copy} Draft`])),
          read.preview(s2, copy)(NOT_FOUND, `${copy} Draft hero[Hi]`),
        ],
        write: () => api().post(`/pages/${p.id}/clone`),
        status: 201,
      }
    },
  },
  {
    route: 'POST /pages/:id/review',
    what: 'approving a page in review publishes it to Read keys',
    async plan({ s2, p }) {
      await api().put(`/pages/${p.id}`, { status: 'Draft' })
      await api().put(`/pages/${p.id}`, { status: 'InReview' })
      return {
        probes: [read.live(s2, p.route)(NOT_FOUND, `${p.route} Published hero[Hi]`), read.list(s2)([`${p.route} InReview`], [`${p.route} Published`])],
        write: () => api().post(`/pages/${p.id}/review`, { action: 'Approve' }),
        status: 200,
      }
    },
  },
  {
    route: 'POST /sites/:site_id/pages/bulk',
    what: 'a bulk status change shows by route and in the list',
    plan({ s1, s2, p }) {
      return {
        probes: [read.live(s2, p.route)(`${p.route} Published hero[Hi]`, NOT_FOUND), read.list(s2)([`${p.route} Published`], [`${p.route} Draft`])],
        write: async () => {
          const res = await api().post(`/sites/${s1.id}/pages/bulk`, { action: 'UpdateStatus', status: 'Draft', ids: [p.id] })
          expect(res.json<{ succeeded: number }>().succeeded, res.body).toBe(1)
          return res
        },
        status: 200,
      }
    },
  },
  {
    route: 'POST /pages/:page_id/sections',
    what: 'a new section shows in the sections and by route',
    plan({ s2, p }) {
      return {
        probes: [
          read.sections(s2, p.id)(['hero@1'], ['hero@1', 'text@2']),
          read.live(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Published hero[Hi] text[]`),
        ],
        write: () => api().post(`/pages/${p.id}/sections`, { section_type: 'text' }),
        status: 201,
      }
    },
  },
  {
    route: 'PUT /pages/sections/:id',
    what: 'a section change shows in the sections and by route',
    plan({ s2, p, section }) {
      return {
        probes: [read.sections(s2, p.id)(['hero@1'], ['banner@4']), read.live(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Published banner[Hi]`)],
        write: () => api().put(`/pages/sections/${section.id}`, { section_type: 'banner', display_order: 4 }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /pages/sections/:id',
    what: 'a deleted section leaves the sections, the localizations and the page by route',
    plan({ s2, p, section }) {
      return {
        probes: [
          read.sections(s2, p.id)(['hero@1'], []),
          read.locs(s2, p.id)(['Hi'], []),
          read.live(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Published `),
        ],
        write: () => api().delete(`/pages/sections/${section.id}`),
        status: 204,
      }
    },
  },
  {
    route: 'PUT /pages/sections/:section_id/localizations',
    what: 'an updated (upserted) localization shows in the page localizations and by route',
    plan({ s2, p, section }) {
      return {
        probes: [read.locs(s2, p.id)(['Hi'], ['Hello']), read.live(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Published hero[Hello]`)],
        write: () => api().put(`/pages/sections/${section.id}/localizations`, { locale: 'en', title: 'Hello' }),
        status: 200,
      }
    },
  },
  {
    route: 'PUT /pages/sections/:section_id/localizations',
    what: 'a new locale shows in the page localizations and by route',
    plan({ s2, p, section }) {
      return {
        probes: [read.locs(s2, p.id)(['Hi'], ['Hi', 'Hallo']), read.live(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Published hero[Hi/Hallo]`)],
        write: () => api().put(`/pages/sections/${section.id}/localizations`, { locale: 'de', title: 'Hallo' }),
        status: 201,
      }
    },
  },
  {
    route: 'DELETE /pages/sections/localizations/:id',
    what: 'a deleted localization leaves the page localizations and the page by route',
    plan({ s2, p, loc }) {
      return {
        probes: [read.locs(s2, p.id)(['Hi'], []), read.live(s2, p.route)(`${p.route} Published hero[Hi]`, `${p.route} Published hero[]`)],
        write: () => api().delete(`/pages/sections/localizations/${loc.id}`),
        status: 204,
      }
    },
  },
]

describe('pages: a write on instance A is visible in the next read on instance B', () => {
  it('the probed answers are really served from the cache on B (a change behind the API stays invisible until a write)', async () => {
    const w = await world()
    const probes = [read.live(w.s2, w.p.route), read.preview(w.s2, w.p.route), read.locs(w.s2, w.p.id)].map((p) => p(null, null))
    const first = await Promise.all(probes.map(async (p) => p.view(await B.as(p.key).get(p.url))))
    await A.dbh.db.update(pageSectionLocalizations).set({ title: 'Sneaky' }).where(eq(pageSectionLocalizations.id, w.loc.id))
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), p.url).toEqual(first[i])
    expect((await api().put(`/pages/${w.p.id}`, { template: 'any' })).statusCode).toBe(200)
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), p.url).not.toEqual(first[i])
  })

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      const w = await world()
      const plan = await c.plan(w)
      for (const p of plan.probes) expect(p.view(await B.as(p.key).get(p.url)), `before the write, on B: GET ${p.url}`).toEqual(p.before)
      const res = await plan.write()
      expect(res.statusCode, res.body).toBe(plan.status)
      for (const p of plan.probes) expect.soft(p.view(await B.as(p.key).get(p.url)), `stale after ${c.route}, on B: GET ${p.url}`).toEqual(p.after)
    })
  }
})

describe('coverage of the pages table', () => {
  it('names every write route of the pages module, and only routes that exist', async () => {
    const collected = await collectRoutes()
    try {
      const declared = new Set<string>()
      for (const r of collected.api) {
        const path = r.url.replace(/^\/api\/v1/, '')
        const tags = (r.schema as { tags?: string[] } | undefined)?.tags ?? []
        if (!tags.includes('Pages') && !/^\/pages(\/|$)|^\/sites\/:site_id\/pages/.test(path)) continue
        for (const m of Array.isArray(r.method) ? r.method : [r.method]) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) declared.add(`${m} ${path}`)
      }
      const covered = new Set(CASES.map((c) => c.route))
      expect(declared.size).toBeGreaterThanOrEqual(10)
      expect(
        [...declared].filter((r) => !covered.has(r)),
        'write routes without a read-after-write case',
      ).toEqual([])
      expect(
        [...covered].filter((r) => !declared.has(r)),
        'cases naming a route the app does not declare',
      ).toEqual([])
    } finally {
      await collected.close()
    }
  })
})
