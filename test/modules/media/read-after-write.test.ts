import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { media } from '../../../src/db/schema/media.js'
import type { Media, MediaDetail, MediaFolder, MediaMetadata } from '../../../src/modules/media/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { collectRoutes } from '../../helpers/routes.js'
import { image, multipart, uploadTo } from './fixtures.js'

/*
 * Read-after-write across instances for every write route of the media module (as
 * test/modules/legal/read-after-write.test.ts): two app instances over one database and one shared cache (with
 * REDIS_URL: two Redis clients with one prefix). Each case: a fresh site with folders F and G, an uploaded image U
 * filed in F with English metadata, every probe read on B (warming its caches), the write on A, every probe again
 * on B: each must show the change at once.
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

interface World {
  s: SiteFixture
  f: MediaFolder
  g: MediaFolder
  u: Media
  en: MediaMetadata
  /** How U shows now. */
  U: string
}

/** A record as one line: filename, folder (F, G or -), global or not, metadata alt texts by locale. */
function viewOf(w: Pick<World, 'f' | 'g' | 's'>) {
  const folder = (id: string | null) => (id === w.f.id ? 'F' : id === w.g.id ? 'G' : (id ?? '-'))
  const locale = (id: string) => w.s.locales.find((l) => l.id === id)?.code ?? id
  return {
    detail: (res: Res): string => {
      if (res.statusCode !== 200) return `HTTP ${res.statusCode}`
      const d = res.json<MediaDetail>()
      const meta = d.metadata.map((m) => `${locale(m.locale_id)}:${m.alt_text ?? '-'}`).sort()
      return `${d.filename} folder:${folder(d.folder_id)} ${d.is_global ? 'global' : 'local'} meta[${meta.join(',')}]`
    },
    list: (res: Res): string => {
      if (res.statusCode !== 200) return `HTTP ${res.statusCode}`
      return res
        .json<{ data: Media[] }>()
        .data.map((m) => `${m.filename}@${folder(m.folder_id)}`)
        .sort()
        .join(' ')
    },
  }
}

async function world(): Promise<World> {
  const s = await makeSite(A)
  const f = expectStatus<MediaFolder>(await api().post(`/sites/${s.id}/media-folders`, { name: 'F' }), 201)
  const g = expectStatus<MediaFolder>(await api().post(`/sites/${s.id}/media-folders`, { name: 'G' }), 201)
  const bytes = await image('png', 40, 30, Number.parseInt(uid().slice(0, 6), 36) % 251)
  const u = expectStatus<Media>(await uploadTo(A, s, bytes, 'photo.png', [{ name: 'folder_id', value: f.id }], A.masterKey), 201)
  const en = expectStatus<MediaMetadata>(await api().post(`/media/${u.id}/metadata`, { locale: 'en', alt_text: 'Lighthouse' }), 201)
  return { s, f, g, u, en, U: 'photo.png folder:F local meta[en:Lighthouse]' }
}

interface Probe {
  url: string
  show: (res: Res) => string
  before: string
  after: string
}

const probes = (w: World, after: { detail?: string; list?: string }): Probe[] => {
  const v = viewOf(w)
  return [
    { url: `/media/${w.u.id}`, show: v.detail, before: w.U, after: after.detail ?? w.U },
    { url: `/sites/${w.s.id}/media`, show: v.list, before: 'photo.png@F', after: after.list ?? 'photo.png@F' },
  ]
}

interface Case {
  route: string
  what: string
  plan(w: World): Promise<{ probes: Probe[]; write(): Promise<Res>; status: number }> | { probes: Probe[]; write(): Promise<Res>; status: number }
}

