import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys } from '../../../src/db/schema/api-keys.js'
import { creationCap } from '../../../src/modules/api-keys/service.js'
import * as sites from '../../../src/modules/sites/service.js'
import { digestKey } from '../../../src/platform/crypto.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { KEY_FORMAT, expectNoSecret, keyRow, type KeyBody } from './helpers.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
let unscopedAdmin: string

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
  unscopedAdmin = (await makeKey(t, 'Admin', null)).key
})
afterAll(() => t.close())

async function keyCount(): Promise<number> {
  const [r] = await t.dbh.db.select({ n: count() }).from(apiKeys)
  return r?.n ?? 0
}

/** POSTs /api-keys and expects a key. */
async function created(key: string, body: Record<string, unknown>): Promise<KeyBody> {
  return expectStatus<KeyBody>(await t.as(key).post('/api-keys', { name: 'cap test', ...body }), 200)
}

/** POSTs /api-keys and expects a refusal that created nothing. */
async function refused(key: string, body: Record<string, unknown>, status: number, code: string) {
  const before = await keyCount()
  const problem = expectProblem(await t.as(key).post('/api-keys', { name: 'cap test', ...body }), status, code)
  expect(await keyCount()).toBe(before)
  return problem
}

describe('key format', () => {
  it('is atr_ + 43 base64url characters (32 random bytes); only a SHA-256 digest is stored', async () => {
    const res = await t.as(t.masterKey).post('/api-keys', { name: 'fmt', permission: 'Read', site_id: a.id })
    const body = expectStatus<KeyBody>(res, 200)
    const key = body.key!
    expect(key).toMatch(KEY_FORMAT)
    expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32)
    expect(body.key_prefix).toBe(key.slice(0, 12))
    expect(body.key_prefix).toHaveLength(12)
    const row = await keyRow(t, body.id)
    expect(row?.key_digest).toBe(digestKey(key))
    expect(row?.key_digest).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(key)
    expectNoSecret(res.body.replace(key, ''), key)
  })
})

describe('creation caps', () => {
  it('an unscoped Master key creates anything up to Master, scoped or not', async () => {
    for (const permission of ['Master', 'Admin']) {
      expect(await created(t.masterKey, { permission })).toMatchObject({ permission, site_id: null })
      expect(await created(t.masterKey, { permission, site_id: null })).toMatchObject({ permission, site_id: null })
    }
    for (const permission of ['Master', 'Admin', 'Write', 'Read']) {
      expect(await created(t.masterKey, { permission, site_id: a.id })).toMatchObject({ permission, site_id: a.id })
    }
  })

  it('only Master and Admin keys may be unscoped (400 naming site_id)', async () => {
    for (const permission of ['Write', 'Read']) {
      const p = await refused(t.masterKey, { permission }, 400, 'VALIDATION_FAILED')
      expect(p.errors?.map((e) => e.field)).toEqual(['site_id'])
      await refused(t.masterKey, { permission, site_id: null }, 400, 'VALIDATION_FAILED')
    }
  })

  it('a site Master key creates up to Master for its own site; site_id defaults to it', async () => {
    for (const permission of ['Master', 'Admin', 'Write', 'Read']) {
      expect(await created(a.keys.Master, { permission })).toMatchObject({ permission, site_id: a.id })
    }
    expect(await created(a.keys.Master, { permission: 'Read', site_id: a.id })).toMatchObject({ site_id: a.id })
    await refused(a.keys.Master, { permission: 'Read', site_id: b.id }, 404, 'NOT_FOUND')
    // Unscoped keys need an unscoped Master key.
    await refused(a.keys.Master, { permission: 'Master', site_id: null }, 403, 'FORBIDDEN')
    await refused(a.keys.Master, { permission: 'Admin', site_id: null }, 403, 'FORBIDDEN')
  })

  it('a site Admin key creates up to Write for its own site; Admin and Master are 403', async () => {
    for (const permission of ['Write', 'Read']) {
      expect(await created(a.keys.Admin, { permission })).toMatchObject({ permission, site_id: a.id })
    }
    await refused(a.keys.Admin, { permission: 'Admin' }, 403, 'FORBIDDEN')
    await refused(a.keys.Admin, { permission: 'Master' }, 403, 'FORBIDDEN')
    await refused(a.keys.Admin, { permission: 'Admin', site_id: a.id }, 403, 'FORBIDDEN')
    await refused(a.keys.Admin, { permission: 'Read', site_id: b.id }, 404, 'NOT_FOUND')
    await refused(a.keys.Admin, { permission: 'Admin', site_id: null }, 403, 'FORBIDDEN')
  })

  it('an unscoped Admin key creates up to Write for any site, and no unscoped keys', async () => {
    for (const site of [a, b]) {
      expect(await created(unscopedAdmin, { permission: 'Write', site_id: site.id })).toMatchObject({ permission: 'Write', site_id: site.id })
    }
    await refused(unscopedAdmin, { permission: 'Admin', site_id: a.id }, 403, 'FORBIDDEN')
    await refused(unscopedAdmin, { permission: 'Admin' }, 403, 'FORBIDDEN')
    await refused(unscopedAdmin, { permission: 'Master', site_id: null }, 403, 'FORBIDDEN')
    await refused(unscopedAdmin, { permission: 'Write' }, 400, 'VALIDATION_FAILED')
  })

  it('Read and Write keys create nothing (403)', async () => {
    for (const key of [a.keys.Read, a.keys.Write]) {
      await refused(key, { permission: 'Read' }, 403, 'FORBIDDEN')
      await refused(key, { permission: 'Read', site_id: a.id }, 403, 'FORBIDDEN')
    }
  })

  it('a deleted site gets no new keys (404)', async () => {
    const gone = await makeSite(t)
    await sites.remove(t.sys(), gone.id)
    await refused(t.masterKey, { permission: 'Read', site_id: gone.id }, 404, 'NOT_FOUND')
  })

  it('a created key has exactly the permission it was given', async () => {
    const w = await created(a.keys.Admin, { permission: 'Write' })
    expectProblem(await t.as(w.key).get('/api-keys'), 403, 'FORBIDDEN')
    await refused(w.key!, { permission: 'Read' }, 403, 'FORBIDDEN')
    expect(expectStatus(await t.as(w.key).get('/auth/me'), 200)).toMatchObject({ permission: 'Write', site_id: a.id })
  })
})

