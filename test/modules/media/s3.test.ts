import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.js'
import { newStorageKey, StorageLimitError } from '../../../src/platform/storage/index.js'
import { S3Storage } from '../../../src/platform/storage/s3.js'
import type { Media } from '../../../src/modules/media/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { expectNoContent } from '../../helpers/records.js'
import { filesOnDisk, image, pathOf, uploaded, uploadTo } from './fixtures.js'
import { startS3, type S3Server } from './s3-server.js'

/* S3-compatible storage for real: s3rver on 127.0.0.1, the storage contract, and the media library on it. */

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

async function readAll(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const chunk of s) parts.push(chunk as Buffer)
  return Buffer.concat(parts)
}

describe('S3Storage', () => {
  it('puts (bytes and streams), gets, checks and deletes objects; refuses past maxBytes with nothing stored', async () => {
    const store = new S3Storage(loadConfig(s3.env).s3)
    try {
      const k1 = newStorageKey('media')
      const put = await store.put(k1, Buffer.from('hello'), { contentType: 'text/plain' })
      expect(put.size).toBe(5)
      const k2 = newStorageKey('media')
      const big = Buffer.alloc(300_000, 7)
      expect((await store.put(k2, Readable.from([big.subarray(0, 100_000), big.subarray(100_000)]))).size).toBe(300_000)
      const got = await store.get(k2)
      expect(got?.size).toBe(300_000)
      expect((await readAll(got!.stream)).equals(big)).toBe(true)
      expect(await store.exists(k1)).toBe(true)
      const k3 = newStorageKey('media')
      await expect(store.put(k3, Readable.from([big]), { maxBytes: 1000 })).rejects.toBeInstanceOf(StorageLimitError)
      expect(await store.exists(k3)).toBe(false)
      await store.delete(k1)
      expect(await store.exists(k1)).toBe(false)
      expect(await store.get(k1)).toBeUndefined()
      await store.check()
      await store.delete(k2)
    } finally {
      store.close()
    }
  })
})

describe('media on S3', () => {
  it('uploads into the bucket (file and variants), serves them, and a delete removes them', async () => {
    const before = s3.objects()
    const m = await uploaded(t, a, await image('jpeg', 1000, 800, 50), 'on-s3.jpg')
    expect(m.variants.map((v) => v.variant)).toEqual(['thumbnail', 'small', 'medium'])
    const added = s3.objects().filter((o) => !before.includes(o))
    expect(added).toHaveLength(4)
    expect(added.every((o) => o.startsWith('media/'))).toBe(true)
    // Nothing stays on the local disk (spool files are removed).
    expect(filesOnDisk(t)).toEqual([])
    const res = await t.app.inject({ method: 'GET', url: pathOf(m.variants[0]!.public_url) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(expectStatus<Media>(await uploadTo(t, a, await image('jpeg', 1000, 800, 50), 'again.jpg'), 200).id).toBe(m.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/media/${m.id}`))
    expect(s3.objects()).toEqual(before)
  })

  it('413 past the limit with nothing in the bucket', async () => {
    const { sites } = await import('../../../src/db/schema/sites.js')
    const { eq } = await import('drizzle-orm')
    const site = await makeSite(t)
    await t.dbh.db.update(sites).set({ max_upload_bytes: 5000 }).where(eq(sites.id, site.id))
    const before = s3.objects()
    expectProblem(await uploadTo(t, site, Buffer.concat([await image('png', 100, 100, 51), Buffer.alloc(10_000, 1)]), 'x.png'), 413, 'PAYLOAD_TOO_LARGE')
    expect(s3.objects()).toEqual(before)
    expect(filesOnDisk(t)).toEqual([])
  })

  it('health reports the s3 provider up, without capacity; down when the bucket is unreachable', async () => {
    const h = expectStatus<{ storage: Record<string, unknown> }>(await t.app.inject({ method: 'GET', url: '/api/v1/health' }), 200)
    expect(h.storage).toMatchObject({ provider: 's3', status: 'up', total_bytes: null, available_bytes: null })
    const broken = await testApp({ env: { ...s3.env, ATRIUM_S3_BUCKET: 'no-such-bucket' } })
    try {
      const hb = (await broken.app.inject({ method: 'GET', url: '/api/v1/health' })).json<{ status: string; storage: Record<string, unknown> }>()
      expect(hb.storage).toMatchObject({ provider: 's3', status: 'down' })
      expect(hb.status).toBe('degraded')
    } finally {
      await broken.close()
    }
  })

  it('ATRIUM_S3_PUBLIC_URL makes public_url point at the bucket or CDN', async () => {
    const cdn = await testApp({ env: { ...s3.env, ATRIUM_S3_PUBLIC_URL: 'https://cdn.example.org/media-bucket/' } })
    try {
      const site = await makeSite(cdn)
      const m = await uploaded(cdn, site, await image('png', 200, 200, 52), 'cdn.png')
      expect(m.public_url).toMatch(/^https:\/\/cdn\.example\.org\/media-bucket\/media\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{32}$/)
      expect(m.variants[0]!.public_url).toMatch(/^https:\/\/cdn\.example\.org\/media-bucket\/media\/.+-thumbnail\.webp$/)
    } finally {
      await cdn.close()
    }
  })
})
