import { crc32, deflateSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'

/*
 * Small PNG files for the media tests, made here rather than kept as fixtures: a solid colour (compresses to a
 * few hundred bytes, but big enough for the server to make thumbnail and small variants) or noise (does not
 * compress: a file of a known size, to go over a site's upload limit).
 */

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A solid colour image (distinct colours give distinct bytes, so no deduplication between them). */
export const solidPng = (rgb: [number, number, number], width = 640, height = 400): Buffer => png(width, height, () => rgb)

/** Random pixels: about width × height × 3 bytes whatever the compression. */
export function noisePng(width: number, height: number): Buffer {
  const noise = randomBytes(width * height * 3)
  return png(width, height, (x, y) => {
    const i = (y * width + x) * 3
    return [noise[i]!, noise[i + 1]!, noise[i + 2]!]
  })
}

export const pngFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer })
