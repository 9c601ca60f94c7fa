import { beforeEach, describe, expect, it } from 'vitest'
import { currentSiteId, rememberedSite, rememberSite } from './chosenSite'

const sites = [{ id: 'a' }, { id: 'b' }]

describe('currentSiteId', () => {
  beforeEach(() => localStorage.clear())
  it('takes the address first', () => expect(currentSiteId(sites, 'a', 'b')).toBe('a'))
  it('keeps the remembered site on a screen without one', () => expect(currentSiteId(sites, undefined, 'b')).toBe('b'))
  it('falls back to the first site when the remembered one is gone or unknown', () => {
    expect(currentSiteId(sites, undefined, 'gone')).toBe('a')
    expect(currentSiteId(sites, undefined, null)).toBe('a')
    expect(currentSiteId(undefined, undefined, 'b')).toBeUndefined()
  })
  it('remembers in this browser', () => {
    rememberSite('b')
    expect(rememberedSite()).toBe('b')
    expect(currentSiteId(sites, undefined)).toBe('b')
  })
})
