import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CreatedPreview } from './api'
import { paneToken, paneTokenIds, RENEW_MS } from './paneToken'

const NOW = Date.parse('2026-12-06T12:00:00.000Z')
let n = 0
const made = (expiresInMs: number, now = NOW): CreatedPreview => ({
  id: `id-${++n}`,
  token: `prv_${n}`,
  type: 'blog',
  record_id: 'post',
  locale: 'en',
  expires_at: new Date(now + expiresInMs).toISOString(),
  url: null,
})

describe('the live pane token', () => {
  beforeEach(() => sessionStorage.clear())

  it('is made once per session, record and language, and reused while it has time left', async () => {
    const create = vi.fn(() => Promise.resolve(made(3600_000)))
    const first = await paneToken('site', 'post', 'en', create, NOW)
    const again = await paneToken('site', 'post', 'en', create, NOW + 40 * 60_000)
    expect(again).toEqual(first)
    expect(create).toHaveBeenCalledTimes(1)
    await paneToken('site', 'post', 'de', create, NOW)
    await paneToken('site', 'other', 'en', create, NOW)
    expect(create).toHaveBeenCalledTimes(3)
  })

  it('is renewed once it has RENEW_MS or less left', async () => {
    let clock = NOW
    const create = vi.fn(() => Promise.resolve(made(3600_000, clock)))
    const first = await paneToken('site', 'post', 'en', create, clock)
    clock = NOW + 3600_000 - RENEW_MS
    const renewed = await paneToken('site', 'post', 'en', create, clock)
    expect(renewed.id).not.toBe(first.id)
    expect(await paneToken('site', 'post', 'en', create, clock + 60_000)).toEqual(renewed)
    expect(create).toHaveBeenCalledTimes(2)
  })

  it('is what the Share dialog leaves out: the ids of the session’s pane tokens of that record, every language', async () => {
    const en = await paneToken('site', 'post', 'en', () => Promise.resolve(made(3600_000)), NOW)
    const de = await paneToken('site', 'post', 'de', () => Promise.resolve(made(3600_000)), NOW)
    await paneToken('site', 'other', 'en', () => Promise.resolve(made(3600_000)), NOW)
    sessionStorage.setItem('atrium-admin:credential', '{}')
    expect(paneTokenIds('site', 'post')).toEqual(new Set([en.id, de.id]))
    expect(paneTokenIds('site', 'none')).toEqual(new Set())
  })
})
