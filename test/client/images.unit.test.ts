import { describe, expect, it } from 'vitest'
import { imageUrl, srcset } from '../../packages/client/src/index.js'

const media = { image_url: 'https://cms.example.com/api/v1/media/files/AbCdEfGhIjKlMnOpQrStUvWx?v=1a2b3c4d' }

describe('imageUrl', () => {
  it('adds the rendition parameters to image_url, keeping v', () => {
    expect(imageUrl(media, { w: 640, h: 360, fit: 'cover', fmt: 'auto', q: 80 })).toBe(
      'https://cms.example.com/api/v1/media/files/AbCdEfGhIjKlMnOpQrStUvWx?v=1a2b3c4d&w=640&h=360&fit=cover&fmt=auto&q=80',
    )
    expect(imageUrl(media)).toBe(media.image_url)
  })

  it('keeps sizes and quality in range, and answers null without a rendition base', () => {
    expect(imageUrl(media, { w: 0, h: 99_999.4, q: 0 })).toBe(`${media.image_url}&w=1&h=4096&q=1`)
    expect(imageUrl({ image_url: null }, { w: 100 })).toBeNull()
    expect(imageUrl(undefined, { w: 100 })).toBeNull()
  })
})

describe('srcset', () => {
  it('lists each width once, sorted, with fmt=auto by default', () => {
    expect(srcset(media, [960, 320, 640, 320])).toBe([320, 640, 960].map((w) => `${media.image_url}&w=${w}&fmt=auto ${w}w`).join(', '))
  })

  it('crops every candidate to an aspect ratio, or a fixed height, and takes another format', () => {
    expect(srcset(media, [320, 640], { ratio: 16 / 9, fmt: 'webp' })).toBe(
      `${media.image_url}&w=320&h=180&fmt=webp 320w, ${media.image_url}&w=640&h=360&fmt=webp 640w`,
    )
    expect(srcset(media, [100], { h: 50, fit: 'contain' })).toBe(`${media.image_url}&w=100&h=50&fit=contain&fmt=auto 100w`)
    expect(srcset({ image_url: null }, [100])).toBe('')
  })
})
