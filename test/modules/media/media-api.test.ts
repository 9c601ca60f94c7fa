import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Media, MediaFolder, MediaReference } from '../../../src/modules/media/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, MISSING_ID, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf } from '../../helpers/records.js'
import { image, uploaded } from './fixtures.js'

/* The media API (README.md "Media"): rename, move, focal point (PUT /media/{id}) and where a file is used. */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
let m: Media

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
  m = await uploaded(t, a, await image('jpeg', 320, 200, 31), 'original name.jpg')
})
afterAll(async () => {
  await t?.close()
})

describe('PUT /media/{id}: rename, move, focal point', () => {
  it('renames (sanitised), moves into a folder and out again, and sets the focal point', async () => {
    const api = t.as(a.keys.Write)
    const renamed = expectStatus<Media>(await api.put(`/media/${m.id}`, { filename: '../dir/Sunset at sea.jpg' }), 200)
    expect(renamed.filename).toBe('Sunset at sea.jpg')
    const folder = expectStatus<MediaFolder>(await api.post(`/sites/${a.id}/media-folders`, { name: 'Holidays' }), 201)
    const moved = expectStatus<Media>(await api.put(`/media/${m.id}`, { folder_id: folder.id }), 200)
    expect(moved.folder_id).toBe(folder.id)
    const listed = expectStatus<{ data: Media[] }>(await api.get(`/sites/${a.id}/media?folder_id=${folder.id}`), 200)
    expect(listed.data.map((x) => x.id)).toEqual([m.id])
    expect(expectStatus<Media>(await api.put(`/media/${m.id}`, { folder_id: null }), 200).folder_id).toBeNull()
    const focal = expectStatus<Media>(await api.put(`/media/${m.id}`, { focal_x: 0.25, focal_y: 0.8 }), 200)
    expect(focal).toMatchObject({ focal_x: 0.25, focal_y: 0.8 })
    expect(focal.image_url).not.toBe(m.image_url)
    expect(expectStatus<Media>(await api.get(`/media/${m.id}`), 200)).toMatchObject({ focal_x: 0.25, focal_y: 0.8, image_url: focal.image_url })
    const audits = await auditsOf(t, 'media', m.id)
    expect(audits.filter((x) => x.action === 'Update').length).toBeGreaterThanOrEqual(4)
  })

  it('refuses bad values with a 400 naming the field and changes nothing', async () => {
    const api = t.as(a.keys.Write)
    const before = expectStatus<Media>(await api.get(`/media/${m.id}`), 200)
    for (const [body, field] of [
      [{ focal_x: 1.5 }, 'focal_x'],
      [{ focal_y: -0.1 }, 'focal_y'],
      [{ focal_x: 'left' }, 'focal_x'],
      [{ filename: '' }, 'filename'],
      [{ folder_id: 'not-a-uuid' }, 'folder_id'],
      [{ folder_id: MISSING_ID }, 'folder_id'],
    ] as const) {
      const problem = expectProblem(await api.put(`/media/${m.id}`, body), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toContain(field)
    }
    expect(expectStatus<Media>(await api.get(`/media/${m.id}`), 200)).toMatchObject({ filename: before.filename, focal_x: before.focal_x, folder_id: null })
  })

  it("refuses a move into another site's folder", async () => {
    const other = expectStatus<MediaFolder>(await t.as(b.keys.Write).post(`/sites/${b.id}/media-folders`, { name: 'Theirs' }), 201)
    const problem = expectProblem(await t.as(a.keys.Write).put(`/media/${m.id}`, { folder_id: other.id }), 400, 'VALIDATION_FAILED')
    expect(problem.errors?.[0]?.field).toBe('folder_id')
    expect(expectStatus<Media>(await t.as(a.keys.Read).get(`/media/${m.id}`), 200).folder_id).toBeNull()
  })

  it('needs Author: a Read key gets 403, no key 401, another site 404', async () => {
    expectProblem(await t.as(a.keys.Read).put(`/media/${m.id}`, { focal_x: 0.1 }), 403, 'FORBIDDEN')
    expectProblem(await t.as().put(`/media/${m.id}`, { focal_x: 0.1 }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Admin).put(`/media/${m.id}`, { focal_x: 0.1 }), 404, 'NOT_FOUND')
  })
})

describe('GET /media/{id}/references', () => {
  it('lists the blogs (cover, header) and pages (section covers) of the site that use the file', async () => {
    const api = t.as(a.keys.Write)
    const pic = await uploaded(t, a, await image('png', 64, 64, 32), 'used.png')
    expect(expectStatus<MediaReference[]>(await t.as(a.keys.Read).get(`/media/${pic.id}/references`), 200)).toEqual([])
    const blog = expectStatus<{ id: string }>(
      await api.post('/blogs', {
        site_ids: [a.id],
        slug: 'with-cover',
        cover_image_id: pic.id,
        header_image_id: pic.id,
        localizations: [{ locale: 'en', title: 'A post with a cover' }],
      }),
      201,
    )
    const page = expectStatus<{ id: string }>(
      await api.post('/pages', { site_ids: [a.id], route: '/about', sections: [{ section_type: 'hero', cover_image_id: pic.id }] }),
      201,
    )
    const refs = expectStatus<MediaReference[]>(await t.as(a.keys.Read).get(`/media/${pic.id}/references`), 200)
    expect(refs).toEqual([
      { type: 'blog', id: blog.id, label: 'A post with a cover', field: 'cover_image_id' },
      { type: 'blog', id: blog.id, label: 'A post with a cover', field: 'header_image_id' },
      { type: 'page', id: page.id, label: '/about', field: 'sections.cover_image_id' },
    ])
    expect((await api.delete(`/blogs/${blog.id}`)).statusCode).toBe(204)
    expect(expectStatus<MediaReference[]>(await t.as(a.keys.Read).get(`/media/${pic.id}/references`), 200).map((r) => r.type)).toEqual(['page'])
  })

  it('401 without a key, 404 for another site, an unknown id or a bad one 400', async () => {
    expectProblem(await t.as().get(`/media/${m.id}/references`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Read).get(`/media/${m.id}/references`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/media/${MISSING_ID}/references`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get('/media/nope/references'), 400, 'VALIDATION_FAILED')
  })
})
