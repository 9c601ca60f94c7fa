import { describe, expect, it } from 'vitest'
import { atLeast, siteLevel } from './access'

const key = (permission: 'Read' | 'Write' | 'Admin' | 'Master', site_id: string | null) =>
  ({ auth_method: 'api_key', permission, site_id, idp_user_id: null, memberships: null, is_system_admin: null }) as const
const user = (memberships: Array<{ site_id: string; role: 'Owner' | 'Admin' | 'Reviewer' | 'Editor' | 'Author' | 'Viewer' }>, is_system_admin = false) =>
  ({ auth_method: 'jwt', permission: null, site_id: null, idp_user_id: 'u', memberships, is_system_admin }) as const

describe('siteLevel', () => {
  it('an API key has its permission on its own site (or every site when unscoped), none elsewhere', () => {
    expect(siteLevel(key('Admin', 's1'), 's1')).toBe('Admin')
    expect(siteLevel(key('Admin', 's1'), 's2')).toBeNull()
    expect(siteLevel(key('Master', null), 's2')).toBe('Master')
  })
  it('a JWT user gets the level of their role on the site; system admins Master', () => {
    const u = user([{ site_id: 's1', role: 'Owner' }, { site_id: 's2', role: 'Editor' }, { site_id: 's3', role: 'Viewer' }])
    expect(siteLevel(u, 's1')).toBe('Admin')
    expect(siteLevel(u, 's2')).toBe('Write')
    expect(siteLevel(u, 's3')).toBe('Read')
    expect(siteLevel(u, 's4')).toBeNull()
    expect(siteLevel(user([], true), 's4')).toBe('Master')
    expect(siteLevel(undefined, 's1')).toBeNull()
  })
  it('atLeast compares levels', () => {
    expect(atLeast('Admin', 'Admin')).toBe(true)
    expect(atLeast('Write', 'Admin')).toBe(false)
    expect(atLeast(null, 'Read')).toBe(false)
  })
})
