import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { makeCtx } from '../../../src/core/context.js'
import type { UserPrincipal } from '../../../src/core/principal.js'
import { siteMembers } from '../../../src/db/schema/members.js'
import { sites } from '../../../src/db/schema/sites.js'
import * as sitesService from '../../../src/modules/sites/service.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeKey, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { historyOf } from '../../helpers/records.js'

interface SiteBody {
  id: string
  name: string
  slug: string
  description: string
  is_active: boolean
  created_at: string
  updated_at: string
}
interface LocaleBody {
  id: string
  site_id: string
  code: string
  name: string
  is_default: boolean
  created_at: string
}
type Created = SiteBody & { locales: LocaleBody[] }

const SITE_FIELDS = ['created_at', 'description', 'favicon_url', 'id', 'is_active', 'name', 'slug', 'updated_at', 'url']
const BAD_KEY = 'atr_this-key-does-not-exist-anywhere-0000000000'

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

const allSiteIds = async () => expectStatus<SiteBody[]>(await t.as(t.masterKey).get('/sites'), 200).map((s) => s.id)

describe('GET /sites', () => {
  it('shows a site-scoped key only its own site', async () => {
    for (const key of Object.values(a.keys)) {
      const body = expectStatus<SiteBody[]>(await t.as(key).get('/sites'), 200)
      expect(body.map((s) => s.id)).toEqual([a.id])
      expect(Object.keys(body[0] as object).sort()).toEqual(SITE_FIELDS)
    }
  })

  it('shows unscoped keys every live site', async () => {
    for (const key of [t.masterKey, unscopedAdmin]) {
      const ids = expectStatus<SiteBody[]>(await t.as(key).get('/sites'), 200).map((s) => s.id)
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]))
    }
  })

  it('leaves soft-deleted sites out', async () => {
    const c = await makeSite(t)
    expect(await allSiteIds()).toContain(c.id)
    expect((await t.as(c.keys.Master).delete(`/sites/${c.id}`)).statusCode).toBe(204)
    expect(await allSiteIds()).not.toContain(c.id)
    expect(expectStatus<SiteBody[]>(await t.as(c.keys.Read).get('/sites'), 200)).toEqual([])
  })

  it('needs credentials that authenticate', async () => {
    expectProblem(await t.as().get('/sites'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).get('/sites'), 401, 'UNAUTHENTICATED')
  })
})

