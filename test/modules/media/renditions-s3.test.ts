import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { image, pathOf, uploaded } from './fixtures.js'
import { startS3, type S3Server } from './s3-server.js'

/* Renditions with S3 storage (s3rver on 127.0.0.1): kept under renditions/ in the bucket, served warm, deleted with their media. */

let s3: S3Server
let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  s3 = await startS3()
  t = await testApp({ env: { ...s3.env, ATRIUM_S3_PUBLIC_URL: 'https://cdn.example.test/media-bucket' } })
  a = await makeSite(t)
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

describe('renditions on S3', () => {
  it('image_url stays on ATRIUM_PUBLIC_URL; renditions are stored in the bucket once and go with their media', async () => {
    const m = await uploaded(t, a, await image('jpeg', 800, 600, 21), 'bucket.jpg')
    expect(m.public_url.startsWith('https://cdn.example.test/media-bucket/')).toBe(true)
    expect(m.image_url?.startsWith(`${t.config.publicUrl}/api/v1/media/files/`)).toBe(true)
    const url = `${pathOf(m.image_url as string)}&w=200&h=200&fmt=webp`
    const cold = await t.app.inject({ method: 'GET', url })
    expect(cold.statusCode).toBe(200)
    expect(cold.headers['x-image-width']).toBe('256')
    const stored = s3.objects().filter((k) => k.startsWith('renditions/'))
    expect(stored).toHaveLength(1)
    const warm = await t.app.inject({ method: 'GET', url })
    expect(warm.rawPayload.equals(cold.rawPayload)).toBe(true)
    expect(warm.headers.etag).toBe(cold.headers.etag)
    expect((await sharp(warm.rawPayload).metadata()).format).toBe('webp')
    expect(s3.objects().filter((k) => k.startsWith('renditions/'))).toEqual(stored)
    expect((await t.as(a.keys.Write).delete(`/media/${m.id}`)).statusCode).toBe(204)
    expect(s3.objects().filter((k) => k.startsWith('renditions/'))).toEqual([])
  })
})
