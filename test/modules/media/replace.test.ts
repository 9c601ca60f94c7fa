import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaRenditions } from '../../../src/db/schema/media.js'
import { sites } from '../../../src/db/schema/sites.js'
import type { Media, MediaDetail, MediaFolder, MediaMetadata, MediaReference } from '../../../src/modules/media/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, eventsFor, historyOf } from '../../helpers/records.js'
import { exe, filesOnDisk, image, multipart, pathOf, pdf, uploaded, uploadRaw, type Part } from './fixtures.js'
import { startS3, type S3Server } from './s3-server.js'

/* PUT /media/{id}/file: a new file for a record that keeps its id, folder, metadata and references. */

function replace(t: TestApp, key: string | undefined, id: string, parts: Part[], headers: Record<string, string> = {}): Promise<Res> {
  const body = multipart(parts)
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/media/${id}/file`,
    headers: { ...body.headers, ...(key ? { 'x-api-key': key } : {}), ...headers },
    payload: body.payload,
  })
}
const filePart = (bytes: Buffer, filename: string): Part[] => [{ name: 'file', file: { filename, bytes } }]
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url: pathOf(url) })

describe('PUT /media/{id}/file on local storage', () => {
  let t: TestApp
  let a: SiteFixture
  let b: SiteFixture
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
    b = await makeSite(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('swaps the file: same id, folder, metadata, focal point and references; new URLs, size and variants; old files gone', async () => {
    const api = t.as(a.keys.Write)
    const folder = expectStatus<MediaFolder>(await api.post(`/sites/${a.id}/media-folders`, { name: 'Covers' }), 201)
    const m = expectStatus<Media>(
      await api.put(`/media/${(await uploaded(t, a, await image('png', 800, 600, 11), 'old.png')).id}`, { folder_id: folder.id, focal_x: 0.2 }),
      200,
    )
    expectStatus<MediaMetadata>(await api.post(`/media/${m.id}/metadata`, { locale: 'en', alt_text: 'A harbour', title: 'Harbour' }), 201)
    expectStatus(
      await api.post('/blogs', {
        site_ids: [a.id],
        slug: 'replaced-cover',
        status: 'Published',
        cover_image_id: m.id,
        localizations: [{ locale: 'en', title: 'Replaced cover' }],
      }),
      201,
    )
    type Cover = { cover_image: { url: string; alt: string | null } | null }
    const bySlug = async () => expectStatus<Cover>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/replaced-cover`), 200).cover_image
    expect((await bySlug())?.url).toBe(m.public_url)
    // A rendition of the old file, stored.
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(m.image_url as string)}&w=200&fmt=webp` })).statusCode).toBe(200)
    expect(
      await t.dbh.db
        .select()
        .from(mediaRenditions)
        .where(eq(mediaRenditions.source_key, `media/${m.public_url.split('/').pop()!.slice(0, 2)}/${m.public_url.split('/').pop()}`)),
    ).toHaveLength(1)
    const etag = (await api.get(`/media/${m.id}`)).headers.etag as string

    const res = await replace(t, a.keys.Write, m.id, filePart(await image('jpeg', 1200, 900, 12), 'new photo.jpg'), { 'if-match': etag })
    const after = expectStatus<Media>(res, 200)
    expect(res.headers.etag).toMatch(/^"/)
    expect(res.headers.etag).not.toBe(etag)
    expect(after).toMatchObject({
      id: m.id,
      site_id: a.id,
      folder_id: folder.id,
      focal_x: 0.2,
      filename: 'new photo.jpg',
      mime_type: 'image/jpeg',
      width: 1200,
      height: 900,
    })
    expect(after.checksum).not.toBe(m.checksum)
    expect(after.public_url).not.toBe(m.public_url)
    expect(after.image_url).not.toBe(m.image_url)
    expect(after.variants.map((v) => [v.variant, v.mime_type])).toEqual([
      ['thumbnail', 'image/jpeg'],
      ['small', 'image/jpeg'],
      ['medium', 'image/jpeg'],
    ])
    // The detail keeps the metadata; the references still name the record.
    const detail = expectStatus<MediaDetail>(await t.as(a.keys.Read).get(`/media/${m.id}`), 200)
    expect(detail.metadata.map((x) => [x.alt_text, x.title])).toEqual([['A harbour', 'Harbour']])
    expect(expectStatus<MediaReference[]>(await t.as(a.keys.Read).get(`/media/${m.id}/references`), 200).map((r) => r.field)).toEqual(['cover_image_id'])
    // The new bytes are served; the old file, its variants and its renditions are gone.
    const served = await get(t, after.public_url)
    expect(served.statusCode).toBe(200)
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg')
    expect((await get(t, m.public_url)).statusCode).toBe(404)
    for (const v of m.variants) expect((await get(t, v.public_url)).statusCode).toBe(404)
    const oldName = m.public_url.split('/').pop() as string
    expect(filesOnDisk(t).filter((f) => f.includes(oldName))).toEqual([])
    expect(
      await t.dbh.db
        .select()
        .from(mediaRenditions)
        .where(eq(mediaRenditions.source_key, `media/${oldName.slice(0, 2)}/${oldName}`)),
    ).toEqual([])
    // A rendition of the new file keeps the focal point's version.
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(after.image_url as string)}&w=200&h=200` })).statusCode).toBe(200)
    // Audited as an update with history, one media.updated event.
    const audits = await auditsOf(t, 'media', m.id)
    expect(audits.at(-1)).toMatchObject({ action: 'Update' })
    expect((audits.at(-1)?.metadata as Record<string, unknown>).file_replaced).toBe(true)
    expect((await historyOf(t, 'media', m.id, 'checksum')).length).toBe(1)
    const events = await eventsFor(t, 'media.updated', m.id)
    expect((events.at(-1)?.payload as { data: Media }).data.checksum).toBe(after.checksum)
    // The post's delivery answer (cached before) embeds the new image at once.
    expect(await bySlug()).toMatchObject({ url: after.public_url, alt: 'A harbour' })
  })

  it('If-Match: a stale ETag is a 412 with the current record, and nothing changes or stays behind', async () => {
    const api = t.as(a.keys.Write)
    const m = await uploaded(t, a, await image('png', 300, 200, 21), 'kept.png')
    const stale = (await api.get(`/media/${m.id}`)).headers.etag as string
    expectStatus(await api.put(`/media/${m.id}`, { filename: 'renamed by a colleague.png' }), 200)
    const disk = filesOnDisk(t)
    const problem = expectProblem(
      await replace(t, a.keys.Write, m.id, filePart(await image('png', 300, 200, 22), 'mine.png'), { 'if-match': stale }),
      412,
      'EDIT_CONFLICT',
    )
    expect((problem as unknown as { current: Media }).current.filename).toBe('renamed by a colleague.png')
    expect(filesOnDisk(t)).toEqual(disk)
    const now = expectStatus<Media>(await api.get(`/media/${m.id}`), 200)
    expect([now.checksum, now.public_url]).toEqual([m.checksum, m.public_url])
  })

  it('bad input: a refused type or another category is a 415, too large 413, no file 400, a twin 409; nothing changes', async () => {
    const api = t.as(a.keys.Write)
    const m = await uploaded(t, a, await image('png', 200, 100, 31), 'stays.png')
    const twin = await uploaded(t, a, await image('png', 200, 100, 32), 'twin.png')
    const disk = filesOnDisk(t)
    expectProblem(await replace(t, a.keys.Write, m.id, filePart(exe(), 'tool.png')), 415, 'UNSUPPORTED_MEDIA_TYPE')
    const other = expectProblem(await replace(t, a.keys.Write, m.id, filePart(pdf(), 'doc.pdf')), 415, 'UNSUPPORTED_MEDIA_TYPE')
    expect(other.detail).toContain('image')
    expectProblem(await replace(t, a.keys.Write, m.id, [{ name: 'note', value: 'no file' }]), 400, 'VALIDATION_FAILED')
    expectProblem(await replace(t, a.keys.Write, m.id, filePart(Buffer.alloc(0), 'empty.png')), 400, 'VALIDATION_FAILED')
    expectProblem(await replace(t, a.keys.Write, m.id, filePart(await image('png', 200, 100, 32), 'same as twin.png')), 409, 'CONFLICT')
    const notForm = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${m.id}/file`,
      headers: { 'x-api-key': a.keys.Write, 'content-type': 'image/png' },
      payload: await image('png'),
    })
    expectProblem(notForm, 415, 'UNSUPPORTED_MEDIA_TYPE')
    await t.dbh.db.update(sites).set({ max_upload_bytes: 2_000 }).where(eq(sites.id, a.id))
    try {
      expectProblem(await replace(t, a.keys.Write, m.id, filePart(await image('png', 900, 900, 33), 'big.png')), 413, 'PAYLOAD_TOO_LARGE')
    } finally {
      await t.dbh.db.update(sites).set({ max_upload_bytes: 52_428_800 }).where(eq(sites.id, a.id))
    }
    expect(filesOnDisk(t)).toEqual(disk)
    expect(expectStatus<Media>(await api.get(`/media/${m.id}`), 200)).toMatchObject({ checksum: m.checksum, filename: 'stays.png', public_url: m.public_url })
    expect(expectStatus<Media>(await api.get(`/media/${twin.id}`), 200).checksum).toBe(twin.checksum)
  })

  it("needs Author on the record's site: Read 403, no key 401, another site's key 404", async () => {
    const m = await uploaded(t, a, await image('png', 100, 100, 41), 'guarded.png')
    const bytes = await image('png', 100, 100, 42)
    expectProblem(await replace(t, a.keys.Read, m.id, filePart(bytes, 'x.png')), 403, 'FORBIDDEN')
    expectProblem(await replace(t, undefined, m.id, filePart(bytes, 'x.png')), 401, 'UNAUTHENTICATED')
    expectProblem(await replace(t, b.keys.Admin, m.id, filePart(bytes, 'x.png')), 404, 'NOT_FOUND')
    expect(expectStatus<Media>(await t.as(a.keys.Read).get(`/media/${m.id}`), 200).checksum).toBe(m.checksum)
  })

  it('one upload to two sites: replacing one record leaves the other its file', async () => {
    const bytes = await image('png', 240, 160, 51)
    const res = await uploadRaw(t, t.masterKey, [
      { name: 'site_ids', value: JSON.stringify([a.id, b.id]) },
      { name: 'file', file: { filename: 'shared.png', bytes } },
    ])
    const mine = expectStatus<Media>(res, 201)
    const theirs = expectStatus<{ data: Media[] }>(await t.as(b.keys.Read).get(`/sites/${b.id}/media`), 200).data.find((x) => x.checksum === mine.checksum)!
    expectStatus<Media>(await replace(t, a.keys.Write, mine.id, filePart(await image('png', 240, 160, 52), 'mine now.png')), 200)
    expect((await get(t, theirs.public_url)).statusCode).toBe(200)
    expect((await get(t, theirs.variants[0]!.public_url)).statusCode).toBe(200)
  })
})

describe('PUT /media/{id}/file on S3', () => {
  let s3: S3Server
  let t: TestApp
  let a: SiteFixture
  beforeAll(async () => {
    s3 = await startS3()
    t = await testApp({ env: s3.env })
    a = await makeSite(t)
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  it('stores the new file and variants in the bucket and removes the old ones with their renditions', async () => {
    const m = await uploaded(t, a, await image('jpeg', 1000, 800, 61), 'bucket.jpg')
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(m.image_url as string)}&w=300&fmt=webp` })).statusCode).toBe(200)
    const before = s3.objects()
    expect(before.filter((k) => k.startsWith('renditions/'))).toHaveLength(1)
    const after = expectStatus<Media>(await replace(t, a.keys.Write, m.id, filePart(await image('jpeg', 600, 400, 62), 'bucket v2.jpg')), 200)
    const now = s3.objects()
    const oldName = m.public_url.split('/').pop() as string
    const newName = after.public_url.split('/').pop() as string
    expect(now.filter((k) => k.includes(oldName))).toEqual([])
    expect(now.filter((k) => k.includes(newName)).sort()).toEqual(
      [`media/${newName.slice(0, 2)}/${newName}`, ...after.variants.map((v) => `media/${newName.slice(0, 2)}/${v.public_url.split('/').pop()}`)].sort(),
    )
    const got = await get(t, after.public_url)
    expect(got.statusCode).toBe(200)
    expect((await sharp(got.rawPayload).metadata()).width).toBe(600)
    // Refused: nothing new in the bucket.
    expectProblem(await replace(t, a.keys.Write, m.id, filePart(exe(), 'x.jpg')), 415, 'UNSUPPORTED_MEDIA_TYPE')
    expect(s3.objects()).toEqual(now)
  })
})
