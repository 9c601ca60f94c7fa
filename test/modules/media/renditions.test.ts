import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from '../../../src/db/migrate.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import type { Media } from '../../../src/modules/media/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { animatedGif, filesOnDisk, image, multipart, pathOf, svg, uploaded } from './fixtures.js'

/* Renditions on the file URL (README.md, "Renditions"): sizes, fits, formats, focal crops, storage, bounds. */

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(async () => {
  await t?.close()
})

let calls = 0
/** Unauthenticated GETs, each from another loopback address (the per-IP rate limit is not what is tested here). */
const get = (url: string, headers: Record<string, string> = {}): Promise<Res> =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: `127.0.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}` })
const base = (m: Media): string => pathOf(m.image_url as string)
const renditionFiles = () => filesOnDisk(t).length // media/ and tmp/ only: renditions are counted apart
async function renditionRows(): Promise<Array<{ key: string; source_key: string; focal: string; size_bytes: number }>> {
  return rowsOf(await t.deps.dbh.db.execute(sql`select key, source_key, focal, size_bytes from media_renditions order by key`))
}
const dims = async (body: Buffer) => {
  const m = await sharp(body).metadata()
  return { width: m.width, height: m.height, format: m.format, pages: m.pages ?? 1 }
}

/** A picture whose left half is red and right half blue. */
async function halves(width = 400, height = 200): Promise<Buffer> {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: half, left: width / 2, top: 0 }])
    .png()
    .toBuffer()
}

describe('image_url and focal points on media records', () => {
  it('images carry image_url on ATRIUM_PUBLIC_URL with a focal version; other files null; focal 0.5 by default', async () => {
    const m = await uploaded(t, a, await image('jpeg', 640, 480, 11), 'photo.jpg')
    expect(m.focal_x).toBe(0.5)
    expect(m.focal_y).toBe(0.5)
    expect(m.image_url).toMatch(new RegExp(`^${t.config.publicUrl}/api/v1/media/files/[A-Za-z0-9_-]+\\?v=[0-9a-f]{8}$`))
    expect(m.image_url?.split('?')[0]).toBe(m.public_url)
    const pdf = await uploaded(t, a, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 1), Buffer.from('\n%%EOF\n')]), 'doc.pdf')
    expect(pdf.image_url).toBeNull()
  })
})

