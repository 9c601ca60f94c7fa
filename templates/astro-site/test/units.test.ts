import { describe, expect, it } from 'vitest'
import { translator } from '../src/lib/i18n'
import { atriumImage, CONTENT_SIZES, imageAttributes } from '../src/lib/images'

// The pure parts: no Atrium needed.

describe('the site’s words follow the locale', () => {
  it('German for de and de-AT, English for en and for a locale without a dictionary', () => {
    expect(translator('de')('olderPosts')).toBe('Ältere Beiträge')
    expect(translator('de-AT')('olderPosts')).toBe('Ältere Beiträge')
    expect(translator('DE')('notFoundTitle')).toBe('Seite nicht gefunden')
    expect(translator('en')('olderPosts')).toBe('Older posts')
    expect(translator('fr')('olderPosts')).toBe('Older posts')
  })
  it('fills placeholders', () => {
    expect(translator('de')('pageOf', { page: 2, pages: 3 })).toBe('Seite 2 von 3')
    expect(translator('en')('taggedWith', { tag: 'Astro' })).toBe('Posts tagged “Astro”')
  })
})

describe('images', () => {
  const ATRIUM = 'https://cms.example.com'

  it('an image Atrium serves gets renditions in the best format the browser takes (fmt=auto) at every width', () => {
    const img = imageAttributes(`${ATRIUM}/api/v1/media/files/bus.jpg?v=0a1b2c3d`, 'A red bus', ATRIUM)!
    expect(img.src).toBe(`${ATRIUM}/api/v1/media/files/bus.jpg?v=0a1b2c3d&w=960&fmt=auto`)
    const candidates = img.srcset!.split(', ')
    expect(candidates[0]).toBe(`${ATRIUM}/api/v1/media/files/bus.jpg?v=0a1b2c3d&w=320&fmt=auto 320w`)
    expect(candidates).toHaveLength(8)
    expect(candidates.every((c) => c.includes('fmt=auto'))).toBe(true)
    expect(img.sizes).toBe(CONTENT_SIZES)
    expect(img).toMatchObject({ alt: 'A red bus', loading: 'lazy', decoding: 'async' })
  })

  it('a cover cropped to a shape, from an image embedded in an answer, with its dimensions', () => {
    const img = imageAttributes({ image_url: `${ATRIUM}/api/v1/media/files/c.png?v=1` }, '', ATRIUM, { ratio: 16 / 9, sizes: '20rem', eager: true })!
    expect(img.srcset).toContain('c.png?v=1&w=640&h=360&fmt=auto 640w')
    expect(img).toMatchObject({ width: 960, height: 540, sizes: '20rem', loading: 'eager' })
    const own = imageAttributes({ image_url: `${ATRIUM}/api/v1/media/files/c.png` }, '', ATRIUM, { width: 1200, height: 800 })!
    expect(own).toMatchObject({ width: 1200, height: 800 })
    // Never wider than the image itself: Atrium does not upscale.
    expect(own.srcset!.split(', ').map((c) => c.split(' ')[1])).toEqual(['320w', '480w', '640w', '768w', '960w', '1200w'])
    expect(imageAttributes({ image_url: null }, '', ATRIUM)).toBeNull()
  })

  it('anything else is written as it is: other origins, other routes, a size already chosen, SVG and GIF', () => {
    for (const src of [
      'https://elsewhere.example/api/v1/media/files/a.jpg',
      `${ATRIUM}/uploads/a.jpg`,
      `${ATRIUM}/api/v1/media/files/a.jpg?w=100`,
      `${ATRIUM}/api/v1/media/files/logo.svg`,
      `${ATRIUM}/api/v1/media/files/moving.gif`,
      '/local.png',
    ]) {
      expect(atriumImage(src, ATRIUM), src).toBeNull()
      expect(imageAttributes(src, 'x', ATRIUM), src).toEqual({ src, alt: 'x', loading: 'lazy', decoding: 'async' })
    }
  })
})
