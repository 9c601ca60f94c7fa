import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { createFileDoc } from '../documents/fixtures.js'
import { image, uploaded } from '../media/fixtures.js'
import { startS3, type S3Server } from '../media/s3-server.js'
import { exportToBuffer, importBuffer } from './helpers.js'

/*
 * With S3 storage (an S3-compatible server on 127.0.0.1): the files of an export are read from the bucket, those of an
 * import written to it under new keys (variants made again), and a failed import leaves no object behind.
 */

let s3: S3Server
let t: TestApp
let site: SiteFixture
let archive: Buffer

beforeAll(async () => {
  s3 = await startS3()
  t = await testApp({ env: s3.env })
  site = await makeSite(t)
  await uploaded(t, site, await image('png', 800, 600, 4), 'photo.png')
  await createFileDoc(t, site)
  archive = await exportToBuffer(t, site.id)
})

afterAll(async () => {
  await t?.close()
  await s3?.close()
})

describe('export and import with S3 storage', () => {
  it('copies the files through the bucket under new keys, with variants made again', async () => {
    const before = s3.objects()
    const out = await importBuffer(t, archive, { as: `${site.slug}-s3` })
    expect(out.counts.files).toBe(2)
    const added = s3.objects().filter((k) => !before.includes(k))
    // The original, its variants (800 px wide: thumbnail and small) and the document file.
    expect(added.length).toBe(4)
    type M = { public_url: string; checksum: string; variants: Array<{ public_url: string }> }
    const list = (id: string) => t.as(t.masterKey).get(`/sites/${id}/media`)
    const [orig] = expectStatus<{ data: M[] }>(await list(site.id), 200).data
    const [copy] = expectStatus<{ data: M[] }>(await list(out.site.id), 200).data
    expect(copy?.checksum).toBe(orig?.checksum)
    expect(copy?.public_url).not.toBe(orig?.public_url)
    expect(copy?.variants.length).toBe(orig?.variants.length)
    const bytes = async (u: string | undefined) => (await t.app.inject({ url: new URL(u as string).pathname })).rawPayload
    expect((await bytes(copy?.public_url)).equals(await bytes(orig?.public_url))).toBe(true)
  })

  it('a failed import leaves no object in the bucket', async () => {
    const before = s3.objects()
    // Cut inside the gzip trailer: every file has reached storage before the archive turns out truncated.
    await expect(importBuffer(t, archive.subarray(0, archive.length - 4), { as: `${site.slug}-cut` })).rejects.toThrow(/truncated/)
    expect(s3.objects()).toEqual(before)
  })
})
