import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { legalGroups } from '../../../src/db/schema/legal.js'
import type { LegalDocument, LegalDocumentDetail, LegalGroup, LegalItem } from '../../../src/modules/legal/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'

/*
 * Read-after-write across instances for every write route of the legal module (like
 * test/contract/read-after-write.test.ts for blogs and taxonomy): two app instances over one database and one
 * shared cache (with REDIS_URL: two Redis clients with one prefix). Each case: a fresh site with an active
 * CookieConsent document C (localization en, group G with item I) and a PrivacyPolicy document P; every probe read
 * on B (warming its caches), the write on A, every probe again on B: each must show the change at once.
 */

let instances: TwoInstances
let A: TestApp
let B: TestApp
beforeAll(async () => {
  instances = await twoInstances({ sameClock: true })
  A = instances.A
  B = instances.B
})
afterAll(() => instances?.close())

const api = () => A.as(A.masterKey)
const NOT_FOUND = 'HTTP 404'
/** A whole document as one line: slug, active, cookie name, localization titles, groups with their items. */
const view = (res: Res): string => {
  if (res.statusCode !== 200) return `HTTP ${res.statusCode}`
  const d = res.json<LegalDocumentDetail>()
  const groups = d.groups.map((g) => `${g.title}${g.default_enabled ? '+' : ''}(${g.items.map((i) => `${i.name}${i.expiry ? `:${i.expiry}` : ''}`).join(',')})`)
  return `${d.slug} ${d.is_active ? 'active' : 'inactive'} ${d.cookie_name ?? '-'} loc[${d.localizations.map((l) => l.title ?? '-').join(',')}] groups[${groups.join(' ')}]`
}

interface World {
  s: SiteFixture
  c: LegalDocument
  p: LegalDocument
  g: LegalGroup
  i: LegalItem
  loc: { id: string }
  /** How C and P show now. */
  C: string
  P: string
}

async function world(): Promise<World> {
  const u = uid()
  const s = await makeSite(A)
  const c = expectStatus<LegalDocument>(
    await api().post(`/sites/${s.id}/legal`, { slug: `cookies-${u}`, document_type: 'CookieConsent', cookie_name: 'consent' }),
    201,
  )
  const p = expectStatus<LegalDocument>(await api().post(`/sites/${s.id}/legal`, { slug: `privacy-${u}`, document_type: 'PrivacyPolicy' }), 201)
  const g = expectStatus<LegalGroup>(await api().post(`/legal/${c.id}/groups`, { title: 'Necessary', is_required: true }), 201)
  const i = expectStatus<LegalItem>(await api().post(`/legal/groups/${g.id}/items`, { name: 'session' }), 201)
  const loc = expectStatus<{ id: string }>(await api().post(`/legal/${c.id}/localizations`, { locale: 'en', title: 'Cookies' }), 201)
  ;(A.clock as ManualClock).advance(1000)
  return { s, c, p, g, i, loc, C: `${c.slug} active consent loc[Cookies] groups[Necessary+(session)]`, P: `${p.slug} active - loc[] groups[]` }
}

interface Probe {
  url: string
  key: string
  before: string
  after: string
}
const read = {
  consent:
    (s: SiteFixture) =>
    (before: string, after: string): Probe => ({ url: `/sites/${s.id}/legal/cookie-consent`, key: s.keys.Read, before, after }),
  bySlug:
    (s: SiteFixture, slug: string) =>
    (before: string, after: string): Probe => ({ url: `/sites/${s.id}/legal/by-slug/${slug}`, key: s.keys.Read, before, after }),
  preview:
    (s: SiteFixture, slug: string) =>
    (before: string, after: string): Probe => ({ url: `/sites/${s.id}/legal/by-slug/${slug}`, key: s.keys.Write, before, after }),
  byId:
    (s: SiteFixture, id: string) =>
    (before: string, after: string): Probe => ({ url: `/legal/${id}`, key: s.keys.Read, before, after }),
}
/** The C probes: cookie-consent, by slug (Read and Write) and by id. */
const allOfC = (w: World, after: string, consentAfter = after, liveAfter = after): Probe[] => [
  read.consent(w.s)(w.C, consentAfter),
  read.bySlug(w.s, w.c.slug)(w.C, liveAfter),
  read.preview(w.s, w.c.slug)(w.C, after),
  read.byId(w.s, w.c.id)(w.C, after),
]

interface Case {
  route: string
  what: string
  plan(w: World): { probes: Probe[]; write(): Promise<Res>; status: number } | Promise<{ probes: Probe[]; write(): Promise<Res>; status: number }>
}