describe('creationCap', () => {
  const user = (roles: Record<string, 'Owner' | 'Admin' | 'Editor' | 'Viewer'>, isSystemAdmin = false) => ({
    kind: 'user' as const,
    userId: 'u',
    idpUserId: 'idp',
    isSystemAdmin,
    memberships: new Map(Object.entries(roles)),
    rateLimitPerMinute: 1000,
    actorId: 'user:u',
  })
  const s1 = '11111111-1111-4111-8111-111111111111'
  const s2 = '22222222-2222-4222-8222-222222222222'

  it('JWT creators: system admin Master, Owner Admin, Admin Write, others Read, non-members nothing', () => {
    expect(creationCap(user({}, true), s1)).toBe('Master')
    expect(creationCap(user({}, true), null)).toBe('Master')
    expect(creationCap(user({ [s1]: 'Owner' }), s1)).toBe('Admin')
    expect(creationCap(user({ [s1]: 'Admin' }), s1)).toBe('Write')
    expect(creationCap(user({ [s1]: 'Editor' }), s1)).toBe('Read')
    expect(creationCap(user({ [s1]: 'Viewer' }), s1)).toBe('Read')
    expect(creationCap(user({ [s1]: 'Owner' }), s2)).toBeNull()
    expect(creationCap(user({ [s1]: 'Owner' }), null)).toBeNull()
  })

  it('API-key creators: Master up to Master, Admin up to Write, within scope only', () => {
    const key = (permission: 'Master' | 'Admin' | 'Write' | 'Read', siteId: string | null) => ({
      kind: 'api_key' as const,
      keyId: 'k',
      permission,
      siteId,
      rateLimitPerMinute: 1000,
      actorId: 'api_key:k',
    })
    expect(creationCap(key('Master', s1), s1)).toBe('Master')
    expect(creationCap(key('Master', s1), s2)).toBeNull()
    expect(creationCap(key('Master', null), s2)).toBe('Master')
    expect(creationCap(key('Admin', s1), s1)).toBe('Write')
    expect(creationCap(key('Admin', null), s1)).toBe('Write')
    expect(creationCap(key('Write', s1), s1)).toBeNull()
    expect(creationCap(key('Read', s1), s1)).toBeNull()
  })
})
