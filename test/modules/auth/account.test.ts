import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { idpUsers } from '../../../src/db/schema/idp-users.js'
import { siteMembers } from '../../../src/db/schema/members.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { jwtUser, startIdp, type TestIdp } from '../../helpers/idp.js'
import { expectNoContent } from '../../helpers/records.js'

let idp: TestIdp
let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  idp = await startIdp()
  t = await testApp({ env: idp.env({ ATRIUM_USAGE_FLUSH_MS: '20' }) })
  site = await makeSite(t)
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

interface Export {
  exported_at: string
  profile: Record<string, unknown>
  memberships: Array<{ site_id: string; role: string }>
  api_keys: Array<Record<string, unknown>>
  audit_logs: Array<{ user_id: string | null; api_key_id: string | null; action: string; entity_type: string; entity_id: string | null }>
  change_history: Array<{ changed_by: string | null; api_key_id: string | null; field_name: string }>
  api_key_usage: Array<{ api_key_id: string; path: string }>
}

describe('GET /auth/profile', () => {
  it('a JWT user: directory data, sign-in timestamps and memberships', async () => {
    const u = await jwtUser(t, idp, { siteId: site.id, role: 'Editor' })
    const p = expectStatus(await u.as.get('/auth/profile'), 200)
    expect(p).toMatchObject({
      auth_method: 'jwt',
      user_id: u.userId,
      idp_user_id: u.sub,
      email: `${u.sub}@example.test`,
      name: `User ${u.sub}`,
      avatar_url: null,
      is_system_admin: false,
      memberships: [{ site_id: site.id, site_name: `Site ${site.slug}`, site_slug: site.slug, role: 'Editor' }],
      api_key: null,
    })
    expect(typeof p.created_at).toBe('string')
    expect(typeof p.last_sign_in_at).toBe('string')
  })

  it('an API key: its key record (no secret), user fields null', async () => {
    const p = expectStatus<{ api_key: Record<string, unknown>; user_id: null; memberships: null }>(await t.as(site.keys.Write).get('/auth/profile'), 200)
    expect(p.user_id).toBeNull()
    expect(p.memberships).toBeNull()
    expect(p.api_key).toMatchObject({ id: site.keyIds.Write, permission: 'Write', site_id: site.id, status: 'Active' })
    expect(JSON.stringify(p)).not.toContain('digest')
  })

  it('401 without credentials', async () => {
    expectProblem(await t.as().get('/auth/profile'), 401, 'UNAUTHENTICATED')
  })
})

