import type { Schemas } from '@atrium-cms/client'
import { describe, expect, it } from 'vitest'
import { siteAccessOf } from './siteAccess'

const key = (permission: Schemas['AuthInfo']['permission'], site_id: string | null = null) =>
  ({ auth_method: 'api_key', permission, site_id, idp_user_id: null, memberships: null, is_system_admin: null }) as unknown as Schemas['AuthInfo']
const user = (role: string | null, is_system_admin = false) =>
  ({
    auth_method: 'jwt',
    permission: 'Read',
    site_id: null,
    idp_user_id: 'u',
    memberships: role ? [{ site_id: 's1', role }] : [],
    is_system_admin,
  }) as unknown as Schemas['AuthInfo']

describe('siteAccessOf', () => {
  it('gives API keys of Write and above both rights on their site, Read keys none', () => {
    expect(siteAccessOf(key('Write'), 's1')).toEqual({ canWrite: true, canEditorDelete: true })
    expect(siteAccessOf(key('Master'), 's1')).toEqual({ canWrite: true, canEditorDelete: true })
    expect(siteAccessOf(key('Read'), 's1')).toEqual({ canWrite: false, canEditorDelete: false })
    expect(siteAccessOf(key('Admin', 's2'), 's1')).toEqual({ canWrite: false, canEditorDelete: false })
  })
  it('lets an Author write but keeps Editor deletes for Editor and above', () => {
    expect(siteAccessOf(user('Author'), 's1')).toEqual({ canWrite: true, canEditorDelete: false })
    expect(siteAccessOf(user('Editor'), 's1')).toEqual({ canWrite: true, canEditorDelete: true })
    expect(siteAccessOf(user('Viewer'), 's1')).toEqual({ canWrite: false, canEditorDelete: false })
    expect(siteAccessOf(user(null, true), 's1')).toEqual({ canWrite: true, canEditorDelete: true })
    expect(siteAccessOf(undefined, 's1')).toEqual({ canWrite: false, canEditorDelete: false })
  })
})