const CASES: Case[] = [
  {
    route: 'POST /sites/:site_id/legal',
    what: 'a newer active CookieConsent document becomes the cookie consent; its slug answers',
    plan: (w) => {
      const slug = `newer-${uid()}`
      const N = `${slug} active - loc[] groups[]`
      return {
        probes: [read.consent(w.s)(w.C, N), read.bySlug(w.s, slug)(NOT_FOUND, N), read.byId(w.s, w.c.id)(w.C, w.C)],
        write: () => api().post(`/sites/${w.s.id}/legal`, { slug, document_type: 'CookieConsent' }),
        status: 201,
      }
    },
  },
  {
    route: 'PUT /legal/:id',
    what: 'a new slug and cookie name: the old slug is gone, the new one answers',
    plan: (w) => {
      const slug = `moved-${uid()}`
      const M = w.C.replace(w.c.slug, slug).replace(' consent ', ' consent_v2 ')
      return {
        probes: [
          read.consent(w.s)(w.C, M),
          read.bySlug(w.s, w.c.slug)(w.C, NOT_FOUND),
          read.bySlug(w.s, slug)(NOT_FOUND, M),
          read.byId(w.s, w.c.id)(w.C, M),
          read.bySlug(w.s, w.p.slug)(w.P, w.P),
        ],
        write: () => api().put(`/legal/${w.c.id}`, { slug, cookie_name: 'consent_v2' }),
        status: 200,
      }
    },
  },
  {
    route: 'PUT /legal/:id',
    what: 'deactivated: no cookie consent, by slug 404 for Read keys, inactive for previews',
    plan: (w) => {
      const I = w.C.replace(' active ', ' inactive ')
      return { probes: allOfC(w, I, NOT_FOUND, NOT_FOUND), write: () => api().put(`/legal/${w.c.id}`, { is_active: false }), status: 200 }
    },
  },
  {
    route: 'DELETE /legal/:id',
    what: 'the document is gone from every answer',
    plan: (w) => ({ probes: [...allOfC(w, NOT_FOUND), read.bySlug(w.s, w.p.slug)(w.P, w.P)], write: () => api().delete(`/legal/${w.c.id}`), status: 204 }),
  },
  {
    route: 'POST /legal/:document_id/groups',
    what: 'a new group shows in the nested answers',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('groups[Necessary+(session)]', 'groups[Necessary+(session) Statistics()]')),
      write: () => api().post(`/legal/${w.c.id}/groups`, { title: 'Statistics' }),
      status: 201,
    }),
  },
  {
    route: 'PUT /legal/groups/:id',
    what: 'a renamed group',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('Necessary+', 'Essential+')),
      write: () => api().put(`/legal/groups/${w.g.id}`, { title: 'Essential' }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /legal/groups/:id',
    what: 'a deleted group (and its items)',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('groups[Necessary+(session)]', 'groups[]')),
      write: () => api().delete(`/legal/groups/${w.g.id}`),
      status: 204,
    }),
  },
  {
    route: 'POST /legal/groups/:group_id/items',
    what: 'a new item shows in its group',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('(session)', '(session,csrf)')),
      write: () => api().post(`/legal/groups/${w.g.id}/items`, { name: 'csrf' }),
      status: 201,
    }),
  },
  {
    route: 'PUT /legal/items/:id',
    what: 'a changed item',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('(session)', '(session:1 day)')),
      write: () => api().put(`/legal/items/${w.i.id}`, { expiry: '1 day' }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /legal/items/:id',
    what: 'a deleted item',
    plan: (w) => ({ probes: allOfC(w, w.C.replace('(session)', '()')), write: () => api().delete(`/legal/items/${w.i.id}`), status: 204 }),
  },
  {
    route: 'POST /legal/:id/localizations',
    what: 'a new localization',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('loc[Cookies]', 'loc[Cookies,Kekse]')),
      write: () => api().post(`/legal/${w.c.id}/localizations`, { locale: 'de', title: 'Kekse' }),
      status: 201,
    }),
  },
  {
    route: 'PUT /legal/localizations/:loc_id',
    what: 'a changed localization',
    plan: (w) => ({
      probes: allOfC(w, w.C.replace('loc[Cookies]', 'loc[Cookie policy]')),
      write: () => api().put(`/legal/localizations/${w.loc.id}`, { title: 'Cookie policy' }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /legal/localizations/:loc_id',
    what: 'a deleted localization',
    plan: (w) => ({ probes: allOfC(w, w.C.replace('loc[Cookies]', 'loc[]')), write: () => api().delete(`/legal/localizations/${w.loc.id}`), status: 204 }),
  },
]

describe('legal: a write on instance A is visible in the next read on instance B', () => {
  it('the probed answers are really served from the cache on B (a change behind the API stays invisible until a write)', async () => {
    const w = await world()
    const probes = allOfC(w, '')
    for (const p of probes) expect(view(await B.as(p.key).get(p.url)), p.url).toBe(w.C)
    await A.dbh.db.update(legalGroups).set({ title: 'Sneaky' }).where(eq(legalGroups.id, w.g.id))
    for (const p of probes) expect(view(await B.as(p.key).get(p.url)), p.url).toBe(w.C)
    expectStatus(await api().put(`/legal/items/${w.i.id}`, { purpose: 'Login' }), 200)
    for (const p of probes) expect(view(await B.as(p.key).get(p.url)), p.url).toBe(w.C.replace('Necessary', 'Sneaky'))
  })

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      const w = await world()
      const plan = await c.plan(w)
      for (const p of plan.probes) expect(view(await B.as(p.key).get(p.url)), `before the write, on B: GET ${p.url}`).toBe(p.before)
      const res = await plan.write()
      expect(res.statusCode, res.body).toBe(plan.status)
      for (const p of plan.probes) expect.soft(view(await B.as(p.key).get(p.url)), `stale after ${c.route}, on B: GET ${p.url}`).toBe(p.after)
    })
  }

  it('names every write route of the legal module, and only routes that exist', async () => {
    const collected = await collectRoutes()
    try {
      const declared = new Set<string>()
      for (const r of collected.api) {
        const path = r.url.replace(/^\/api\/v1/, '')
        if (!/^\/legal(\/|$)|^\/sites\/:site_id\/legal/.test(path)) continue
        for (const m of Array.isArray(r.method) ? r.method : [r.method]) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) declared.add(`${m} ${path}`)
      }
      const covered = new Set(CASES.map((c) => c.route))
      expect(
        [...declared].filter((r) => !covered.has(r)),
        'write routes without a case',
      ).toEqual([])
      expect(
        [...covered].filter((r) => !declared.has(r)),
        'cases naming a route the app does not declare',
      ).toEqual([])
      expect(declared.size).toBe(12)
    } finally {
      await collected.close()
    }
  })
})