describe('renditions', () => {
  it('w goes up to its ladder step, keeps the aspect ratio, with immutable caching, ETag and the exact size', async () => {
    const m = await uploaded(t, a, await image('jpeg', 640, 480, 12), 'ladder.jpg')
    const res = await get(`${base(m)}&w=100`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-image-width']).toBe('128')
    expect(res.headers['x-image-height']).toBe('96')
    expect(String(res.headers.vary ?? '')).not.toContain('Accept')
    expect(await dims(res.rawPayload)).toMatchObject({ width: 128, height: 96, format: 'jpeg' })
    const etag = res.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_.-]+"$/)
    expect((await get(`${base(m)}&w=100`, { 'if-none-match': etag })).statusCode).toBe(304)
    // Never upscaled: any width past the original is the original's width.
    const big = await get(`${base(m)}&w=4000&fmt=webp`)
    expect(big.headers['x-image-width']).toBe('640')
    expect(await dims(big.rawPayload)).toMatchObject({ width: 640, height: 480, format: 'webp' })
    // Without parameters (v alone): the original bytes.
    const original = await get(base(m))
    expect(original.headers['x-image-width']).toBeUndefined()
    expect(original.rawPayload.length).toBe(m.size_bytes)
  })

  it('fmt=auto negotiates AVIF, then WebP, then the original type from Accept, with Vary: Accept', async () => {
    const m = await uploaded(t, a, await image('png', 300, 200, 13), 'auto.png')
    const avif = await get(`${base(m)}&w=64&fmt=auto`, { accept: 'image/avif,image/webp,*/*' })
    expect(avif.headers['content-type']).toBe('image/avif')
    expect(String(avif.headers.vary)).toContain('Accept')
    const webp = await get(`${base(m)}&w=64&fmt=auto`, { accept: 'image/avif;q=0,image/webp,*/*' })
    expect(webp.headers['content-type']).toBe('image/webp')
    const png = await get(`${base(m)}&w=64&fmt=auto`, { accept: '*/*' })
    expect(png.headers['content-type']).toBe('image/png')
    expect(new Set([avif.headers.etag, webp.headers.etag, png.headers.etag]).size).toBe(3)
    const jpeg = await get(`${base(m)}&w=64&fmt=jpeg&q=42`)
    expect(await dims(jpeg.rawPayload)).toMatchObject({ width: 64, height: 43, format: 'jpeg' })
  })

  it('fit=cover crops around the focal point; a new point changes image_url and drops the old crops', async () => {
    const m = await uploaded(t, a, await halves(), 'halves.png')
    const pixel = async (res: Res) => {
      const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true })
      return { r: data[0] as number, b: data[2] as number }
    }
    const square = '&w=128&h=128&fmt=png'
    const centre = await get(`${base(m)}${square}`)
    expect(await dims(centre.rawPayload)).toMatchObject({ width: 128, height: 128 })
    expect(await pixel(centre)).toMatchObject({ r: 255, b: 0 }) // the left edge of a centred crop is in the red half
    const moved = expectStatus<Media>(await t.as(a.keys.Write).put(`/media/${m.id}`, { focal_x: 1, focal_y: 0.5 }), 200)
    expect(moved.focal_x).toBe(1)
    expect(moved.image_url).not.toBe(m.image_url)
    const right = await get(`${pathOf(moved.image_url as string)}${square}`)
    const edge = await pixel(right) // the crop hugs the right edge: all blue
    expect(edge.r).toBeLessThan(40)
    expect(edge.b).toBeGreaterThan(200)
    expect(right.headers.etag).not.toBe(centre.headers.etag)
    const key = m.public_url.split('/').pop() as string
    const crops = (await renditionRows()).filter((r) => r.key.includes(key))
    expect(crops.map((r) => r.focal)).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]) // only the new point's crop is kept
    // fit=contain pads to the box, fit=inside fits in it.
    const contain = await get(`${base(m)}&w=128&h=128&fit=contain&fmt=png`)
    expect(await dims(contain.rawPayload)).toMatchObject({ width: 128, height: 128 })
    const inside = await get(`${base(m)}&w=128&h=128&fit=inside&fmt=png`)
    expect(await dims(inside.rawPayload)).toMatchObject({ width: 128, height: 64 })
  })

  it('each bad parameter is a 400 naming it, and nothing is stored', async () => {
    const m = await uploaded(t, a, await image('jpeg', 200, 100, 14), 'bad.jpg')
    const rows = (await renditionRows()).length
    const files = renditionFiles()
    const cases: Array<[string, string]> = [
      ['w=0', 'w'],
      ['w=99999', 'w'],
      ['w=abc', 'w'],
      ['h=-5', 'h'],
      ['fit=stretch', 'fit'],
      ['fmt=gif', 'fmt'],
      ['q=0', 'q'],
      ['q=101', 'q'],
      ['w=64&w=128', 'w'],
      ['fit=cover&fit=cover', 'fit'],
      ['size=10', 'size'],
      ['w=64&v=nothex', 'v'],
    ]
    for (const [query, field] of cases) {
      const res = await get(`${pathOf(m.public_url)}?${query}`)
      const body = expectProblem(res, 400, 'VALIDATION_FAILED')
      expect(body.errors?.[0]?.field, query).toBe(field)
    }
    expect((await renditionRows()).length).toBe(rows)
    expect(renditionFiles()).toBe(files)
  })

  it('500 distinct widths of one image make at most 25 renditions', async () => {
    const m = await uploaded(t, a, await image('jpeg', 4096, 8, 15), 'wide.jpg')
    const key = m.public_url.split('/').pop() as string
    for (let w = 1; w <= 4096; w += 8.2) await get(`${base(m)}&w=${Math.round(w)}&fmt=jpeg`)
    const made = (await renditionRows()).filter((r) => r.key.includes(key))
    expect(made.length).toBeGreaterThan(20)
    expect(made.length).toBeLessThanOrEqual(25)
  })

  it('SVG answers the original whatever the parameters; an animated image its first frame', async () => {
    const logo = await uploaded(t, a, svg(), 'logo.svg')
    expect(logo.image_url).not.toBeNull()
    const res = await get(`${base(logo)}&w=64&fmt=webp`)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(res.rawPayload.equals(svg())).toBe(true)
    const gif = await uploaded(t, a, await animatedGif(), 'anim.gif')
    const frame = await get(`${base(gif)}&w=100`)
    expect(frame.headers['content-type']).toBe('image/png')
    expect(await dims(frame.rawPayload)).toMatchObject({ width: 128, height: 85, pages: 1 })
  })

  it('a pixel bomb is refused from its recorded size, and a corrupt image is a 400, never a 500', async () => {
    // A PNG whose header claims 50,000 × 50,000 pixels, with almost no data.
    const ihdr = Buffer.alloc(13)
    ihdr.writeUInt32BE(50_000, 0)
    ihdr.writeUInt32BE(50_000, 4)
    ihdr.set([8, 2, 0, 0, 0], 8)
    const { crc32 } = await import('node:zlib')
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4)
      len.writeUInt32BE(data.length)
      const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
      const crc = Buffer.alloc(4)
      crc.writeUInt32BE(crc32(td))
      return Buffer.concat([len, td, crc])
    }
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk('IEND', Buffer.alloc(0)),
    ])
    // Kept as uploaded (libvips refuses even its header past its own pixel limit), never decoded.
    const b = await uploaded(t, a, bomb, 'bomb.png')
    expect(b.variants).toEqual([])
    const refused = expectProblem(await get(`${pathOf(b.public_url)}?w=64`), 400, 'VALIDATION_FAILED')
    expect(refused.errors?.[0]?.field).toBe('image')
    const whole = await image('jpeg', 800, 600, 16)
    const broken = await uploaded(t, a, Buffer.concat([whole.subarray(0, Math.floor(whole.length / 2))]), 'broken.jpg')
    const res = await get(`${pathOf(broken.public_url)}?w=64`)
    expect(res.statusCode).toBe(400)
  })

  it('concurrent requests for one rendition make it once; deleting the media deletes its renditions', async () => {
    const m = await uploaded(t, a, await image('png', 900, 600, 17), 'once.png')
    const key = m.public_url.split('/').pop() as string
    const put = vi.spyOn(t.deps.storage, 'put')
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${base(m)}&w=300&fmt=webp`)))
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
      expect(put.mock.calls.filter(([k]) => k.startsWith('renditions/')).length).toBe(1)
    } finally {
      put.mockRestore()
    }
    await get(`${base(m)}&w=64`)
    const mine = (await renditionRows()).filter((r) => r.key.includes(key))
    expect(mine.length).toBe(2)
    for (const r of mine) expect(await t.deps.storage.exists(r.key)).toBe(true)
    expect((await t.as(a.keys.Write).delete(`/media/${m.id}`)).statusCode).toBe(204)
    expect((await renditionRows()).filter((r) => r.key.includes(key))).toEqual([])
    for (const r of mine) expect(await t.deps.storage.exists(r.key)).toBe(false)
    expect((await get(`${base(m)}&w=64`)).statusCode).toBe(404)
  })
})

describe('the renditions bound', () => {
  let small: TestApp
  beforeAll(async () => {
    small = await testApp({ env: { ATRIUM_RENDITIONS_MAX_MB: '1' } })
  })
  afterAll(async () => {
    await small?.close()
  })

  it('keeps at most ATRIUM_RENDITIONS_MAX_MB, least recently used out first', async () => {
    const site = await makeSite(small)
    const noise = (_seed: number) =>
      sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
        .png()
        .toBuffer()
    const keys: string[] = []
    for (let i = 1; i <= 6; i++) {
      const { payload, headers } = multipart([
        { name: 'site_ids', value: JSON.stringify([site.id]) },
        { name: 'file', file: { filename: `n${i}.png`, bytes: await noise(i) } },
      ])
      const up = await small.app.inject({ method: 'POST', url: '/api/v1/media/upload', payload, headers: { ...headers, 'x-api-key': site.keys.Write } })
      const m = expectStatus<Media>(up, 201)
      keys.push(m.public_url.split('/').pop() as string)
      ;(small.clock as ManualClock).advance(1000)
      const res = await small.app.inject({ method: 'GET', url: `${pathOf(m.image_url as string)}&w=300&fmt=png` })
      expect(res.statusCode).toBe(200)
    }
    const rows = rowsOf<{ key: string; size_bytes: number }>(await small.deps.dbh.db.execute(sql`select key, size_bytes from media_renditions`))
    const total = rows.reduce((n, r) => n + r.size_bytes, 0)
    expect(total).toBeLessThanOrEqual(1024 * 1024)
    expect(rows.length).toBeLessThan(6)
    expect(rows.some((r) => r.key.includes(keys[0] as string))).toBe(false) // the oldest went first
    expect(rows.some((r) => r.key.includes(keys[5] as string))).toBe(true)
  })
})