const CASES: Case[] = [
  {
    route: 'POST /media',
    what: 'an external record joins the list; U unchanged',
    plan: (w) => ({
      probes: probes(w, { list: 'logo.svg@- photo.png@F' }),
      write: () => api().post('/media', { site_id: w.s.id, url: 'https://cdn.example.com/logo.svg', mime_type: 'image/svg+xml' }),
      status: 201,
    }),
  },
  {
    route: 'POST /media/upload',
    what: 'an upload joins the list; U unchanged',
    plan: async (w) => {
      const bytes = await image('jpeg', 20, 20, 3)
      return { probes: probes(w, { list: 'other.jpg@- photo.png@F' }), write: () => uploadTo(A, w.s, bytes, 'other.jpg', [], A.masterKey), status: 201 }
    },
  },
  {
    route: 'PUT /media/:id',
    what: 'renamed',
    plan: (w) => ({
      probes: probes(w, { detail: w.U.replace('photo.png', 'beacon.png'), list: 'beacon.png@F' }),
      write: () => api().put(`/media/${w.u.id}`, { filename: 'beacon.png' }),
      status: 200,
    }),
  },
  {
    route: 'PUT /media/:id',
    what: 'moved to folder G',
    plan: (w) => ({
      probes: probes(w, { detail: w.U.replace('folder:F', 'folder:G'), list: 'photo.png@G' }),
      write: () => api().put(`/media/${w.u.id}`, { folder_id: w.g.id }),
      status: 200,
    }),
  },
  {
    route: 'PUT /media/:id',
    what: 'moved out of any folder, made global',
    plan: (w) => ({
      probes: probes(w, { detail: 'photo.png folder:- global meta[en:Lighthouse]', list: 'photo.png@-' }),
      write: () => api().put(`/media/${w.u.id}`, { folder_id: null, is_global: true }),
      status: 200,
    }),
  },
  {
    route: 'PUT /media/:id/file',
    what: 'a new file (and its name); folder and metadata kept',
    plan: async (w) => {
      const { payload, headers } = multipart([{ name: 'file', file: { filename: 'swapped.png', bytes: await image('png', 30, 20, 5) } }])
      return {
        probes: probes(w, { detail: w.U.replace('photo.png', 'swapped.png'), list: 'swapped.png@F' }),
        write: () => A.app.inject({ method: 'PUT', url: `/api/v1/media/${w.u.id}/file`, headers: { ...headers, 'x-api-key': A.masterKey }, payload }),
        status: 200,
      }
    },
  },
  {
    route: 'DELETE /media/:id',
    what: 'gone from every answer',
    plan: (w) => ({ probes: probes(w, { detail: NOT_FOUND, list: '' }), write: () => api().delete(`/media/${w.u.id}`), status: 204 }),
  },
  {
    route: 'POST /media/:id/metadata',
    what: 'new German metadata',
    plan: (w) => ({
      probes: probes(w, { detail: w.U.replace('meta[en:Lighthouse]', 'meta[de:Leuchtturm,en:Lighthouse]') }),
      write: () => api().post(`/media/${w.u.id}/metadata`, { locale: 'de', alt_text: 'Leuchtturm' }),
      status: 201,
    }),
  },
  {
    route: 'PUT /media/metadata/:metadata_id',
    what: 'changed alt text',
    plan: (w) => ({
      probes: probes(w, { detail: w.U.replace('en:Lighthouse', 'en:Beacon') }),
      write: () => api().put(`/media/metadata/${w.en.id}`, { alt_text: 'Beacon' }),
      status: 200,
    }),
  },
  {
    route: 'DELETE /media/metadata/:metadata_id',
    what: 'deleted metadata',
    plan: (w) => ({
      probes: probes(w, { detail: w.U.replace('meta[en:Lighthouse]', 'meta[]') }),
      write: () => api().delete(`/media/metadata/${w.en.id}`),
      status: 204,
    }),
  },
  {
    route: 'POST /sites/:site_id/media-folders',
    what: 'a new folder changes nothing U shows',
    plan: (w) => ({ probes: probes(w, {}), write: () => api().post(`/sites/${w.s.id}/media-folders`, { name: 'H' }), status: 201 }),
  },
  {
    route: 'PUT /media-folders/:id',
    what: 'a renamed folder changes nothing U shows',
    plan: (w) => ({ probes: probes(w, {}), write: () => api().put(`/media-folders/${w.f.id}`, { name: 'F2' }), status: 200 }),
  },
  {
    route: 'DELETE /media-folders/:id',
    what: "deleting U's folder moves U to no folder",
    plan: (w) => ({
      probes: probes(w, { detail: w.U.replace('folder:F', 'folder:-'), list: 'photo.png@-' }),
      write: () => api().delete(`/media-folders/${w.f.id}`),
      status: 204,
    }),
  },
]

describe('media: a write on instance A is visible in the next read on instance B', () => {
  it('GET /media/{id} is really served from the cache on B (a change behind the API stays invisible until a write)', async () => {
    const w = await world()
    const [detail] = probes(w, {})
    const url = (detail as Probe).url
    expect(viewOf(w).detail(await B.as(w.s.keys.Read).get(url))).toBe(w.U)
    await A.dbh.db.update(media).set({ filename: 'sneaky.png' }).where(eq(media.id, w.u.id))
    expect(viewOf(w).detail(await B.as(w.s.keys.Read).get(url))).toBe(w.U)
    expectStatus(await api().put(`/media/metadata/${w.en.id}`, { caption: 'at dusk' }), 200)
    expect(viewOf(w).detail(await B.as(w.s.keys.Read).get(url))).toBe(w.U.replace('photo.png', 'sneaky.png'))
  })

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      const w = await world()
      const plan = await c.plan(w)
      for (const p of plan.probes) expect(p.show(await B.as(w.s.keys.Read).get(p.url)), `before the write, on B: GET ${p.url}`).toBe(p.before)
      const res = await plan.write()
      expect(res.statusCode, res.body).toBe(plan.status)
      for (const p of plan.probes) expect.soft(p.show(await B.as(w.s.keys.Read).get(p.url)), `stale after ${c.route}, on B: GET ${p.url}`).toBe(p.after)
    })
  }

  it('names every write route of the media module, and only routes that exist', async () => {
    const collected = await collectRoutes()
    try {
      const declared = new Set<string>()
      for (const r of collected.api) {
        const path = r.url.replace(/^\/api\/v1/, '')
        if (!/^\/media(\/|-folders|$)|^\/sites\/:site_id\/media/.test(path)) continue
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
      expect(declared.size).toBe(11)
    } finally {
      await collected.close()
    }
  })
})
