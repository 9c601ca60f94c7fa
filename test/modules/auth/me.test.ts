import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCtx } from '../../../src/core/context.js'
import type { SiteRole, UserPrincipal } from '../../../src/core/principal.js'
import { PERMISSIONS } from '../../../src/db/schema/api-keys.js'
import { me } from '../../../src/modules/auth/service.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const apiKeyInfo = (permission: string, siteId: string | null) => ({
  permission,
  site_id: siteId,
  auth_method: 'api_key',
  idp_user_id: null,
  memberships: null,
  is_system_admin: null,
})

describe('GET /auth/me', () => {
  it.each(PERMISSIONS)('a site-scoped %s key: its permission and site, identity fields null', async (permission) => {
    expect(expectStatus(await t.as(a.keys[permission]).get('/auth/me'), 200)).toEqual(apiKeyInfo(permission, a.id))
  })

  it.each(['Master', 'Admin'] as const)('an unscoped %s key: site_id null', async (permission) => {
    const k = await makeKey(t, permission, null)
    expect(expectStatus(await t.as(k.key).get('/auth/me'), 200)).toEqual(apiKeyInfo(permission, null))
  })

  it('the bootstrap key is an unscoped Master key', async () => {
    expect(expectStatus(await t.as(t.masterKey).get('/auth/me'), 200)).toEqual(apiKeyInfo('Master', null))
  })

  it('401 UNAUTHENTICATED without credentials, with an unknown key, or with a bearer token while JWT is off', async () => {
    expectProblem(await t.as().get('/auth/me'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as('atr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').get('/auth/me'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as('').get('/auth/me'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().get('/auth/me', { authorization: 'Bearer abc.def.ghi' }), 401, 'UNAUTHENTICATED')
  })

  it('a key that differs in one character is refused', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const last = k.key.at(-1) === 'A' ? 'B' : 'A'
    expectProblem(await t.as(`${k.key.slice(0, -1)}${last}`).get('/auth/me'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(k.key.toLowerCase() === k.key ? k.key.toUpperCase() : k.key.toLowerCase()).get('/auth/me'), 401, 'UNAUTHENTICATED')
    expectStatus(await t.as(k.key).get('/auth/me'), 200)
  })
})

describe('auth info of identity-provider users (service)', () => {
  const user = (memberships: Record<string, SiteRole>, isSystemAdmin = false): UserPrincipal => ({
    kind: 'user',
    userId: '6f1c1b1e-3c1d-5f9e-9c1a-000000000001',
    idpUserId: 'user_abc',
    isSystemAdmin,
    memberships: new Map(Object.entries(memberships)),
    rateLimitPerMinute: 1000,
    actorId: 'user:6f1c1b1e-3c1d-5f9e-9c1a-000000000001',
  })
  const s1 = '11111111-1111-4111-8111-111111111111'
  const s2 = '22222222-2222-4222-8222-222222222222'

  it('reports identity, memberships and the highest level the roles give', () => {
    expect(me(makeCtx(t.deps, user({ [s1]: 'Editor', [s2]: 'Owner' }), 'r'))).toEqual({
      permission: 'Admin',
      site_id: null,
      auth_method: 'jwt',
      idp_user_id: 'user_abc',
      memberships: [
        { site_id: s1, role: 'Editor' },
        { site_id: s2, role: 'Owner' },
      ],
      is_system_admin: false,
    })
    expect(me(makeCtx(t.deps, user({ [s1]: 'Viewer' }), 'r')).permission).toBe('Read')
    expect(me(makeCtx(t.deps, user({}), 'r'))).toMatchObject({ permission: null, memberships: [], is_system_admin: false })
    expect(me(makeCtx(t.deps, user({}, true), 'r'))).toMatchObject({ permission: 'Master', is_system_admin: true })
  })

  it('the service itself has no caller identity to report', () => {
    expect(() => me(t.sys())).toThrow(/credentials/)
  })
})
