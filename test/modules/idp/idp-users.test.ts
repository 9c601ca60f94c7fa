import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ManualClock } from '../../../src/platform/clock.js'
import { userIdOf } from '../../../src/platform/jwt.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { startClerk, type ClerkUserFixture } from '../../helpers/clerk.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { jwtUser, startIdp, type JwtUser, type TestIdp } from '../../helpers/idp.js'
import { auditsOf } from '../../helpers/records.js'

interface IdpUser {
  id: string
  idp_user_id: string
  email: string | null
  name: string | null
  avatar_url: string | null
  is_system_admin: boolean
  created_at: string | null
  last_sign_in_at: string | null
}
interface OffsetPage<T> {
  data: T[]
  meta: { limit: number; offset: number; total: number }
}

let idp: TestIdp

beforeAll(async () => {
  idp = await startIdp()
})
afterAll(() => idp.close())

describe('built-in directory', () => {
  let t: TestApp
  let site: SiteFixture
  let root: JwtUser
  let admin: JwtUser
  let viewer: JwtUser
  let plain: JwtUser

  beforeAll(async () => {
    t = await testApp({ env: idp.env({ ATRIUM_SYSTEM_ADMINS: 'root-1' }) })
    site = await makeSite(t)
    const tick = () => (t.clock as ManualClock).advance(1000) // distinct first sign-in times
    root = await jwtUser(t, idp, undefined, 'root-1')
    tick()
    admin = await jwtUser(t, idp, { siteId: site.id, role: 'Admin' })
    tick()
    viewer = await jwtUser(t, idp, { siteId: site.id, role: 'Viewer' })
    tick()
    plain = await jwtUser(t, idp)
  })
  afterAll(() => t.close())

  it('lists everyone who signed in, oldest first, with limit/offset; Admins and system admins only', async () => {
    const page = expectStatus<OffsetPage<IdpUser>>(await admin.as.get('/idp/users'), 200)
    expect(page.meta).toEqual({ limit: 20, offset: 0, total: 4 })
    expect(page.data.map((u) => u.idp_user_id)).toEqual(['root-1', admin.sub, viewer.sub, plain.sub])
    expect(page.data[0]).toMatchObject({ id: userIdOf('root-1'), email: 'root-1@example.test', name: 'User root-1', is_system_admin: true, avatar_url: null })
    expect(page.data[1]!.is_system_admin).toBe(false)
    expect(typeof page.data[1]!.last_sign_in_at).toBe('string')
    expect(expectStatus<OffsetPage<IdpUser>>(await root.as.get('/idp/users?limit=2&offset=1'), 200).data.map((u) => u.idp_user_id)).toEqual([
      admin.sub,
      viewer.sub,
    ])
    expectStatus(await t.as(site.keys.Admin).get('/idp/users'), 200)
    expectProblem(await viewer.as.get('/idp/users'), 403, 'FORBIDDEN')
    expectProblem(await plain.as.get('/idp/users'), 403, 'FORBIDDEN')
    expectProblem(await t.as(site.keys.Write).get('/idp/users'), 403, 'FORBIDDEN')
    expectProblem(await admin.as.get('/idp/users?limit=101'), 400, 'VALIDATION_FAILED')
  })

  it('gets one user by user id; unknown is 404, not a UUID 400', async () => {
    expect(expectStatus<IdpUser>(await admin.as.get(`/idp/users/${viewer.userId}`), 200)).toMatchObject({
      id: viewer.userId,
      idp_user_id: viewer.sub,
      email: `${viewer.sub}@example.test`,
    })
    expectProblem(await admin.as.get('/idp/users/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND')
    expectProblem(await admin.as.get(`/idp/users/${viewer.sub}`), 400, 'VALIDATION_FAILED')
  })

  it('PUT role: system admins only; SystemAdmin takes effect at once (all sites), User takes it back', async () => {
    expectProblem(await admin.as.put(`/idp/users/${plain.userId}/role`, { role: 'SystemAdmin' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(site.keys.Master).put(`/idp/users/${plain.userId}/role`, { role: 'SystemAdmin' }), 403, 'FORBIDDEN')
    expect(expectStatus<{ is_system_admin: boolean }>(await plain.as.get('/auth/me'), 200).is_system_admin).toBe(false)
    const up = expectStatus<IdpUser>(await root.as.put(`/idp/users/${plain.userId}/role`, { role: 'SystemAdmin' }), 200)
    expect(up).toMatchObject({ id: plain.userId, is_system_admin: true })
    expect(expectStatus<{ is_system_admin: boolean }>(await plain.as.get('/auth/me'), 200).is_system_admin).toBe(true)
    expect(expectStatus<Array<{ id: string }>>(await plain.as.get('/sites'), 200).map((s) => s.id)).toContain(site.id)
    // A new system admin may in turn change roles.
    expectStatus(await plain.as.put(`/idp/users/${viewer.userId}/role`, { role: 'User' }), 200)
    expect(expectStatus<IdpUser>(await t.as(t.masterKey).put(`/idp/users/${plain.userId}/role`, { role: 'User' }), 200).is_system_admin).toBe(false)
    expect(expectStatus<{ is_system_admin: boolean }>(await plain.as.get('/auth/me'), 200).is_system_admin).toBe(false)
    expect((await auditsOf(t, 'idp_user', plain.userId)).map((a) => a.action)).toEqual(['Update', 'Update'])
  })

  it('bad input: unknown role 400, configured system admin to User 409, unknown user 404', async () => {
    expectProblem(await root.as.put(`/idp/users/${plain.userId}/role`, { role: 'God' }), 400, 'VALIDATION_FAILED')
    expectProblem(await root.as.put(`/idp/users/${root.userId}/role`, { role: 'User' }), 409, 'INVALID_STATE')
    expectProblem(await root.as.put('/idp/users/00000000-0000-4000-8000-000000000000/role', { role: 'User' }), 404, 'NOT_FOUND')
    expect(expectStatus<{ is_system_admin: boolean }>(await root.as.get('/auth/me'), 200).is_system_admin).toBe(true)
  })
})

describe('Clerk-compatible Backend API directory (stand-in on 127.0.0.1)', () => {
  const SECRET = 'sk_test_standin'
  const clerkUsers: ClerkUserFixture[] = [
    {
      id: 'user_clerk_a',
      first_name: 'Ada',
      last_name: 'Lovelace',
      image_url: 'https://img.example.test/ada.png',
      primary_email_address_id: 'e2',
      email_addresses: [
        { id: 'e1', email_address: 'old@example.test' },
        { id: 'e2', email_address: 'ada@example.test' },
      ],
      created_at: Date.UTC(2024, 0, 1),
      last_sign_in_at: Date.UTC(2024, 5, 1),
    },
    {
      id: 'user_clerk_b',
      first_name: null,
      last_name: null,
      username: 'bee',
      image_url: null,
      email_addresses: [],
      created_at: Date.UTC(2024, 1, 1),
      last_sign_in_at: null,
    },
    {
      id: 'user_clerk_c',
      first_name: 'Cy',
      last_name: '',
      email_addresses: [{ id: 'x', email_address: 'cy@example.test' }],
      created_at: Date.UTC(2024, 2, 1),
      last_sign_in_at: null,
    },
  ]
  let clerk: Awaited<ReturnType<typeof startClerk>>
  let seen: string[]
  let t: TestApp
  let site: SiteFixture
  let admin: JwtUser
  let root: JwtUser

  beforeAll(async () => {
    clerk = await startClerk(clerkUsers, SECRET)
    seen = clerk.seen
    t = await testApp({ env: idp.env({ ATRIUM_SYSTEM_ADMINS: 'root-2', ...clerk.env }) })
    site = await makeSite(t)
    admin = await jwtUser(t, idp, { siteId: site.id, role: 'Admin' })
    root = await jwtUser(t, idp, undefined, 'root-2')
  })
  afterAll(async () => {
    await t.close()
    await clerk.close()
  })

  it('lists the directory’s users (primary email, names, image, times) with limit/offset and the total', async () => {
    const page = expectStatus<OffsetPage<IdpUser>>(await admin.as.get('/idp/users?limit=2&offset=0'), 200)
    expect(page.meta).toEqual({ limit: 2, offset: 0, total: 3 })
    expect(page.data).toEqual([
      {
        id: userIdOf('user_clerk_a'),
        idp_user_id: 'user_clerk_a',
        email: 'ada@example.test',
        name: 'Ada Lovelace',
        avatar_url: 'https://img.example.test/ada.png',
        is_system_admin: false,
        created_at: '2024-01-01T00:00:00.000Z',
        last_sign_in_at: '2024-06-01T00:00:00.000Z',
      },
      {
        id: userIdOf('user_clerk_b'),
        idp_user_id: 'user_clerk_b',
        email: null,
        name: 'bee',
        avatar_url: null,
        is_system_admin: false,
        created_at: '2024-02-01T00:00:00.000Z',
        last_sign_in_at: null,
      },
    ])
    expect(seen).toContain('GET /v1/users?limit=2&offset=0&order_by=created_at')
    expect(expectStatus<OffsetPage<IdpUser>>(await admin.as.get('/idp/users?limit=2&offset=2'), 200).data.map((u) => u.name)).toEqual(['Cy'])
  })

  it('gets a user by user id once they have signed in, with the Backend API’s data; before that 404', async () => {
    expectProblem(await admin.as.get(`/idp/users/${userIdOf('user_clerk_b')}`), 404, 'NOT_FOUND')
    const signedIn = await jwtUser(t, idp, undefined, 'user_clerk_b')
    expect(expectStatus<IdpUser>(await admin.as.get(`/idp/users/${signedIn.userId}`), 200)).toMatchObject({
      idp_user_id: 'user_clerk_b',
      name: 'bee',
      email: null,
    })
    expect(seen).toContain('GET /v1/users/user_clerk_b')
    // Signed in, but unknown to the Backend API: 404.
    expectProblem(await admin.as.get(`/idp/users/${admin.userId}`), 404, 'NOT_FOUND')
  })

  it('the CMS role is kept by Atrium and shows in the Backend API listing', async () => {
    const ada = await jwtUser(t, idp, undefined, 'user_clerk_a')
    expect(expectStatus<IdpUser>(await root.as.put(`/idp/users/${ada.userId}/role`, { role: 'SystemAdmin' }), 200)).toMatchObject({
      is_system_admin: true,
      name: 'Ada Lovelace',
    })
    expect(expectStatus<{ is_system_admin: boolean }>(await ada.as.get('/auth/me'), 200).is_system_admin).toBe(true)
    expect(expectStatus<OffsetPage<IdpUser>>(await admin.as.get('/idp/users?limit=1'), 200).data[0]!.is_system_admin).toBe(true)
  })

  it('the directory failing is a 503 problem', async () => {
    clerk.state.down = true
    try {
      expectProblem(await admin.as.get('/idp/users'), 503, 'SERVICE_UNAVAILABLE')
      expectProblem(await admin.as.get(`/idp/users/${userIdOf('user_clerk_a')}`), 503, 'SERVICE_UNAVAILABLE')
    } finally {
      clerk.state.down = false
    }
  })
})
