import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteMembers } from '../../../src/db/schema/members.js'
import type { SiteRole } from '../../../src/core/principal.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { jwtUser, startIdp, type JwtUser, type TestIdp } from '../../helpers/idp.js'
import { auditsOf, expectNoContent } from '../../helpers/records.js'

let idp: TestIdp
let t: TestApp
let other: SiteFixture

beforeAll(async () => {
  idp = await startIdp()
  t = await testApp({ env: idp.env({ ATRIUM_SYSTEM_ADMINS: 'root-admin' }) })
  other = await makeSite(t)
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

interface Member {
  id: string
  site_id: string
  user_id: string
  idp_user_id: string
  role: SiteRole
  email: string | null
  name: string | null
  created_at: string
  updated_at: string
}

const membersOf = async (siteId: string) =>
  (await t.dbh.db.select().from(siteMembers).where(eq(siteMembers.site_id, siteId))).map((m) => `${m.idp_user_id}:${m.role}`).sort()

describe('a JWT user creating a site', () => {
  it('becomes its Owner; GET /sites lists the sites they are a member of; system admins see all', async () => {
    const u = await jwtUser(t, idp)
    const created = expectStatus<{ id: string }>(await u.as.post('/sites', { name: 'Mine', slug: `mine-${uid()}` }), 201)
    const me = expectStatus<{ memberships: Array<{ site_id: string; role: string }>; permission: string }>(await u.as.get('/auth/me'), 200)
    expect(me.memberships).toEqual([{ site_id: created.id, role: 'Owner' }])
    expect(me.permission).toBe('Admin')
    expect(expectStatus<Array<{ id: string }>>(await u.as.get('/sites'), 200).map((s) => s.id)).toEqual([created.id])
    const listed = expectStatus<Member[]>(await u.as.get(`/sites/${created.id}/members`), 200)
    expect(listed).toEqual([
      expect.objectContaining({
        site_id: created.id,
        user_id: u.userId,
        idp_user_id: u.sub,
        role: 'Owner',
        email: `${u.sub}@example.test`,
        name: `User ${u.sub}`,
      }),
    ])
    // Another site is out of reach: 404, not 403.
    expectProblem(await u.as.get(`/sites/${other.id}`), 404, 'NOT_FOUND')
    const root = await jwtUser(t, idp, undefined, 'root-admin')
    const all = expectStatus<Array<{ id: string }>>(await root.as.get('/sites'), 200).map((s) => s.id)
    expect(all).toEqual(expect.arrayContaining([created.id, other.id]))
  })

  it('a user without memberships sees no sites', async () => {
    const u = await jwtUser(t, idp)
    expect(expectStatus(await u.as.get('/sites'), 200)).toEqual([])
  })
})

describe('members endpoints', () => {
  let site: SiteFixture
  let owner: JwtUser
  let admin: JwtUser

  beforeAll(async () => {
    site = await makeSite(t)
    owner = await jwtUser(t, idp, { siteId: site.id, role: 'Owner' })
    admin = await jwtUser(t, idp, { siteId: site.id, role: 'Admin' })
  })

  it('adds a member by idp_user_id (before they sign in) and by user_id (signed in); 201 with the member', async () => {
    const sub = `later_${uid()}`
    const m = expectStatus<Member>(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: sub, role: 'Author' }), 201)
    expect(m).toMatchObject({ site_id: site.id, idp_user_id: sub, role: 'Author', email: null, name: null })
    expect(Object.keys(m).sort()).toEqual(['created_at', 'email', 'id', 'idp_user_id', 'name', 'role', 'site_id', 'updated_at', 'user_id'])
    const known = await jwtUser(t, idp)
    const k = expectStatus<Member>(await owner.as.post(`/sites/${site.id}/members`, { user_id: known.userId, role: 'Viewer' }), 201)
    expect(k).toMatchObject({ user_id: known.userId, idp_user_id: known.sub, role: 'Viewer', email: `${known.sub}@example.test` })
    expect((await auditsOf(t, 'site_member', k.id)).map((a) => a.action)).toEqual(['Create'])
    // The membership takes effect at once.
    expect(expectStatus<{ memberships: unknown[] }>(await known.as.get('/auth/me'), 200).memberships).toEqual([{ site_id: site.id, role: 'Viewer' }])
  })

  it('bad input: a member twice 409, role Owner or unknown 400, unknown user_id 400, no user 400; nothing changes', async () => {
    const before = await membersOf(site.id)
    expectProblem(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: owner.sub, role: 'Viewer' }), 409, 'CONFLICT')
    expectProblem(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: `x_${uid()}`, role: 'Owner' }), 400, 'VALIDATION_FAILED')
    expectProblem(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: `x_${uid()}`, role: 'Boss' }), 400, 'VALIDATION_FAILED')
    expectProblem(
      await admin.as.post(`/sites/${site.id}/members`, { user_id: '00000000-0000-4000-8000-000000000000', role: 'Viewer' }),
      400,
      'VALIDATION_FAILED',
    )
    expectProblem(await admin.as.post(`/sites/${site.id}/members`, { role: 'Viewer' }), 400, 'VALIDATION_FAILED')
    expectProblem(
      await admin.as.post(`/sites/${site.id}/members`, { user_id: owner.userId, idp_user_id: `x_${uid()}`, role: 'Viewer' }),
      400,
      'VALIDATION_FAILED',
    )
    expect(await membersOf(site.id)).toEqual(before)
  })

  it('changes a role; the Owner cannot be demoted, nobody promoted to Owner, the Owner not removed', async () => {
    const m = expectStatus<Member>(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: `ed_${uid()}`, role: 'Author' }), 201)
    const changed = expectStatus<Member>(await admin.as.put(`/sites/${site.id}/members/${m.id}`, { role: 'Editor' }), 200)
    expect(changed).toMatchObject({ id: m.id, role: 'Editor' })
    const ownerRow = expectStatus<Member[]>(await admin.as.get(`/sites/${site.id}/members`), 200).find((x) => x.role === 'Owner')!
    expect(ownerRow.user_id).toBe(owner.userId)
    const before = await membersOf(site.id)
    expectProblem(await admin.as.put(`/sites/${site.id}/members/${ownerRow.id}`, { role: 'Admin' }), 409, 'INVALID_STATE')
    expectProblem(await admin.as.put(`/sites/${site.id}/members/${m.id}`, { role: 'Owner' }), 400, 'VALIDATION_FAILED')
    expectProblem(await admin.as.delete(`/sites/${site.id}/members/${ownerRow.id}`), 409, 'INVALID_STATE')
    // A member of another site is not found here.
    const elsewhere = expectStatus<Member>(await t.as(other.keys.Admin).post(`/sites/${other.id}/members`, { idp_user_id: `o_${uid()}`, role: 'Viewer' }), 201)
    expectProblem(await admin.as.put(`/sites/${site.id}/members/${elsewhere.id}`, { role: 'Author' }), 404, 'NOT_FOUND')
    expectProblem(await admin.as.delete(`/sites/${site.id}/members/${elsewhere.id}`), 404, 'NOT_FOUND')
    expect(await membersOf(site.id)).toEqual(before)
    expectNoContent(await admin.as.delete(`/sites/${site.id}/members/${m.id}`))
    expect((await membersOf(site.id)).some((x) => x.endsWith(':Editor'))).toBe(false)
  })

  it('a non-Admin member gets 403 on the members endpoints', async () => {
    const reviewer = await jwtUser(t, idp, { siteId: site.id, role: 'Reviewer' })
    expectProblem(await reviewer.as.get(`/sites/${site.id}/members`), 403, 'FORBIDDEN')
    expectProblem(await reviewer.as.post(`/sites/${site.id}/members`, { idp_user_id: `x_${uid()}`, role: 'Viewer' }), 403, 'FORBIDDEN')
  })

  it('transfer-ownership: Owner only; the new Owner must be a member; the old Owner becomes Admin; exactly one Owner', async () => {
    const s = await makeSite(t)
    const first = await jwtUser(t, idp, { siteId: s.id, role: 'Owner' })
    const next = await jwtUser(t, idp, { siteId: s.id, role: 'Admin' })
    const outsider = await jwtUser(t, idp)
    expectProblem(await next.as.post(`/sites/${s.id}/members/transfer-ownership`, { user_id: next.userId }), 403, 'FORBIDDEN')
    const before = await membersOf(s.id)
    expectProblem(await first.as.post(`/sites/${s.id}/members/transfer-ownership`, { user_id: outsider.userId }), 400, 'VALIDATION_FAILED')
    expectProblem(await first.as.post(`/sites/${s.id}/members/transfer-ownership`, { user_id: first.userId }), 409, 'INVALID_STATE')
    expectProblem(await first.as.post(`/sites/${s.id}/members/transfer-ownership`, {}), 400, 'VALIDATION_FAILED')
    expect(await membersOf(s.id)).toEqual(before)
    const after = expectStatus<Member[]>(await first.as.post(`/sites/${s.id}/members/transfer-ownership`, { user_id: next.userId }), 200)
    expect(after.map((m) => [m.user_id, m.role])).toEqual([
      [next.userId, 'Owner'],
      [first.userId, 'Admin'],
    ])
    const owners = await t.dbh.db
      .select()
      .from(siteMembers)
      .where(and(eq(siteMembers.site_id, s.id), eq(siteMembers.role, 'Owner')))
    expect(owners.map((o) => o.user_id)).toEqual([next.userId])
    // The old Owner lost the Owner-only rights at once.
    expectProblem(await first.as.post(`/sites/${s.id}/members/transfer-ownership`, { user_id: first.userId }), 403, 'FORBIDDEN')
    expectProblem(await first.as.delete(`/sites/${s.id}`), 403, 'FORBIDDEN')
  })

  it('a site created with an API key gets its first Owner from a Master key', async () => {
    const s = await makeSite(t)
    const u = await jwtUser(t, idp, { siteId: s.id, role: 'Editor' })
    expectProblem(await t.as(s.keys.Admin).post(`/sites/${s.id}/members/transfer-ownership`, { user_id: u.userId }), 403, 'FORBIDDEN')
    const after = expectStatus<Member[]>(await t.as(s.keys.Master).post(`/sites/${s.id}/members/transfer-ownership`, { user_id: u.userId }), 200)
    expect(after.map((m) => m.role)).toEqual(['Owner'])
  })
})

