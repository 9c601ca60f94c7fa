import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import type { Media } from '../../../src/modules/media/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import type { SiteFixture } from '../../helpers/factories.js'
import type { Res } from '../../helpers/http.js'
import { expectStatus } from '../../helpers/http.js'

/* Media fixtures: files of every accepted family generated here, multipart bodies, the files on disk. */

export const image = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff', width = 64, height = 48, seed = 0): Promise<Buffer> => {
  const base = sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 200 } } })
  return base[format]().toBuffer()
}

/** A two-frame animated GIF (300×200). */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all([image('png', 300, 200, 1), image('png', 300, 200, 2)])
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer()
}

export const svg = (): Buffer =>
  Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n')
export const pdf = (): Buffer =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), Buffer.alloc(64, 7), Buffer.from('\n%%EOF\n')])
/** An ID3v2 tag then MPEG-1 Layer III frame headers. */
export const mp3 = (): Buffer => {
  const frame = Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(413)])
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), frame, frame, frame])
}
export const wav = (): Buffer => {
  const data = Buffer.alloc(800)
  const h = Buffer.alloc(44)
  h.write('RIFF', 0, 'latin1')
  h.writeUInt32LE(36 + data.length, 4)
  h.write('WAVEfmt ', 8, 'latin1')
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(8000, 24)
  h.writeUInt32LE(8000, 28)
  h.writeUInt16LE(1, 32)
  h.writeUInt16LE(8, 34)
  h.write('data', 36, 'latin1')
  h.writeUInt32LE(data.length, 40)
  return Buffer.concat([h, data])
}
/** An ISO BMFF file with an `ftyp` box of brand mp42 and an empty `mdat`. */
export const mp4 = (): Buffer => {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42', 'latin1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom', 'latin1')])
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('mdat', 'latin1'), Buffer.alloc(8, 1)])
  return Buffer.concat([ftyp, mdat])
}
/** A stored (uncompressed) ZIP with one entry. */
export const zip = (): Buffer => {
  const name = Buffer.from('hello.txt')
  const body = Buffer.from('hello from a zip\n')
  const crc = crc32(body)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(body.length, 18)
  local.writeUInt32LE(body.length, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(body.length, 20)
  central.writeUInt32LE(body.length, 24)
  central.writeUInt16LE(name.length, 28)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(46 + name.length, 12)
  end.writeUInt32LE(30 + name.length + body.length, 16)
  return Buffer.concat([local, name, body, central, name, end])
}
/** A Windows executable header (MZ … PE). */
export const exe = (): Buffer => {
  const b = Buffer.alloc(512)
  b.write('MZ', 0, 'latin1')
  b.writeUInt32LE(0x80, 0x3c)
  b.write('PE\0\0', 0x80, 'latin1')
  b.writeUInt16LE(0x14c, 0x84)
  return b
}

export interface Part {
  name: string
  value?: string
  file?: { filename: string; bytes: Buffer; type?: string }
}

/** A multipart/form-data body of the parts, in order. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    if (p.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      )
      chunks.push(p.file.bytes, Buffer.from('\r\n'))
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export function uploadRaw(t: TestApp, key: string | undefined, parts: Part[]): Promise<Res> {
  const { payload, headers } = multipart(parts)
  return t.app.inject({ method: 'POST', url: '/api/v1/media/upload', headers: { ...headers, ...(key ? { 'x-api-key': key } : {}) }, payload })
}

export function uploadTo(t: TestApp, site: SiteFixture, bytes: Buffer, filename: string, extra: Part[] = [], key = site.keys.Write): Promise<Res> {
  return uploadRaw(t, key, [{ name: 'site_ids', value: JSON.stringify([site.id]) }, ...extra, { name: 'file', file: { filename, bytes } }])
}

export async function uploaded(t: TestApp, site: SiteFixture, bytes: Buffer, filename: string, status = 201): Promise<Media> {
  return expectStatus<Media>(await uploadTo(t, site, bytes, filename), status)
}

/** Every file under the data directory's media/ and tmp/ folders (relative paths). */
export function filesOnDisk(t: TestApp): string[] {
  const out: string[] = []
  for (const top of ['media', 'tmp']) {
    const root = path.join(t.config.dataDir, top)
    const walk = (dir: string) => {
      let names: string[]
      try {
        names = readdirSync(dir)
      } catch {
        return
      }
      for (const name of names) {
        const p = path.join(dir, name)
        if (statSync(p).isDirectory()) walk(p)
        else out.push(path.relative(t.config.dataDir, p))
      }
    }
    walk(root)
  }
  return out.sort()
}

/** The path of a public_url under /api/v1 (for inject). */
export const pathOf = (publicUrl: string): string => publicUrl.slice(publicUrl.indexOf('/api/v1'))
