import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idpUsers } from '../../../src/db/schema/idp-users.js'
import { siteMembers } from '../../../src/db/schema/members.js'
import { userIdOf } from '../../../src/platform/jwt.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { startClerk } from '../../helpers/clerk.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { jwtUser, startIdp, type JwtUser, type TestIdp } from '../../helpers/idp.js'
import { auditsOf } from '../../helpers/records.js'

/* Adding someone who has never signed in, and members shown by name and email (and named so in the audit log). */

interface Member {
  id: string
  user_id: string
  idp_user_id: string
  role: string
  email: string | null
  name: string | null
}

let idp: TestIdp
beforeAll(async () => {
  idp = await startIdp()
})
afterAll(() => idp.close())

const memberRows = async (t: TestApp, siteId: string) => (await t.dbh.db.select().from(siteMembers).where(eq(siteMembers.site_id, siteId))).length

describe('built-in directory', () => {
  let t: TestApp
  let site: SiteFixture
  let admin: JwtUser

  beforeAll(async () => {
    t = await testApp({ env: idp.env() })
    site = await makeSite(t)
    admin = await jwtUser(t, idp, { siteId: site.id, role: 'Admin' })
  })
  afterAll(() => t.close())

  it('a member added before their first sign-in gets their email and name when they sign in; the audit names them', async () => {
    const sub = `newcomer_${uid()}`
    const added = expectStatus<Member>(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: sub, role: 'Editor' }), 201)
    expect(added).toMatchObject({ user_id: userIdOf(sub), email: null, name: null })
    await jwtUser(t, idp, undefined, sub) // first sign-in
    const listed = expectStatus<Member[]>(await admin.as.get(`/sites/${site.id}/members`), 200).find((m) => m.id === added.id)
    expect(listed).toMatchObject({ email: `${sub}@example.test`, name: `User ${sub}`, role: 'Editor' })
    expectStatus(await admin.as.put(`/sites/${site.id}/members/${added.id}`, { role: 'Author' }), 200)
    expect((await auditsOf(t, 'site_member', added.id)).map((a) => [a.action, a.record_label])).toEqual([
      ['Create', sub],
      ['Update', `User ${sub}`],
    ])
    const feed = expectStatus<{ data: Array<{ entity_id: string; record_label: string | null }> }>(
      await admin.as.get(`/sites/${site.id}/audit?entity_type=site_member`),
      200,
    )
    expect(
      feed.data
        .filter((e) => e.entity_id === added.id)
        .map((e) => e.record_label)
        .sort(),
    ).toEqual([sub, `User ${sub}`].sort())
  })
})

describe('external directory (Clerk-compatible stand-in)', () => {
  let clerk: Awaited<ReturnType<typeof startClerk>>
  let t: TestApp
  let site: SiteFixture
  let other: SiteFixture
  let admin: JwtUser

  beforeAll(async () => {
    clerk = await startClerk([
      {
        id: 'user_grace',
        first_name: 'Grace',
        last_name: 'Hopper',
        primary_email_address_id: 'g1',
        email_addresses: [{ id: 'g1', email_address: 'grace@example.test' }],
        created_at: Date.UTC(2024, 0, 1),
        last_sign_in_at: null,
      },
      { id: 'user_linus', username: 'linus', email_addresses: [], created_at: Date.UTC(2024, 0, 2), last_sign_in_at: null },
      { id: 'user_ken', username: 'ken', email_addresses: [], created_at: Date.UTC(2024, 0, 3), last_sign_in_at: null },
    ])
    t = await testApp({ env: idp.env(clerk.env) })
    site = await makeSite(t)
    other = await makeSite(t)
    admin = await jwtUser(t, idp, { siteId: site.id, role: 'Admin' })
  })
  afterAll(async () => {
    await t.close()
    await clerk.close()
  })

  it('adds a user who has never signed in with the email and name the directory gives; listed and audited by name', async () => {
    const m = expectStatus<Member>(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: 'user_grace', role: 'Author' }), 201)
    expect(m).toMatchObject({ user_id: userIdOf('user_grace'), idp_user_id: 'user_grace', role: 'Author', email: 'grace@example.test', name: 'Grace Hopper' })
    expect(clerk.seen).toContain('GET /v1/users/user_grace')
    const listed = expectStatus<Member[]>(await admin.as.get(`/sites/${site.id}/members`), 200)
    expect(listed.find((x) => x.id === m.id)).toMatchObject({ email: 'grace@example.test', name: 'Grace Hopper' })
    expect((await auditsOf(t, 'site_member', m.id)).map((a) => a.record_label)).toEqual(['Grace Hopper'])
    // never signed in: the directory entry carries no sign-in time
    const [row] = await t.dbh.db.select().from(idpUsers).where(eq(idpUsers.idp_user_id, 'user_grace'))
    expect(row).toMatchObject({ last_sign_in_at: null, role: 'User' })
    // by API key, on another site, too
    const k = expectStatus<Member>(await t.as(other.keys.Admin).post(`/sites/${other.id}/members`, { idp_user_id: 'user_linus', role: 'Viewer' }), 201)
    expect(k).toMatchObject({ name: 'linus', email: null })
  })

  it('refused: an id the directory does not know 400, the directory down 503, 403 below Admin, another site 404; nothing added', async () => {
    const before = await memberRows(t, site.id)
    const unknown = expectProblem(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: 'user_typo', role: 'Author' }), 400, 'VALIDATION_FAILED')
    expect(unknown.errors?.[0]?.field).toMatch(/idp_user_id/)
    clerk.state.down = true
    try {
      expectProblem(await admin.as.post(`/sites/${site.id}/members`, { idp_user_id: 'user_ken', role: 'Author' }), 503, 'SERVICE_UNAVAILABLE')
    } finally {
      clerk.state.down = false
    }
    const viewer = await jwtUser(t, idp, { siteId: site.id, role: 'Viewer' })
    const afterViewer = await memberRows(t, site.id)
    expectProblem(await viewer.as.post(`/sites/${site.id}/members`, { idp_user_id: 'user_linus', role: 'Author' }), 403, 'FORBIDDEN')
    expectProblem(await admin.as.post(`/sites/${other.id}/members`, { idp_user_id: 'user_linus', role: 'Author' }), 404, 'NOT_FOUND')
    expect(afterViewer).toBe(before + 1)
    expect(await memberRows(t, site.id)).toBe(afterViewer)
    for (const sub of ['user_typo', 'user_ken']) expect(await t.dbh.db.select().from(idpUsers).where(eq(idpUsers.idp_user_id, sub))).toHaveLength(0)
  })
})