describe('GET /auth/export', () => {
  it('a JWT user: profile, memberships, API keys created, audit entries and change history, streamed across pages', async () => {
    const u = await jwtUser(t, idp)
    const mine = expectStatus<{ id: string }>(await u.as.post('/sites', { name: 'Exported', slug: `exp-${uid()}` }), 201)
    expectStatus(await u.as.put(`/sites/${mine.id}`, { description: 'changed' }), 200)
    const key = expectStatus<{ id: string; key: string }>(await u.as.post('/api-keys', { name: 'mine', permission: 'Read', site_id: mine.id }), 200)
    // Many audit rows: the export pages through them (1000 at a time).
    const actor = u.userId
    await t.dbh.db
      .insert(auditLogs)
      .values(Array.from({ length: 2345 }, (_, i) => ({ user_id: actor, action: 'Update', entity_type: 'bulk_test', entity_id: null, metadata: { i } })))
    const res = await u.as.get('/auth/export')
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toMatch(/attachment/)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json<Export>()
    expect(body.profile).toMatchObject({ auth_method: 'jwt', user_id: u.userId })
    expect(body.memberships).toEqual([expect.objectContaining({ site_id: mine.id, role: 'Owner' })])
    expect(body.api_keys.map((k) => k.id)).toEqual([key.id])
    expect(JSON.stringify(body.api_keys)).not.toContain('key_digest')
    expect(JSON.stringify(body)).not.toContain(key.key)
    expect(body.audit_logs.every((a) => a.user_id === actor && a.api_key_id === null)).toBe(true)
    expect(body.audit_logs.filter((a) => a.entity_type === 'bulk_test')).toHaveLength(2345)
    expect(body.audit_logs.find((a) => a.entity_type === 'site' && a.action === 'Create')?.entity_id).toBe(mine.id)
    expect(body.change_history).toEqual(expect.arrayContaining([expect.objectContaining({ changed_by: actor, api_key_id: null, field_name: 'description' })]))
    expect(body.api_key_usage).toEqual([])
    // Nobody else's rows.
    expect(JSON.stringify(body)).not.toContain(site.id)
  })

  it('an API key: the key itself, its audit entries and its usage', async () => {
    const k = site.keys.Admin
    expectStatus(await t.as(k).put(`/sites/${site.id}`, { description: 'by key' }), 200)
    await new Promise((r) => setTimeout(r, 200)) // usage is recorded in batches
    const body = expectStatus<Export>(await t.as(k).get('/auth/export'), 200)
    expect(body.api_keys.map((x) => x.id)).toEqual([site.keyIds.Admin])
    expect(body.audit_logs.some((a) => a.entity_type === 'site' && a.entity_id === site.id)).toBe(true)
    expect(body.audit_logs.every((a) => a.user_id === null && a.api_key_id === site.keyIds.Admin)).toBe(true)
    expect(body.change_history.some((h) => h.field_name === 'description')).toBe(true)
    expect(body.change_history.every((h) => h.changed_by === null && h.api_key_id === site.keyIds.Admin)).toBe(true)
    expect(body.api_key_usage.length).toBeGreaterThan(0)
    expect(body.api_key_usage.every((x) => x.api_key_id === site.keyIds.Admin)).toBe(true)
  })
})

describe('DELETE /auth/account', () => {
  it('API keys get 403', async () => {
    expectProblem(await t.as(site.keys.Master).delete('/auth/account'), 403, 'FORBIDDEN')
    expectProblem(await t.as(t.masterKey).delete('/auth/account'), 403, 'FORBIDDEN')
  })

  it('409 while the caller owns a site (nothing changes); after transferring ownership: 204, memberships and directory data gone, audit kept', async () => {
    const u = await jwtUser(t, idp)
    const mine = expectStatus<{ id: string }>(await u.as.post('/sites', { name: 'Owned', slug: `own-${uid()}` }), 201)
    const heir = await jwtUser(t, idp)
    expectStatus(await u.as.post(`/sites/${mine.id}/members`, { user_id: heir.userId, role: 'Admin' }), 201)
    expectStatus(await t.as(site.keys.Admin).post(`/sites/${site.id}/members`, { user_id: u.userId, role: 'Viewer' }), 201)
    const body = expectProblem(await u.as.delete('/auth/account'), 409, 'CONFLICT')
    expect(body.detail).toContain(mine.id)
    expect(await t.dbh.db.select().from(siteMembers).where(eq(siteMembers.user_id, u.userId))).toHaveLength(2)
    expectStatus(await u.as.post(`/sites/${mine.id}/members/transfer-ownership`, { user_id: heir.userId }), 200)
    expectNoContent(await u.as.delete('/auth/account'))
    expect(await t.dbh.db.select().from(siteMembers).where(eq(siteMembers.user_id, u.userId))).toEqual([])
    expect(await t.dbh.db.select().from(idpUsers).where(eq(idpUsers.id, u.userId))).toEqual([])
    const audits = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.user_id, u.userId))
    expect(audits.map((a) => `${a.entity_type}:${a.action}`)).toEqual(expect.arrayContaining(['site:Create', 'idp_user:Delete']))
    // The site lives on with its new Owner.
    expect(expectStatus<Array<{ user_id: string; role: string }>>(await heir.as.get(`/sites/${mine.id}/members`), 200)).toEqual([
      expect.objectContaining({ user_id: heir.userId, role: 'Owner' }),
    ])
  })
})