describe('roles decide access through the central code: exactly the role passes, the role below fails', () => {
  let site: SiteFixture
  const users = {} as Record<SiteRole, JwtUser>
  let outsider: JwtUser

  beforeAll(async () => {
    site = await makeSite(t)
    for (const role of ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author', 'Viewer'] as const) users[role] = await jwtUser(t, idp, { siteId: site.id, role })
    outsider = await jwtUser(t, idp)
  })

  const blog = async () => expectStatus<{ id: string }>(await t.as(site.keys.Write).post('/blogs', { site_ids: [site.id], slug: `b-${uid()}` }), 201)

  it('Read (Viewer): reads the site and its blogs; a non-member gets 404', async () => {
    expectStatus(await users.Viewer.as.get(`/sites/${site.id}`), 200)
    expectStatus(await users.Viewer.as.get(`/sites/${site.id}/blogs`), 200)
    expectProblem(await outsider.as.get(`/sites/${site.id}`), 404, 'NOT_FOUND')
    expectProblem(await outsider.as.get(`/sites/${site.id}/blogs`), 404, 'NOT_FOUND')
  })

  it('Author (bodySites, record): an Author creates and edits a blog; a Viewer gets 403', async () => {
    const created = expectStatus<{ id: string; status: string }>(await users.Author.as.post('/blogs', { site_ids: [site.id], slug: `a-${uid()}` }), 201)
    expectStatus(await users.Author.as.put(`/blogs/${created.id}`, { is_featured: true }), 200)
    expectProblem(await users.Viewer.as.post('/blogs', { site_ids: [site.id], slug: `v-${uid()}` }), 403, 'FORBIDDEN')
    expectProblem(await users.Viewer.as.put(`/blogs/${created.id}`, { is_featured: false }), 403, 'FORBIDDEN')
    expectProblem(await outsider.as.post('/blogs', { site_ids: [site.id], slug: `o-${uid()}` }), 403, 'FORBIDDEN')
  })

  it('Editor (delete): an Editor deletes a blog; an Author gets 403', async () => {
    const b = await blog()
    expectProblem(await users.Author.as.delete(`/blogs/${b.id}`), 403, 'FORBIDDEN')
    expectNoContent(await users.Editor.as.delete(`/blogs/${b.id}`))
  })

  it('Reviewer (review): a Reviewer gets through to the review rules; an Editor gets 403', async () => {
    const b = await blog()
    expectProblem(await users.Editor.as.post(`/blogs/${b.id}/review`, { action: 'Approve' }), 403, 'FORBIDDEN')
    // A Draft cannot be reviewed: 409 shows that access let the Reviewer through.
    expectProblem(await users.Reviewer.as.post(`/blogs/${b.id}/review`, { action: 'Approve' }), 409, 'INVALID_STATE')
  })

  it('Admin (site settings, level Admin): an Admin passes; a Reviewer gets 403; API-key lists stay within the member sites', async () => {
    expectStatus(await users.Admin.as.put(`/sites/${site.id}`, { description: 'by admin' }), 200)
    expectProblem(await users.Reviewer.as.put(`/sites/${site.id}`, { description: 'by reviewer' }), 403, 'FORBIDDEN')
    const keys = expectStatus<{ data: Array<{ site_id: string | null }> }>(await users.Admin.as.get('/api-keys?per_page=100'), 200)
    expect(keys.data.length).toBeGreaterThan(0)
    expect(new Set(keys.data.map((k) => k.site_id))).toEqual(new Set([site.id]))
    expectProblem(await users.Reviewer.as.get('/api-keys'), 403, 'FORBIDDEN')
  })

  it('Owner (delete site): an Admin gets 403, the Owner deletes it', async () => {
    const s = await makeSite(t)
    const owner = await jwtUser(t, idp, { siteId: s.id, role: 'Owner' })
    const admin = await jwtUser(t, idp, { siteId: s.id, role: 'Admin' })
    expectProblem(await admin.as.delete(`/sites/${s.id}`), 403, 'FORBIDDEN')
    expectNoContent(await owner.as.delete(`/sites/${s.id}`))
    // A deleted site leaves the memberships out of the principal.
    expect(expectStatus<{ memberships: unknown[] }>(await owner.as.get('/auth/me'), 200).memberships).toEqual([])
  })

  it('API-key creation caps for JWT creators: Owner up to Admin, Admin up to Write, system admin up to Master', async () => {
    const create = (u: JwtUser, permission: string, siteId: string | null = site.id) =>
      u.as.post('/api-keys', { name: `k ${uid()}`, permission, ...(siteId ? { site_id: siteId } : {}) })
    expectStatus(await create(users.Owner, 'Admin'), 200)
    expectProblem(await create(users.Owner, 'Master'), 403, 'FORBIDDEN')
    expectStatus(await create(users.Admin, 'Write'), 200)
    expectProblem(await create(users.Admin, 'Admin'), 403, 'FORBIDDEN')
    expectProblem(await create(users.Reviewer, 'Read'), 403, 'FORBIDDEN')
    const root = await jwtUser(t, idp, undefined, 'root-admin')
    expectStatus(await create(root, 'Master'), 200)
    expectStatus(await create(root, 'Master', null), 200)
    expectProblem(await create(users.Owner, 'Master', null), 403, 'FORBIDDEN')
  })
})
