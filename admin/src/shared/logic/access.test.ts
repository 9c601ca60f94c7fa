import { describe, expect, it } from 'vitest'
import {
  administersSystem,
  atLeast,
  can,
  canManageKey,
  grantableLevels,
  keyCreationCap,
  memberActions,
  siteLevel,
  type AuthInfo,
  type SiteRole,
} from './access'

const S = 'site-1'
const OTHER = 'site-2'
const key = (permission: AuthInfo['permission'], site_id: string | null = null): AuthInfo => ({
  permission,
  site_id,
  auth_method: 'api_key',
  idp_user_id: null,
  memberships: null,
  is_system_admin: null,
})
const user = (role?: SiteRole, sysAdmin = false): AuthInfo => ({
  permission: null,
  site_id: null,
  auth_method: 'jwt',
  idp_user_id: 'u',
  memberships: role ? [{ site_id: S, role }] : [],
  is_system_admin: sysAdmin,
})

describe('can', () => {
  it.each([
    ['site.edit', user('Admin'), true],
    ['site.edit', user('Editor'), false],
    ['site.edit', key('Admin', S), true],
    ['site.edit', key('Admin', OTHER), false],
    ['site.edit', key('Write'), false],
    ['site.delete', user('Admin'), false],
    ['site.delete', user('Owner'), true],
    ['site.delete', key('Admin'), false],
    ['site.delete', key('Master', S), true],
    ['site.delete', user(undefined, true), true],
    ['members.manage', user('Owner'), true],
    ['members.manage', user('Reviewer'), false],
    ['members.transfer', user('Admin'), false],
    ['members.transfer', user('Owner'), true],
    ['members.transfer', key('Master'), true],
    ['webhooks.manage', key('Admin', S), true],
    ['webhooks.manage', user('Viewer'), false],
    ['keys.manage', user('Admin'), true],
    ['keys.manage', user('Editor'), false],
    ['keys.manage', key('Write'), false],
    ['site.create', user(), true],
    ['site.create', key('Admin'), true],
    ['site.create', key('Master', S), false],
    ['idp.list', user('Admin'), true],
    ['idp.list', user('Author'), false],
    ['idp.setRole', user('Owner'), false],
    ['idp.setRole', user(undefined, true), true],
    ['idp.setRole', key('Master'), true],
    ['idp.setRole', key('Master', S), false],
  ] as const)('%s for %o is %s', (action, me, expected) => {
    expect(can(me, action, S)).toBe(expected)
  })

  it('refuses everything before the caller is known', () => {
    expect(can(undefined, 'site.create')).toBe(false)
  })
})

describe("administersSystem (the sidebar's System area and the palette's system screens)", () => {
  it.each([
    [user(undefined, true), true],
    [user('Owner'), false],
    [user('Admin'), false],
    [key('Master'), true],
    [key('Master', S), false],
    [key('Admin'), false],
    [undefined, false],
  ] as const)('%o: %s', (me, expected) => {
    expect(administersSystem(me)).toBe(expected)
  })
})

describe('key creation cap (api-keys/service.ts creationCap)', () => {
  it.each([
    [user(undefined, true), 'Master'],
    [user('Owner'), 'Admin'],
    [user('Admin'), 'Write'],
    [user('Editor'), 'Read'],
    [user('Viewer'), 'Read'],
    [user(), null],
    [key('Master'), 'Master'],
    [key('Admin', S), 'Write'],
    [key('Admin', OTHER), null],
    [key('Write', S), null],
  ] as const)('%o → %s', (me, cap) => {
    expect(keyCreationCap(me, S)).toBe(cap)
  })

  it('lists the grantable levels lowest first', () => {
    expect(grantableLevels(user('Owner'), S)).toEqual(['Read', 'Write', 'Admin'])
    expect(grantableLevels(user(), S)).toEqual([])
  })

  it('manages a key only within the cap and with Admin on its site', () => {
    expect(canManageKey(user('Owner'), { site_id: S, permission: 'Admin' })).toBe(true)
    expect(canManageKey(user('Admin'), { site_id: S, permission: 'Admin' })).toBe(false)
    expect(canManageKey(user('Admin'), { site_id: S, permission: 'Read' })).toBe(true)
    expect(canManageKey(user('Editor'), { site_id: S, permission: 'Read' })).toBe(false)
    expect(canManageKey(user('Owner'), { site_id: null, permission: 'Master' })).toBe(false)
    expect(canManageKey(key('Master'), { site_id: null, permission: 'Master' })).toBe(true)
  })
})

describe('member actions', () => {
  it('never changes or removes the Owner, and only the Owner transfers', () => {
    expect(memberActions(user('Owner'), S, { role: 'Owner' })).toEqual({ changeRole: false, remove: false, makeOwner: false })
    expect(memberActions(user('Owner'), S, { role: 'Editor' })).toEqual({ changeRole: true, remove: true, makeOwner: true })
    expect(memberActions(user('Admin'), S, { role: 'Editor' })).toEqual({ changeRole: true, remove: true, makeOwner: false })
    expect(memberActions(user('Editor'), S, { role: 'Viewer' })).toEqual({ changeRole: false, remove: false, makeOwner: false })
  })
})

const keyOf = (permission: 'Read' | 'Write' | 'Admin' | 'Master', site_id: string | null) =>
  ({ auth_method: 'api_key', permission, site_id, idp_user_id: null, memberships: null, is_system_admin: null }) as const
const userOf = (memberships: Array<{ site_id: string; role: 'Owner' | 'Admin' | 'Reviewer' | 'Editor' | 'Author' | 'Viewer' }>, is_system_admin = false) =>
  ({ auth_method: 'jwt', permission: null, site_id: null, idp_user_id: 'u', memberships, is_system_admin }) as const

describe('siteLevel', () => {
  it('an API key has its permission on its own site (or every site when unscoped), none elsewhere', () => {
    expect(siteLevel(keyOf('Admin', 's1'), 's1')).toBe('Admin')
    expect(siteLevel(keyOf('Admin', 's1'), 's2')).toBeNull()
    expect(siteLevel(keyOf('Master', null), 's2')).toBe('Master')
  })
  it('a JWT user gets the level of their role on the site; system admins Master', () => {
    const u = userOf([
      { site_id: 's1', role: 'Owner' },
      { site_id: 's2', role: 'Editor' },
      { site_id: 's3', role: 'Viewer' },
    ])
    expect(siteLevel(u, 's1')).toBe('Admin')
    expect(siteLevel(u, 's2')).toBe('Write')
    expect(siteLevel(u, 's3')).toBe('Read')
    expect(siteLevel(u, 's4')).toBeNull()
    expect(siteLevel(userOf([], true), 's4')).toBe('Master')
    expect(siteLevel(undefined, 's1')).toBeNull()
  })
  it('atLeast compares levels', () => {
    expect(atLeast('Admin', 'Admin')).toBe(true)
    expect(atLeast('Write', 'Admin')).toBe(false)
    expect(atLeast(null, 'Read')).toBe(false)
  })
})
