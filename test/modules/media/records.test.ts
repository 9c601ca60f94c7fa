import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Media, MediaDetail, MediaFolder, MediaMetadata } from '../../../src/modules/media/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'
import { image, pdf, uploaded, uploadTo } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_PUBLIC_URL: 'https://cms.example.org/' } })
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const listOf = async (query: string, site = a) => expectStatus<Page<Media>>(await t.as(site.keys.Read).get(`/sites/${site.id}/media${query}`), 200)

describe('POST /media (external record)', () => {
  it('creates a record of an external URL: nothing stored, public_url is the URL', async () => {
    const m = expectStatus<Media>(
      await t
        .as(a.keys.Write)
        .post('/media', { site_id: a.id, url: 'https://cdn.example.org/img/Sunset%20Beach.jpg', mime_type: 'image/jpeg', width: 800, height: 600 }),
      201,
    )
    expect(m).toMatchObject({
      site_id: a.id,
      filename: 'Sunset Beach.jpg',
      mime_type: 'image/jpeg',
      mime_category: 'image',
      checksum: null,
      size_bytes: null,
      width: 800,
      height: 600,
      public_url: 'https://cdn.example.org/img/Sunset%20Beach.jpg',
      variants: [],
      is_global: false,
    })
    expect((await auditsOf(t, 'media', m.id)).map((r) => r.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'media.created', m.id)).toHaveLength(1)
  })

  it('415 for a type outside the accepted list; 400 for a bad URL; 404 for another site', async () => {
    expectProblem(
      await t.as(a.keys.Write).post('/media', { site_id: a.id, url: 'https://x.example.org/a.exe', mime_type: 'application/x-msdownload' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expectProblem(await t.as(a.keys.Write).post('/media', { site_id: a.id, url: 'javascript:alert(1)', mime_type: 'image/png' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(b.keys.Master).post('/media', { site_id: a.id, url: 'https://x.example.org/a.png', mime_type: 'image/png' }), 404, 'NOT_FOUND')
  })
})

describe('public_url', () => {
  it('is absolute under ATRIUM_PUBLIC_URL', async () => {
    const m = await uploaded(t, a, await image('png', 200, 200, 40), 'abs.png')
    expect(m.public_url).toMatch(/^https:\/\/cms\.example\.org\/api\/v1\/media\/files\/[A-Za-z0-9_-]{32}$/)
    expect(m.variants[0]?.public_url).toMatch(/^https:\/\/cms\.example\.org\/api\/v1\/media\/files\/[A-Za-z0-9_-]{32}-thumbnail\.webp$/)
  })
})

describe('metadata, search and filters', () => {
  it('per-locale metadata (the kit contract: metadata-contract.test.ts) feeds search: create, update, delete; each a media.updated', async () => {
    const m = await uploaded(t, a, await image('png', 30, 30, 41), 'IMG_0042.png')
    const en = expectStatus<MediaMetadata>(
      await t.as(a.keys.Write).post(`/media/${m.id}/metadata`, { locale: 'en', alt_text: 'A lighthouse at dusk', caption: 'Brittany coast', title: null }),
      201,
    )
    expect(en).toMatchObject({ media_id: m.id, alt_text: 'A lighthouse at dusk', caption: 'Brittany coast', title: null })
    const de = expectStatus<MediaMetadata>(await t.as(a.keys.Write).post(`/media/${m.id}/metadata`, { locale: 'de', title: 'Leuchtturm' }), 201)
    expect(expectStatus<MediaMetadata[]>(await t.as(a.keys.Read).get(`/media/${m.id}/metadata`), 200)).toHaveLength(2)
    expect((await listOf('?search=lighthouse')).data.map((x) => x.id)).toEqual([m.id])
    expect((await listOf('?search=leucht')).data.map((x) => x.id)).toEqual([m.id])
    expect((await listOf('?search=img 0042')).data.map((x) => x.id)).toEqual([m.id])
    expect((await listOf('?search=brittany%20dusk')).data.map((x) => x.id)).toEqual([m.id])
    expect((await listOf('?search=lighthouse', b)).data).toEqual([])
    const upd = expectStatus<MediaMetadata>(await t.as(a.keys.Write).put(`/media/metadata/${en.id}`, { alt_text: 'A windmill' }), 200)
    expect(upd.alt_text).toBe('A windmill')
    expect((await listOf('?search=lighthouse')).data).toEqual([])
    expect((await listOf('?search=windmill')).data.map((x) => x.id)).toEqual([m.id])
    expectNoContent(await t.as(a.keys.Write).delete(`/media/metadata/${de.id}`))
    expect((await listOf('?search=leuchtturm')).data).toEqual([])
    expect((await eventsFor(t, 'media.updated', m.id)).length).toBeGreaterThanOrEqual(4)
    const detail = expectStatus<MediaDetail>(await t.as(a.keys.Read).get(`/media/${m.id}`), 200)
    expect(detail.metadata.map((x) => x.alt_text)).toEqual(['A windmill'])
  })

  it('filters by mime_category and folder; pages newest first', async () => {
    const site = await makeSite(t)
    const folder = expectStatus<MediaFolder>(await t.as(site.keys.Write).post(`/sites/${site.id}/media-folders`, { name: ' Photos ' }), 201)
    expect(folder.name).toBe('Photos')
    const img = expectStatus<Media>(await uploadTo(t, site, await image('png', 20, 20, 42), 'p.png', [{ name: 'folder_id', value: folder.id }]), 201)
    expect(img.folder_id).toBe(folder.id)
    const doc = await uploaded(t, site, pdf(), 'terms.pdf')
    const cat = async (c: string) => (await listOf(`?mime_category=${c}`, site)).data.map((x) => x.id)
    expect(await cat('image')).toEqual([img.id])
    expect(await cat('document')).toEqual([doc.id])
    expect(await cat('video')).toEqual([])
    expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/media?mime_category=spreadsheet`), 400, 'VALIDATION_FAILED')
    expect((await listOf(`?folder_id=${folder.id}`, site)).data.map((x) => x.id)).toEqual([img.id])
    const all = await listOf('?per_page=1', site)
    expect(all.data).toHaveLength(1)
    expect(all.meta.total).toBe(2)
  })
})

describe('PUT /media/{id} and folders', () => {
  it('renames (sanitised, history) and moves between folders; a folder of another site is a 400', async () => {
    const m = await uploaded(t, a, await image('png', 20, 20, 43), 'old.png')
    const f = expectStatus<MediaFolder>(await t.as(a.keys.Write).post(`/sites/${a.id}/media-folders`, { name: 'Banners' }), 201)
    const other = expectStatus<MediaFolder>(await t.as(b.keys.Write).post(`/sites/${b.id}/media-folders`, { name: 'Other' }), 201)
    const upd = expectStatus<Media>(await t.as(a.keys.Write).put(`/media/${m.id}`, { filename: 'dir/new\u0000name.png', folder_id: f.id }), 200)
    expect(upd).toMatchObject({ filename: 'newname.png', folder_id: f.id })
    expect((await historyOf(t, 'media', m.id, 'filename')).length).toBe(1)
    expectProblem(await t.as(a.keys.Write).put(`/media/${m.id}`, { folder_id: other.id }), 400, 'VALIDATION_FAILED')
    expect((await listOf('?search=newname')).data.map((x) => x.id)).toEqual([m.id])
    // Deleting the folder unfiles its media (media.updated).
    expectNoContent(await t.as(a.keys.Write).delete(`/media-folders/${f.id}`))
    const after = expectStatus<MediaDetail>(await t.as(a.keys.Read).get(`/media/${m.id}`), 200)
    expect(after.folder_id).toBeNull()
    expect(expectStatus<MediaFolder[]>(await t.as(a.keys.Read).get(`/sites/${a.id}/media-folders`), 200).map((x) => x.id)).not.toContain(f.id)
  })
})
