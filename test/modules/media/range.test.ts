import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rangeOf } from '../../../src/http/byte-range.js'
import type { Media } from '../../../src/modules/media/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem } from '../../helpers/http.js'
import { image, pathOf, uploaded } from './fixtures.js'
import { startS3, type S3Server } from './s3-server.js'

/* Range and conditional requests on GET /media/files/{name}, on both storages (local directory and s3rver). */

describe('rangeOf (RFC 9110 byte ranges)', () => {
  it.each([
    [undefined, 100, { kind: 'whole' }],
    ['bytes=0-9', 100, { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=90-', 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-10', 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-1000', 100, { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=50-5000', 100, { kind: 'partial', range: { start: 50, end: 99 } }],
    ['Bytes = 1-1', 100, { kind: 'partial', range: { start: 1, end: 1 } }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', 100, { kind: 'whole' }],
    ['bytes=9-1', 100, { kind: 'whole' }],
    ['bytes=-', 100, { kind: 'whole' }],
    ['bytes=a-b', 100, { kind: 'whole' }],
    ['items=0-9', 100, { kind: 'whole' }],
    ['0-9', 100, { kind: 'whole' }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(rangeOf(header, size)).toEqual(expected)
  })
})

const storages: Array<{ name: string; env: () => Promise<{ env: Record<string, string>; close(): Promise<void> }> }> = [
  { name: 'local', env: () => Promise.resolve({ env: {}, close: () => Promise.resolve() }) },
  {
    name: 's3',
    env: async () => {
      const s3: S3Server = await startS3()
      return { env: s3.env, close: () => s3.close() }
    },
  },
]

describe.each(storages)('GET /media/files/{name} ranges on $name storage', ({ env }) => {
  let store: { env: Record<string, string>; close(): Promise<void> }
  let t: TestApp
  let a: SiteFixture
  let bytes: Buffer
  let m: Media
  beforeAll(async () => {
    store = await env()
    t = await testApp({ env: store.env })
    a = await makeSite(t)
    bytes = await image('png', 400, 300, 7)
    m = await uploaded(t, a, bytes, 'range.png')
  })
  afterAll(async () => {
    await t?.close()
    await store?.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: pathOf(url), headers })
  const etagOf = (url: string) => `"${url.slice(url.lastIndexOf('/') + 1)}"`

  it('the whole file: 200, Accept-Ranges, a strong ETag, its length', async () => {
    const res = await get(m.public_url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers.etag).toBe(etagOf(m.public_url))
    expect(Number(res.headers['content-length'])).toBe(bytes.length)
    expect(res.rawPayload.equals(bytes)).toBe(true)
  })

  it('one range: 206 with Content-Range and only those bytes, read from storage as that range', async () => {
    const spy = vi.spyOn(t.deps.storage, 'get')
    try {
      const n = bytes.length
      for (const [header, start, end] of [
        ['bytes=0-9', 0, 9],
        ['bytes=100-', 100, n - 1],
        ['bytes=-16', n - 16, n - 1],
        ['bytes=20-99999999', 20, n - 1],
      ] as const) {
        const res = await get(m.public_url, { range: header })
        expect(res.statusCode, header).toBe(206)
        expect(res.headers['content-range'], header).toBe(`bytes ${start}-${end}/${n}`)
        expect(Number(res.headers['content-length']), header).toBe(end - start + 1)
        expect(res.headers['accept-ranges']).toBe('bytes')
        expect(res.headers['cache-control']).toMatch(/immutable/)
        expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), header).toBe(true)
        expect(spy).toHaveBeenLastCalledWith(expect.any(String), { start, end })
      }
    } finally {
      spy.mockRestore()
    }
  })

  it('a range past the end: 416 with Content-Range bytes */size; several ranges or junk: the whole file', async () => {
    const past = await get(m.public_url, { range: `bytes=${bytes.length}-` })
    expectProblem(past, 416, 'RANGE_NOT_SATISFIABLE')
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`)
    for (const header of ['bytes=0-1,4-5', 'bytes=x-y', 'lines=1-2']) {
      const res = await get(m.public_url, { range: header })
      expect(res.statusCode, header).toBe(200)
      expect(res.rawPayload.equals(bytes), header).toBe(true)
    }
  })

  it('If-Range: the ETag lets the range through; another ETag or a date answers the whole file', async () => {
    const etag = etagOf(m.public_url)
    expect((await get(m.public_url, { range: 'bytes=0-3', 'if-range': etag })).statusCode).toBe(206)
    for (const v of ['"other"', `W/${etag}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const res = await get(m.public_url, { range: 'bytes=0-3', 'if-range': v })
      expect(res.statusCode, v).toBe(200)
      expect(res.rawPayload.length).toBe(bytes.length)
    }
  })

  it('If-None-Match with the ETag: 304 without a body and without touching storage', async () => {
    const spy = vi.spyOn(t.deps.storage, 'get')
    try {
      const res = await get(m.public_url, { 'if-none-match': etagOf(m.public_url) })
      expect(res.statusCode).toBe(304)
      expect(res.rawPayload.length).toBe(0)
      expect(res.headers.etag).toBe(etagOf(m.public_url))
      expect(spy).not.toHaveBeenCalled()
      expect((await get(m.public_url, { 'if-none-match': '"stale"' })).statusCode).toBe(200)
    } finally {
      spy.mockRestore()
    }
  })

  it('HEAD: the headers of the whole file or of the range, without bytes', async () => {
    const whole = await t.app.inject({ method: 'HEAD', url: pathOf(m.public_url) })
    expect(whole.statusCode).toBe(200)
    expect(Number(whole.headers['content-length'])).toBe(bytes.length)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload.length).toBe(0)
    const part = await t.app.inject({ method: 'HEAD', url: pathOf(m.public_url), headers: { range: 'bytes=0-9' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-9/${bytes.length}`)
    expect(part.rawPayload.length).toBe(0)
  })

  it('variants take ranges too', async () => {
    const thumb = m.variants.find((v) => v.variant === 'thumbnail')
    expect(thumb).toBeDefined()
    const whole = await get(thumb!.public_url)
    expect(whole.statusCode).toBe(200)
    const part = await get(thumb!.public_url, { range: 'bytes=2-5' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 2-5/${whole.rawPayload.length}`)
    expect(part.rawPayload.equals(whole.rawPayload.subarray(2, 6))).toBe(true)
    expectProblem(await get(thumb!.public_url, { range: `bytes=${thumb!.size_bytes}-` }), 416, 'RANGE_NOT_SATISFIABLE')
  })

  it("a deleted record's file stays 404 whatever the range", async () => {
    const gone = await uploaded(t, a, await image('png', 30, 30, 9), 'gone.png')
    expect((await t.as(a.keys.Write).delete(`/media/${gone.id}`)).statusCode).toBe(204)
    expect((await get(gone.public_url, { range: 'bytes=0-3' })).statusCode).toBe(404)
  })
})