describe('POST /sites', () => {
  const newSite = (extra: Record<string, unknown> = {}) => ({ name: 'New site', slug: `new-${uid()}`, ...extra })

  it('creates a site with its locales (201), canonicalising codes; the first is default when none says so', async () => {
    const input = newSite({ description: 'About', locales: [{ code: 'en-us' }, { code: 'DE', name: 'Deutsch' }] })
    const body = expectStatus<Created>(await t.as(t.masterKey).post('/sites', input), 201)
    expect(body).toMatchObject({ name: 'New site', slug: input.slug, description: 'About', is_active: true })
    expect(body.created_at).toMatch(/Z$/)
    expect(body.locales.map((l) => [l.code, l.name, l.is_default, l.site_id])).toEqual([
      ['en-US', 'American English', true, body.id],
      ['de', 'Deutsch', false, body.id],
    ])
    const read = expectStatus<SiteBody>(await t.as(t.masterKey).get(`/sites/${body.id}`), 200)
    expect(read.slug).toBe(input.slug)
    const locs = expectStatus<LocaleBody[]>(await t.as(t.masterKey).get(`/sites/${body.id}/locales`), 200)
    expect(locs.map((l) => l.code)).toEqual(['en-US', 'de'])
  })

  it('honours an explicit default and works without locales', async () => {
    const withDefault = expectStatus<Created>(
      await t.as(unscopedAdmin).post('/sites', newSite({ locales: [{ code: 'en' }, { code: 'fr', is_default: true }] })),
      201,
    )
    expect(withDefault.locales.map((l) => [l.code, l.is_default])).toEqual([
      ['en', false],
      ['fr', true],
    ])
    const bare = expectStatus<Created>(await t.as(unscopedAdmin).post('/sites', newSite()), 201)
    expect(bare.locales).toEqual([])
    expect(bare).toMatchObject({ description: null, url: null, favicon_url: null })
  })

  it('rejects invalid bodies with 400 and creates nothing', async () => {
    const before = await allSiteIds()
    const cases: Array<[unknown, string]> = [
      [
        newSite({
          locales: [
            { code: 'en', is_default: true },
            { code: 'de', is_default: true },
          ],
        }),
        'locales',
      ],
      [newSite({ locales: [{ code: 'en' }, { code: 'EN' }] }), 'locales.1.code'],
      [newSite({ locales: [{ code: 'en_US' }] }), 'locales.0.code'],
      [newSite({ locales: [{ code: 'english' }] }), 'locales.0.code'],
      [newSite({ locales: [{ code: 'e' }] }), 'locales.0.code'],
      [{ slug: `x-${uid()}` }, 'name'],
      [newSite({ name: '   ' }), 'name'],
      [newSite({ slug: 'Not A Slug' }), 'slug'],
      [newSite({ is_active: 'yes' }), 'is_active'],
    ]
    for (const [input, field] of cases) {
      const problem = expectProblem(await t.as(t.masterKey).post('/sites', input), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(input),
      ).toContain(field)
    }
    expect(await allSiteIds()).toEqual(before)
  })

  it('answers 409 for a slug in use', async () => {
    expectProblem(await t.as(t.masterKey).post('/sites', newSite({ slug: a.slug })), 409, 'CONFLICT')
  })

  it('refuses site-scoped keys (403) and missing or bad credentials (401)', async () => {
    for (const key of [a.keys.Admin, a.keys.Master, a.keys.Read, a.keys.Write]) {
      expectProblem(await t.as(key).post('/sites', newSite()), 403, 'FORBIDDEN')
    }
    expectProblem(await t.as().post('/sites', newSite()), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).post('/sites', newSite()), 401, 'UNAUTHENTICATED')
  })

  it('makes a JWT creator the owner of the new site', async () => {
    const user: UserPrincipal = {
      kind: 'user',
      userId: '11111111-1111-5111-8111-111111111111',
      idpUserId: 'user_abc',
      isSystemAdmin: false,
      memberships: new Map(),
      rateLimitPerMinute: 1000,
      actorId: '11111111-1111-5111-8111-111111111111',
    }
    const created = await sitesService.create(makeCtx(t.deps, user, 'test'), { name: 'Mine', slug: `mine-${uid()}` })
    const members = await t.dbh.db.select().from(siteMembers).where(eq(siteMembers.site_id, created.id))
    expect(members.map((m) => [m.user_id, m.idp_user_id, m.role])).toEqual([[user.userId, 'user_abc', 'Owner']])
  })
})

