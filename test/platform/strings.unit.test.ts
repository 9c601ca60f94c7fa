import { describe, expect, it } from 'vitest'
import { detached } from '../../src/platform/strings.js'

describe('detached', () => {
  it('is the same string, whatever it holds, so a key stored detached is found by the key it was made from', () => {
    const url = `/api/v1/blogs/${'0a1b2c3d-0000-4000-8000-000000000001'}/detail?locale=de`
    const id = url.slice(14, 50)
    for (const s of ['', 'a', `rec:blog:${id}`, 'slug-ünïcödé-日本', 'lone \ud800 surrogate', 'x'.repeat(5000)]) {
      expect(detached(s)).toBe(s)
      const m = new Map([[detached(s), 1]])
      expect(m.get(s)).toBe(1)
    }
  })
})
