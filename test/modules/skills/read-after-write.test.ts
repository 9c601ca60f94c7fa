import { eq } from 'drizzle-orm'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cvEntries, skills } from '../../../src/db/schema/skills.js'
import type { CvEntry } from '../../../src/modules/cv/schemas.js'
import type { Skill } from '../../../src/modules/skills/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'

/*
 * Read-after-write across instances for every write route of skills and CV (as test/contract/read-after-write.test.ts
 * does for blogs and taxonomy): two app instances over one database and one shared cache (embedded: one memory
 * cache; with REDIS_URL: two Redis clients with one prefix). Each case: fresh sites S1, S2 with a skill K and a CV
 * entry E owned by S1 and carried by both; every probe is read on B (warming its cache), the write goes through
 * A, and every probe on B must show the change at once.
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

const NOT_FOUND = 'HTTP 404'
const sorted = (xs: string[]) => [...xs].sort()
const ok = <T>(res: Res, f: (body: T) => unknown): unknown => (res.statusCode === 200 ? f(res.json<T>()) : `HTTP ${res.statusCode}`)
const showSkill = (s: Skill) => `${s.slug} ${s.name} ${s.proficiency}`
const showCv = (e: CvEntry) => `${e.title} ${e.entry_type} ${e.start_date}`
const views = {
  skills: (res: Res) => ok<{ data: Skill[] }>(res, (p) => p.data.map(showSkill)),
  skill: (res: Res) => ok<Skill>(res, showSkill),
  cv: (res: Res) => ok<{ data: CvEntry[] }>(res, (p) => p.data.map(showCv)),
}

interface Probe {
  url: string
  key: string
  view: (res: Res) => unknown
  before: unknown
  after: unknown
}
const probe = (url: string, key: string, view: Probe['view']) => (before: unknown, after: unknown) => ({ url, key, view, before, after })
const read = {
  skills: (s: SiteFixture) => probe(`/sites/${s.id}/skills`, s.keys.Read, views.skills),
  skillBySlug: (s: SiteFixture, slug: string) => probe(`/skills/by-slug/${slug}?site_id=${s.id}`, s.keys.Read, views.skill),
  cv: (s: SiteFixture, type?: string) => probe(`/sites/${s.id}/cv${type ? `?entry_type=${type}` : ''}`, s.keys.Read, views.cv),
}

const api = () => A.as(A.masterKey)

interface World {
  u: string
  s1: SiteFixture
  s2: SiteFixture
  k: Skill
  e: CvEntry
}
async function world(): Promise<World> {
  const u = uid()
  const s1 = await makeSite(A)
  const s2 = await makeSite(A)
  const k = expectStatus<Skill>(await api().post('/skills', { site_ids: [s1.id, s2.id], name: 'Kotlin', slug: `k-${u}`, proficiency: 40 }), 201)
  const e = expectStatus<CvEntry>(await api().post('/cv', { site_ids: [s1.id, s2.id], entry_type: 'work', title: 'Job', start_date: '2020-01-01' }), 201)
  return { u, s1, s2, k, e }
}

interface Case {
  route: string
  what: string
  plan(w: World): { probes: Probe[]; write(): Promise<Res>; status: number }
}

const CASES: Case[] = [
  {
    route: 'POST /skills',
    what: 'a new skill carried by both sites shows in both lists and by slug',
    plan: ({ u, s1, s2, k }) => ({
      probes: [
        read.skills(s1)([showSkill(k)], [`a-${u} Ada 10`, showSkill(k)]),
        read.skills(s2)([showSkill(k)], [`a-${u} Ada 10`, showSkill(k)]),
        read.skillBySlug(s2, `a-${u}`)(NOT_FOUND, `a-${u} Ada 10`),
      ],
      write: () => api().post('/skills', { site_ids: [s1.id, s2.id], name: 'Ada', slug: `a-${u}`, proficiency: 10, display_order: -1 }),
      status: 201,
    }),
  },
  {
    route: 'PUT /skills/:id',
    what: 'a new slug and proficiency: lists follow, the old slug is gone, the new one answers',
    plan: ({ u, s1, s2, k }) => {
      const moved = `m-${u} Kotlin 90`
      return {
        probes: [
          read.skills(s1)([showSkill(k)], [moved]),
          read.skills(s2)([showSkill(k)], [moved]),
          read.skillBySlug(s2, k.slug)(showSkill(k), NOT_FOUND),
          read.skillBySlug(s1, `m-${u}`)(NOT_FOUND, moved),
        ],
        write: () => api().put(`/skills/${k.id}`, { slug: `m-${u}`, proficiency: 90 }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /skills/:id',
    what: 'the deleted skill leaves both lists and its slug answers 404',
    plan: ({ s1, s2, k }) => ({
      probes: [read.skills(s1)([showSkill(k)], []), read.skills(s2)([showSkill(k)], []), read.skillBySlug(s2, k.slug)(showSkill(k), NOT_FOUND)],
      write: () => api().delete(`/skills/${k.id}`),
      status: 204,
    }),
  },
  {
    route: 'POST /cv',
    what: 'a new education entry shows in both lists and in the education filter',
    plan: ({ s1, s2, e }) => {
      const n = 'MSc education 2021-01-01'
      return {
        probes: [
          read.cv(s1)([showCv(e)], [n, showCv(e)]),
          read.cv(s2)([showCv(e)], [n, showCv(e)]),
          read.cv(s2, 'education')([], [n]),
          read.cv(s2, 'work')([showCv(e)], [showCv(e)]),
        ],
        write: () => api().post('/cv', { site_ids: [s1.id, s2.id], entry_type: 'education', title: 'MSc', start_date: '2021-01-01' }),
        status: 201,
      }
    },
  },
  {
    route: 'PUT /cv/:id',
    what: 'a changed entry_type moves the entry between filtered lists of both sites',
    plan: ({ s1, s2, e }) => {
      const p = 'Job project 2020-01-01'
      return {
        probes: [read.cv(s1)([showCv(e)], [p]), read.cv(s2, 'work')([showCv(e)], []), read.cv(s2, 'project')([], [p])],
        write: () => api().put(`/cv/${e.id}`, { entry_type: 'project' }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /cv/:id',
    what: 'the deleted entry leaves every list of both sites',
    plan: ({ s1, s2, e }) => ({
      probes: [read.cv(s1)([showCv(e)], []), read.cv(s2)([showCv(e)], []), read.cv(s2, 'work')([showCv(e)], [])],
      write: () => api().delete(`/cv/${e.id}`),
      status: 204,
    }),
  },
]

describe('skills and CV: a write on instance A is visible in the next read on instance B', () => {
  it('the probed answers are served from the cache on B (a change behind the API stays invisible until a write)', async () => {
    const w = await world()
    const probes = [read.skills(w.s2), read.skillBySlug(w.s2, w.k.slug), read.cv(w.s2), read.cv(w.s2, 'work')].map((p) => p(null, null))
    const first = await Promise.all(probes.map(async (p) => p.view(await B.as(p.key).get(p.url))))
    await A.dbh.db.update(skills).set({ name: 'Sneaky' }).where(eq(skills.id, w.k.id))
    await A.dbh.db.update(cvEntries).set({ title: 'Sneaky' }).where(eq(cvEntries.id, w.e.id))
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), `GET ${p.url}`).toEqual(first[i])
    expect((await B.as(w.s2.keys.Read).get(`/skills/${w.k.id}`)).json<Skill>().name).toBe('Sneaky')
    // Writes through A refresh them on B.
    expect((await api().put(`/skills/${w.k.id}`, { icon: 'k' })).statusCode).toBe(200)
    expect((await api().put(`/cv/${w.e.id}`, { location: 'Bern' })).statusCode).toBe(200)
    for (const [i, p] of probes.entries()) expect(p.view(await B.as(p.key).get(p.url)), `GET ${p.url}`).not.toEqual(first[i])
  })

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      const w = await world()
      const plan = c.plan(w)
      for (const p of plan.probes) expect(p.view(await B.as(p.key).get(p.url)), `before the write, on B: GET ${p.url}`).toEqual(p.before)
      const res = await plan.write()
      expect(res.statusCode, res.body).toBe(plan.status)
      for (const p of plan.probes) expect.soft(p.view(await B.as(p.key).get(p.url)), `stale after ${c.route}, on B: GET ${p.url}`).toEqual(p.after)
    })
  }
})

describe('coverage of the table', () => {
  it('names every write route of skills and CV, and only routes that exist', async () => {
    const collected = await collectRoutes()
    try {
      const declared = sorted(
        collected.api.flatMap((r: RouteOptions) => {
          const path = r.url.replace(/^\/api\/v1/, '')
          if (!/^\/(skills|cv)(\/|$)|^\/sites\/:site_id\/(skills|cv)(\/|$)/.test(path)) return []
          return (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)).map((m) => `${m} ${path}`)
        }),
      )
      expect(declared).toHaveLength(6)
      expect(sorted([...new Set(CASES.map((c) => c.route))])).toEqual(declared)
    } finally {
      await collected.close()
    }
  })
})
