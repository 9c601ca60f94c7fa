import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Skill } from '../../../src/modules/skills/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, MISSING_ID, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'

/* Skills (spec "Skills and CV", decisions.md "Skills and CV" and "Shared content"). */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
let c: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
  c = await makeSite(t)
})
afterAll(() => t.close())

const FIELDS = [
  'id',
  'content_id',
  'site_id',
  'site_ids',
  'name',
  'slug',
  'category',
  'proficiency',
  'proficiency_level',
  'icon',
  'display_order',
  'created_at',
  'updated_at',
]

async function create(site: SiteFixture, body: Record<string, unknown> = {}, key = site.keys.Write): Promise<Skill> {
  return expectStatus<Skill>(await t.as(key).post('/skills', { site_ids: [site.id], name: `Skill ${uid()}`, ...body }), 201)
}
/** Owned by `owner`, carried by the others (only an unscoped key may name several sites). */
async function shared(owner: SiteFixture, others: SiteFixture[], body: Record<string, unknown> = {}): Promise<Skill> {
  return expectStatus<Skill>(
    await t.as(t.masterKey).post('/skills', { site_ids: [owner.id, ...others.map((s) => s.id)], name: `Shared ${uid()}`, ...body }),
    201,
  )
}
const listOf = async (site: SiteFixture, query = '') => expectStatus<Page<Skill>>(await t.as(site.keys.Read).get(`/sites/${site.id}/skills${query}`), 200)
const countSkills = async (site: SiteFixture) => (await listOf(site, '?per_page=100')).meta.total

