import { describe, expect, it } from 'vitest'
import { validateNotificationsSearch } from './search'

describe('notifications search params', () => {
  it('keeps a site id and a page beyond the first', () => {
    const site = '0B6F1C1E-2F57-4D55-9A53-5F3A1F3E8A10'
    expect(validateNotificationsSearch({ site, page: '2' })).toEqual({ site: site.toLowerCase(), page: 2 })
    expect(validateNotificationsSearch({ site: 'x', page: '1' })).toEqual({})
  })
})