describe('GET /sites/{id} and /sites/by-slug/{slug}', () => {
  it('answers the site to its keys', async () => {
    const byId = expectStatus<SiteBody>(await t.as(a.keys.Read).get(`/sites/${a.id}`), 200)
    expect(byId).toMatchObject({ id: a.id, slug: a.slug, is_active: true })
    expect(Object.keys(byId).sort()).toEqual(SITE_FIELDS)
    expect(expectStatus<SiteBody>(await t.as(a.keys.Read).get(`/sites/by-slug/${a.slug}`), 200)).toEqual(byId)
    expect(expectStatus<SiteBody>(await t.as(t.masterKey).get(`/sites/by-slug/${b.slug}`), 200).id).toBe(b.id)
  })

  it('hides other sites and unknown ones behind 404', async () => {
    expectProblem(await t.as(a.keys.Master).get(`/sites/${b.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Master).get(`/sites/by-slug/${b.slug}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/sites/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get('/sites/by-slug/no-such-site'), 404, 'NOT_FOUND')
  })

  it('is cached, and every change the site shows is read at once on every instance, its deletion too', async () => {
    const s = await makeSite(t)
    const other = await testApp({ dbh: t.dbh, clock: t.clock, cache: t.deps.cache })
    onTestFinished(() => other.close())
    const read = async (app: TestApp) => expectStatus<SiteBody>(await app.as(s.keys.Read).get(`/sites/${s.id}`), 200)
    const before = await read(t)
    expect(await read(other)).toEqual(before)
    // A change behind the service's back is not seen: the answer is the cached one.
    await t.dbh.db.update(sites).set({ description: 'written around the API' }).where(eq(sites.id, s.id))
    expect((await read(t)).description).toBe(before.description)
    expectStatus(await t.as(t.masterKey).put(`/sites/${s.id}`, { name: 'Renamed', description: 'New words' }), 200)
    for (const app of [t, other]) expect(await read(app)).toMatchObject({ name: 'Renamed', description: 'New words' })
    expectStatus(await other.as(t.masterKey).put(`/sites/${s.id}`, { is_active: false }), 200)
    for (const app of [t, other]) expect((await read(app)).is_active).toBe(false)
    expect((await t.as(t.masterKey).delete(`/sites/${s.id}`)).statusCode).toBe(204)
    for (const app of [t, other]) expectProblem(await app.as(t.masterKey).get(`/sites/${s.id}`), 404, 'NOT_FOUND')
  })

  it('answers 400 for a malformed id and 401 without credentials', async () => {
    const problem = expectProblem(await t.as(t.masterKey).get('/sites/not-a-uuid'), 400, 'VALIDATION_FAILED')
    expect(problem.errors?.[0]?.field).toBe('id')
    expectProblem(await t.as().get(`/sites/${a.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).get(`/sites/${a.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().get(`/sites/by-slug/${a.slug}`), 401, 'UNAUTHENTICATED')
  })
})

describe('site url and favicon_url', () => {
  const newSite = (extra: Record<string, unknown> = {}) => ({ name: 'New site', slug: `new-${uid()}`, ...extra })

  it('round-trips on create, read and update; null clears them and the description', async () => {
    const created = expectStatus<SiteBody>(
      await t
        .as(unscopedAdmin)
        .post('/sites', newSite({ url: 'https://www.example.com', favicon_url: 'https://cdn.example.com/favicon.ico', description: 'About' })),
      201,
    )
    expect(created).toMatchObject({ url: 'https://www.example.com', favicon_url: 'https://cdn.example.com/favicon.ico', description: 'About' })
    expect(expectStatus<SiteBody>(await t.as(t.masterKey).get(`/sites/${created.id}`), 200)).toMatchObject({
      url: 'https://www.example.com',
      favicon_url: 'https://cdn.example.com/favicon.ico',
    })
    const moved = expectStatus<SiteBody>(await t.as(t.masterKey).put(`/sites/${created.id}`, { url: 'http://localhost:3000/' }), 200)
    expect(moved).toMatchObject({ url: 'http://localhost:3000/', favicon_url: 'https://cdn.example.com/favicon.ico' })
    const cleared = expectStatus<SiteBody>(await t.as(t.masterKey).put(`/sites/${created.id}`, { url: null, favicon_url: null, description: null }), 200)
    expect(cleared).toMatchObject({ url: null, favicon_url: null, description: null })
    expect(expectStatus<SiteBody>(await t.as(t.masterKey).get(`/sites/${created.id}`), 200)).toEqual(cleared)
    const history = await historyOf(t, 'site', created.id, 'url')
    expect(history.map((h) => [h.old_value, h.new_value])).toEqual([
      ['https://www.example.com', 'http://localhost:3000/'],
      ['http://localhost:3000/', null],
    ])
  })

  it('400 on create for a url or favicon_url that is not an absolute http(s) URL; nothing is created', async () => {
    const before = await allSiteIds()
    for (const [input, field] of [
      [{ url: 'www.example.com' }, 'url'],
      [{ url: 'mailto:me@example.com' }, 'url'],
      [{ favicon_url: '/favicon.ico' }, 'favicon_url'],
      [{ favicon_url: 'http://' }, 'favicon_url'],
    ] as const) {
      const problem = expectProblem(await t.as(t.masterKey).post('/sites', newSite(input)), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(input),
      ).toContain(field)
    }
    expect(await allSiteIds()).toEqual(before)
  })
})

describe('PUT /sites/{id}', () => {
  it('applies a partial body and moves updated_at', async () => {
    const c = await makeSite(t)
    const before = expectStatus<SiteBody>(await t.as(c.keys.Read).get(`/sites/${c.id}`), 200)
    ;(t.clock as ManualClock).advance(60_000)
    const after = expectStatus<SiteBody>(await t.as(c.keys.Admin).put(`/sites/${c.id}`, { name: 'Renamed' }), 200)
    expect(after).toEqual({ ...before, name: 'Renamed', updated_at: after.updated_at })
    expect(Date.parse(after.updated_at)).toBe(Date.parse(before.updated_at) + 60_000)
    const slug = `moved-${uid()}`
    const moved = expectStatus<SiteBody>(await t.as(c.keys.Master).put(`/sites/${c.id}`, { slug, is_active: false, description: 'd' }), 200)
    expect(moved).toMatchObject({ name: 'Renamed', slug, is_active: false, description: 'd' })
    expect(expectStatus<SiteBody>(await t.as(c.keys.Read).get(`/sites/by-slug/${slug}`), 200).id).toBe(c.id)
    expectProblem(await t.as(c.keys.Read).get(`/sites/by-slug/${c.slug}`), 404, 'NOT_FOUND')
    // Keeping its own slug is no clash.
    expectStatus(await t.as(c.keys.Admin).put(`/sites/${c.id}`, { slug }), 200)
  })

  it('rejects empty and invalid bodies with 400 and changes nothing', async () => {
    const before = expectStatus<SiteBody>(await t.as(a.keys.Read).get(`/sites/${a.id}`), 200)
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ unknown_field: 1 }, 'body'],
      [{ name: '' }, 'name'],
      [{ slug: 'UPPER' }, 'slug'],
      [{ is_active: 'false' }, 'is_active'],
      [{ url: 'example.com' }, 'url'],
      [{ url: 'ftp://example.com' }, 'url'],
      [{ url: '/relative' }, 'url'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: 42 }, 'url'],
      [{ favicon_url: 'data:image/png;base64,AAAA' }, 'favicon_url'],
      [{ favicon_url: 'not a url' }, 'favicon_url'],
    ]
    for (const [input, field] of cases) {
      const problem = expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}`, input), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(input),
      ).toContain(field)
    }
    expect(expectStatus<SiteBody>(await t.as(a.keys.Read).get(`/sites/${a.id}`), 200)).toEqual(before)
  })

  it('answers 409 when the slug belongs to another site', async () => {
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}`, { slug: b.slug }), 409, 'CONFLICT')
  })

  it('needs Admin (403), the site in scope (404), a UUID (400) and credentials (401)', async () => {
    expectProblem(await t.as(a.keys.Write).put(`/sites/${a.id}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).put(`/sites/${a.id}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Master).put(`/sites/${b.id}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).put(`/sites/${MISSING_ID}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).put('/sites/123', { name: 'x' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().put(`/sites/${a.id}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).put(`/sites/${a.id}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expect(expectStatus<SiteBody>(await t.as(a.keys.Read).get(`/sites/${a.id}`), 200).name).not.toBe('x')
  })
})

describe('DELETE /sites/{id}', () => {
  it('needs Master for keys (Owner): Admin keys get 403, an unscoped Master key may', async () => {
    const c = await makeSite(t)
    expectProblem(await t.as(c.keys.Admin).delete(`/sites/${c.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(unscopedAdmin).delete(`/sites/${c.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(c.keys.Write).delete(`/sites/${c.id}`), 403, 'FORBIDDEN')
    expectStatus(await t.as(c.keys.Read).get(`/sites/${c.id}`), 200)
    expect((await t.as(t.masterKey).delete(`/sites/${c.id}`)).statusCode).toBe(204)
    expectProblem(await t.as(c.keys.Read).get(`/sites/${c.id}`), 404, 'NOT_FOUND')
  })

  it('soft-deletes (204): the site answers 404 to everyone, its keys see nothing, its slug is free again', async () => {
    const c = await makeSite(t)
    const res = await t.as(c.keys.Master).delete(`/sites/${c.id}`)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectProblem(await t.as(t.masterKey).get(`/sites/${c.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/sites/by-slug/${c.slug}`), 404, 'NOT_FOUND')
    for (const key of Object.values(c.keys)) {
      expectProblem(await t.as(key).get(`/sites/${c.id}`), 404, 'NOT_FOUND')
      expectProblem(await t.as(key).get(`/sites/${c.id}/locales`), 404, 'NOT_FOUND')
      expectProblem(await t.as(key).get(`/sites/${c.id}/settings`), 404, 'NOT_FOUND')
    }
    expectProblem(await t.as(c.keys.Master).put(`/sites/${c.id}`, { name: 'back' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(c.keys.Admin).put(`/sites/${c.id}/settings`, { ai_enabled: true }), 404, 'NOT_FOUND')
    expectProblem(await t.as(c.keys.Admin).post(`/sites/${c.id}/locales`, { code: 'it' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).delete(`/sites/${c.id}`), 404, 'NOT_FOUND')
    const again = expectStatus<Created>(await t.as(t.masterKey).post('/sites', { name: 'Reborn', slug: c.slug }), 201)
    expect(again.id).not.toBe(c.id)
    expect(expectStatus<SiteBody>(await t.as(t.masterKey).get(`/sites/by-slug/${c.slug}`), 200).id).toBe(again.id)
  })

  it('answers 404 for another site, 400 for a bad id, 401 without credentials', async () => {
    expectProblem(await t.as(a.keys.Master).delete(`/sites/${b.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).delete(`/sites/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).delete('/sites/zzz'), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().delete(`/sites/${b.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).delete(`/sites/${b.id}`), 401, 'UNAUTHENTICATED')
    expectStatus(await t.as(b.keys.Read).get(`/sites/${b.id}`), 200)
  })
})