describe('POST /skills', () => {
  it('creates a skill (201) with every field, a slug from the name, proficiency_level = proficiency, audited, with an event', async () => {
    const s = await create(a, { name: '  Type Script ', category: 'Languages', proficiency: 85, icon: 'ts', display_order: 3 })
    expect(Object.keys(s).sort()).toEqual([...FIELDS].sort())
    expect(s).toMatchObject({
      site_id: a.id,
      site_ids: [a.id],
      name: 'Type Script',
      slug: 'type-script',
      category: 'Languages',
      proficiency: 85,
      proficiency_level: 85,
      icon: 'ts',
      display_order: 3,
    })
    expect(expectStatus<Skill>(await t.as(a.keys.Read).get(`/skills/${s.id}`), 200)).toEqual(s)
    expect((await auditsOf(t, 'skill', s.id)).map((r) => [r.action, r.site_id])).toEqual([['Create', a.id]])
    const [ev] = await eventsFor(t, 'skill.created', s.id)
    expect((ev?.payload as { data: Skill }).data).toMatchObject({ id: s.id, slug: 'type-script', proficiency_level: 85 })
  })

  it('defaults: category and icon null, proficiency 0, display_order 0; proficiency_level in a body is ignored', async () => {
    const s = await create(a, { proficiency_level: 70 })
    expect(s).toMatchObject({ category: null, icon: null, proficiency: 0, proficiency_level: 0, display_order: 0 })
  })

  it('400 with errors and nothing written: proficiency outside 0–100 or not an integer, no name, a bad slug, an underivable slug', async () => {
    const before = await countSkills(a)
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 'X', proficiency: 101 }, 'proficiency'],
      [{ name: 'X', proficiency: -1 }, 'proficiency'],
      [{ name: 'X', proficiency: 50.5 }, 'proficiency'],
      [{ name: 'X', proficiency: '50' }, 'proficiency'],
      [{}, 'name'],
      [{ name: 'X', slug: 'Not A Slug' }, 'slug'],
      [{ name: 'X', category: 7 }, 'category'],
    ]
    for (const [body, field] of bad) {
      const p = expectProblem(await t.as(a.keys.Write).post('/skills', { site_ids: [a.id], ...body }), 400, 'VALIDATION_FAILED')
      expect(
        p.errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field)
    }
    expect(await countSkills(a)).toBe(before)
  })

  it('401 without a key, 403 for a Read key, 404 naming a site out of reach (nothing created)', async () => {
    const before = await countSkills(a)
    expectProblem(await t.as().post('/skills', { site_ids: [a.id], name: 'X' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post('/skills', { site_ids: [a.id], name: 'X' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post('/skills', { site_ids: [b.id], name: 'X' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post('/skills', { site_ids: [a.id, b.id], name: 'X' }), 404, 'NOT_FOUND')
    expect(await countSkills(a)).toBe(before)
  })

  it('409 when the slug is taken by a live skill of any carrying site; free again after a delete', async () => {
    const slug = `go-${uid()}`
    const inB = await create(b, { slug })
    expectProblem(await t.as(t.masterKey).post('/skills', { site_ids: [a.id, b.id], name: 'Go', slug }), 409, 'CONFLICT')
    // Only B has it: A alone may use it.
    const inA = await create(a, { slug })
    expect(inA.slug).toBe(slug)
    expectProblem(await t.as(t.masterKey).post('/skills', { site_ids: [c.id, a.id], name: 'Go', slug }), 409, 'CONFLICT')
    expectNoContent(await t.as(b.keys.Write).delete(`/skills/${inB.id}`))
    expectStatus(await t.as(t.masterKey).post('/skills', { site_ids: [c.id, b.id], name: 'Go', slug }), 201)
  })
})

describe('GET /sites/{site_id}/skills', () => {
  it('lists by display_order, then name; per_page defaults to 25', async () => {
    const site = await makeSite(t)
    const names = Array.from({ length: 26 }, (_, i) => `Skill ${String(i).padStart(2, '0')}`)
    for (const [i, name] of names.entries()) await create(site, { name, display_order: i < 3 ? 5 : 10 })
    const top = await create(site, { name: 'Zzz first', display_order: -1 })
    const page = await listOf(site)
    expect(page.meta).toEqual({ page: 1, per_page: 25, total: 27, total_pages: 2 })
    expect(page.data.map((s) => s.name)).toEqual([top.name, ...names.slice(0, 24)])
    const second = await listOf(site, '?page=2')
    expect(second.data.map((s) => s.name)).toEqual([names[24], names[25]])
    expect((await listOf(site, '?per_page=5')).data).toHaveLength(5)
  })

  it("shows the skills the site carries (owned and shared with it), never another site's; deleted skills leave", async () => {
    const site = await makeSite(t)
    const own = await create(site, { name: 'B own' })
    const sh = await shared(a, [site], { name: 'A shared' })
    await create(a, { name: 'A only' })
    expect((await listOf(site)).data.map((s) => [s.name, s.site_ids])).toEqual([
      ['A shared', [a.id, site.id]],
      ['B own', [site.id]],
    ])
    expectNoContent(await t.as(t.masterKey).delete(`/skills/${own.id}`))
    expect((await listOf(site)).data.map((s) => s.id)).toEqual([sh.id])
  })

  it('400 for a bad page, 401 without a key, 404 for another site', async () => {
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/skills?per_page=101`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().get(`/sites/${a.id}/skills`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/skills`), 404, 'NOT_FOUND')
  })
})

describe('GET /skills/{id}', () => {
  it('401 without a key, 404 for another site, unknown and deleted skills', async () => {
    const s = await create(a)
    expectProblem(await t.as().get(`/skills/${s.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/skills/${s.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/skills/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get('/skills/not-a-uuid'), 400, 'VALIDATION_FAILED')
    expectNoContent(await t.as(a.keys.Write).delete(`/skills/${s.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/skills/${s.id}`), 404, 'NOT_FOUND')
  })
})

describe('GET /skills/by-slug/{slug}', () => {
  it('finds the skill in the named site, or among the sites the caller can read', async () => {
    const s = await create(a, { slug: `rust-${uid()}` })
    expect(expectStatus<Skill>(await t.as(a.keys.Read).get(`/skills/by-slug/${s.slug}?site_id=${a.id}`), 200)).toEqual(s)
    expect(expectStatus<Skill>(await t.as(a.keys.Read).get(`/skills/by-slug/${s.slug}`), 200)).toEqual(s)
    expect(expectStatus<Skill>(await t.as(t.masterKey).get(`/skills/by-slug/${s.slug}`), 200).id).toBe(s.id)
  })

  it('404 for another site (named or not), an unknown slug, a deleted skill; 401 without a key', async () => {
    const s = await create(a, { slug: `elm-${uid()}` })
    expectProblem(await t.as(b.keys.Master).get(`/skills/by-slug/${s.slug}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/skills/by-slug/${s.slug}?site_id=${a.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/skills/by-slug/${s.slug}?site_id=${b.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/skills/by-slug/nope-${uid()}`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/skills/by-slug/${s.slug}`), 401, 'UNAUTHENTICATED')
    expectNoContent(await t.as(a.keys.Write).delete(`/skills/${s.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/skills/by-slug/${s.slug}?site_id=${a.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/skills/by-slug/${s.slug}`), 404, 'NOT_FOUND')
  })

  it('a shared skill answers through its carrying site; different skills with one slug in several readable sites need site_id (400)', async () => {
    const slug = `sql-${uid()}`
    const sh = await shared(a, [b], { slug })
    expect(expectStatus<Skill>(await t.as(b.keys.Read).get(`/skills/by-slug/${slug}?site_id=${b.id}`), 200).id).toBe(sh.id)
    expect(expectStatus<Skill>(await t.as(b.keys.Read).get(`/skills/by-slug/${slug}`), 200).id).toBe(sh.id)
    // One skill carried by two sites the caller reads is one answer.
    expect(expectStatus<Skill>(await t.as(t.masterKey).get(`/skills/by-slug/${slug}`), 200).id).toBe(sh.id)
    const other = await create(c, { slug })
    const p = expectProblem(await t.as(t.masterKey).get(`/skills/by-slug/${slug}`), 400, 'VALIDATION_FAILED')
    expect(p.errors?.map((e) => e.field)).toEqual(['site_id'])
    expect(expectStatus<Skill>(await t.as(t.masterKey).get(`/skills/by-slug/${slug}?site_id=${c.id}`), 200).id).toBe(other.id)
  })
})

describe('PUT /skills/{id}', () => {
  it('updates partially (history without the read-only alias, an event); renaming keeps the slug; null clears', async () => {
    const s = await create(a, { name: 'Kotlin', slug: `kotlin-${uid()}`, category: 'JVM', proficiency: 40 })
    const u = expectStatus<Skill>(await t.as(a.keys.Write).put(`/skills/${s.id}`, { name: 'Kotlin 2', proficiency: 60, category: null }), 200)
    expect(u).toMatchObject({ name: 'Kotlin 2', slug: s.slug, proficiency: 60, proficiency_level: 60, category: null })
    const fields = (await historyOf(t, 'skill', s.id)).map((h) => h.field_name).sort()
    expect(fields).toEqual(['category', 'name', 'proficiency'])
    expect(await eventsFor(t, 'skill.updated', s.id)).toHaveLength(1)
    const moved = expectStatus<Skill>(await t.as(a.keys.Write).put(`/skills/${s.id}`, { slug: `${s.slug}-2` }), 200)
    expect(moved.slug).toBe(`${s.slug}-2`)
    expectStatus(await t.as(a.keys.Read).get(`/skills/by-slug/${moved.slug}?site_id=${a.id}`), 200)
    expectProblem(await t.as(a.keys.Read).get(`/skills/by-slug/${s.slug}?site_id=${a.id}`), 404, 'NOT_FOUND')
  })

  it('400 with errors and nothing changed; 409 for a taken slug', async () => {
    const s = await create(a, { proficiency: 10 })
    const taken = await create(a)
    for (const [body, field] of [
      [{ proficiency: 101 }, 'proficiency'],
      [{ proficiency: -5 }, 'proficiency'],
      [{ name: '' }, 'name'],
      [{}, 'body'],
    ] as const) {
      const p = expectProblem(await t.as(a.keys.Write).put(`/skills/${s.id}`, body), 400, 'VALIDATION_FAILED')
      expect(p.errors?.length, JSON.stringify(body)).toBeGreaterThan(0)
      if (field !== 'body') expect(p.errors?.map((e) => e.field)).toContain(field)
    }
    expectProblem(await t.as(a.keys.Write).put(`/skills/${s.id}`, { slug: taken.slug }), 409, 'CONFLICT')
    expect(expectStatus<Skill>(await t.as(a.keys.Read).get(`/skills/${s.id}`), 200)).toEqual(s)
    expect(await historyOf(t, 'skill', s.id)).toHaveLength(0)
  })

  it('401, 403 for a Read key, 404 for another site and for a deleted skill', async () => {
    const s = await create(a)
    expectProblem(await t.as().put(`/skills/${s.id}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/skills/${s.id}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/skills/${s.id}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/skills/${s.id}`))
    expectProblem(await t.as(a.keys.Write).put(`/skills/${s.id}`, { name: 'x' }), 404, 'NOT_FOUND')
  })

  it('a slug change of a shared skill conflicts with a skill of any carrying site (409)', async () => {
    const sh = await shared(a, [b])
    const inB = await create(b)
    expectProblem(await t.as(a.keys.Write).put(`/skills/${sh.id}`, { slug: inB.slug }), 409, 'CONFLICT')
  })
})

describe('DELETE /skills/{id}', () => {
  it('soft-deletes (204, audited, event): 404 afterwards, gone from the list, the row kept', async () => {
    const s = await create(a)
    expectNoContent(await t.as(a.keys.Write).delete(`/skills/${s.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/skills/${s.id}`), 404, 'NOT_FOUND')
    expect((await listOf(a, '?per_page=100')).data.map((x) => x.id)).not.toContain(s.id)
    expect((await auditsOf(t, 'skill', s.id)).map((r) => r.action)).toEqual(['Create', 'Delete'])
    const [ev] = await eventsFor(t, 'skill.deleted', s.id)
    expect((ev?.payload as { data: Skill }).data).toMatchObject({ id: s.id, slug: s.slug, site_ids: [a.id] })
    expectProblem(await t.as(a.keys.Write).delete(`/skills/${s.id}`), 404, 'NOT_FOUND')
  })

  it('401, 403 for a Read key, 404 for another site', async () => {
    const s = await create(a)
    expectProblem(await t.as().delete(`/skills/${s.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).delete(`/skills/${s.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/skills/${s.id}`), 404, 'NOT_FOUND')
    expectStatus(await t.as(a.keys.Read).get(`/skills/${s.id}`), 200)
  })
})

describe('shared skills', () => {
  it('readable through the carrying site, written only on the owning site (403 through the carrier, 404 for strangers)', async () => {
    const sh = await shared(a, [b], { proficiency: 30 })
    expect(sh.site_id).toBe(a.id)
    expect(sh.site_ids).toEqual([a.id, b.id])
    expect(expectStatus<Skill>(await t.as(b.keys.Read).get(`/skills/${sh.id}`), 200)).toEqual(sh)
    expectProblem(await t.as(b.keys.Master).put(`/skills/${sh.id}`, { proficiency: 90 }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/skills/${sh.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(c.keys.Master).get(`/skills/${sh.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(c.keys.Master).put(`/skills/${sh.id}`, { proficiency: 90 }), 404, 'NOT_FOUND')
    const u = expectStatus<Skill>(await t.as(a.keys.Write).put(`/skills/${sh.id}`, { proficiency: 90 }), 200)
    expect(u.site_ids).toEqual([a.id, b.id])
    // B's cached list shows the owner's change at once.
    expect((await listOf(b, '?per_page=100')).data.find((x) => x.id === sh.id)?.proficiency).toBe(90)
    expectNoContent(await t.as(a.keys.Write).delete(`/skills/${sh.id}`))
    expectProblem(await t.as(b.keys.Read).get(`/skills/${sh.id}`), 404, 'NOT_FOUND')
    expect((await listOf(b, '?per_page=100')).data.map((x) => x.id)).not.toContain(sh.id)
  })
})

describe('a shared skill whose owning site is deleted', () => {
  it('is gone through every carrying site: by id, in the list, by slug', async () => {
    const [owner, carrier] = [await makeSite(t), await makeSite(t)]
    const sh = await shared(owner, [carrier])
    expectNoContent(await t.as(t.masterKey).delete(`/sites/${owner.id}`))
    expectProblem(await t.as(carrier.keys.Read).get(`/skills/${sh.id}`), 404, 'NOT_FOUND')
    expect((await listOf(carrier)).data).toEqual([])
    expectProblem(await t.as(carrier.keys.Read).get(`/skills/by-slug/${sh.slug}?site_id=${carrier.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(carrier.keys.Read).get(`/skills/by-slug/${sh.slug}`), 404, 'NOT_FOUND')
  })
})
