import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeKey, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { makeTag, type TagBody } from './fixtures.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('OpenAPI', () => {
  it('documents the taxonomy endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>()
    for (const path of [
      '/api/v1/tags/by-slug/{slug}',
      '/api/v1/sites/{site_id}/categories/blog-counts',
      '/api/v1/content/{content_id}/categories/{category_id}',
    ]) {
      expect(doc.paths).toHaveProperty([path])
    }
  })
})

describe('POST /tags', () => {
  it('creates a tag, deriving the slug from the name, with audit and tag.created', async () => {
    const tag = expectStatus<TagBody & { created_at: string }>(await t.as(a.keys.Write).post('/tags', { site_id: a.id, name: '  Crème Brûlée & Co  ' }), 201)
    expect(tag).toMatchObject({ site_id: a.id, name: 'Crème Brûlée & Co', slug: 'creme-brulee-co' })
    expect(tag.created_at).toMatch(/Z$/)
    const audits = await auditsOf(t, 'tag', tag.id)
    expect(audits.map((x) => x.action)).toEqual(['Create'])
    expect(audits[0]!.site_id).toBe(a.id)
    expect(await eventsFor(t, 'tag.created', tag.id)).toHaveLength(1)
  })

  it('keeps an explicit slug', async () => {
    const tag = await makeTag(t, a.keys.Write, a.id, 'Anything', `given-${uid()}`)
    expect(tag.slug).toMatch(/^given-/)
  })

  it('refuses a duplicate slug in the same site with 409 but allows it in another site', async () => {
    const slug = `dup-${uid()}`
    await makeTag(t, a.keys.Write, a.id, 'One', slug)
    expectProblem(await t.as(a.keys.Write).post('/tags', { site_id: a.id, name: 'Two', slug }), 409, 'CONFLICT')
    // A generated slug that is taken is numbered instead (decisions.md "Content").
    expect(expectStatus<{ slug: string }>(await t.as(a.keys.Write).post('/tags', { site_id: a.id, name: slug }), 201).slug).toBe(`${slug}-2`)
    await makeTag(t, b.keys.Write, b.id, 'One', slug)
  })

  it('validates the body with field errors', async () => {
    const c = t.as(a.keys.Write)
    expect(expectProblem(await c.post('/tags', { site_id: a.id }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('name')
    expect(expectProblem(await c.post('/tags', { name: 'x' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('site_id')
    expect(expectProblem(await c.post('/tags', { site_id: 'nope', name: 'x' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('site_id')
    expect(expectProblem(await c.post('/tags', { site_id: a.id, name: '   ' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('name')
    expect(expectProblem(await c.post('/tags', { site_id: a.id, name: 'x', slug: 'Bad Slug' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('slug')
    expect(expectProblem(await c.post('/tags', { site_id: a.id, name: 'x'.repeat(201) }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('name')
    // Nothing transliterates: the type and a random suffix, never a 400 (test/contract/generated-slugs.test.ts).
    expect(expectStatus<{ slug: string }>(await c.post('/tags', { site_id: a.id, name: '日本語' }), 201).slug).toMatch(/^tag-[0-9a-f]{6}$/)
  })

  it('answers 401 without a key, 403 for a Read key, 404 for another site', async () => {
    expectProblem(await t.as().post('/tags', { site_id: a.id, name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post('/tags', { site_id: a.id, name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post('/tags', { site_id: b.id, name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post('/tags', { site_id: MISSING_ID, name: 'x' }), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/tags', () => {
  it('lists live tags by name, paginated, without deleted ones or other sites', async () => {
    const s = await makeSite(t)
    const names = ['delta', 'alpha', 'charlie', 'bravo']
    const made = []
    for (const n of names) made.push(await makeTag(t, s.keys.Write, s.id, n))
    await makeTag(t, b.keys.Write, b.id, 'alpha')
    expectNoContent(await t.as(s.keys.Write).delete(`/tags/${made[2]!.id}`))
    const p1 = expectStatus<Page<TagBody>>(await t.as(s.keys.Read).get(`/sites/${s.id}/tags?per_page=2`), 200)
    expect(p1.data.map((x) => x.name)).toEqual(['alpha', 'bravo'])
    expect(p1.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 })
    const p2 = expectStatus<Page<TagBody>>(await t.as(s.keys.Read).get(`/sites/${s.id}/tags?per_page=2&page=2`), 200)
    expect(p2.data.map((x) => x.name)).toEqual(['delta'])
    const past = expectStatus<Page<TagBody>>(await t.as(s.keys.Read).get(`/sites/${s.id}/tags?page=9`), 200)
    expect(past.data).toEqual([])
    expect(past.meta.total).toBe(3)
  })

  it('answers 400 for bad paging, 401, and 404 for another or unknown site', async () => {
    expect(expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/tags?per_page=101`), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('per_page')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/tags?page=0`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().get(`/sites/${a.id}/tags`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${b.id}/tags`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${MISSING_ID}/tags`), 404, 'NOT_FOUND')
  })
})

describe('GET /tags/{id}', () => {
  it('answers a tag to readers of its site and 404 otherwise', async () => {
    const tag = await makeTag(t, a.keys.Write, a.id)
    expect(expectStatus<TagBody>(await t.as(a.keys.Read).get(`/tags/${tag.id}`), 200)).toMatchObject({ id: tag.id, slug: tag.slug })
    expectProblem(await t.as(b.keys.Master).get(`/tags/${tag.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/tags/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/tags/${tag.id}`), 401, 'UNAUTHENTICATED')
    expect(expectProblem(await t.as(a.keys.Read).get('/tags/not-a-uuid'), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('id')
  })
})

describe('GET /tags/by-slug/{slug}', () => {
  it('finds the tag among the sites a scoped key can read, or in the named site', async () => {
    const slug = `shared-${uid()}`
    const ta = await makeTag(t, a.keys.Write, a.id, 'A', slug)
    const tb = await makeTag(t, b.keys.Write, b.id, 'B', slug)
    expect(expectStatus<TagBody>(await t.as(a.keys.Read).get(`/tags/by-slug/${slug}`), 200).id).toBe(ta.id)
    expect(expectStatus<TagBody>(await t.as(b.keys.Read).get(`/tags/by-slug/${slug}`), 200).id).toBe(tb.id)
    expect(expectStatus<TagBody>(await t.as(a.keys.Read).get(`/tags/by-slug/${slug}?site_id=${a.id}`), 200).id).toBe(ta.id)
    // Naming another site does not reach it.
    expectProblem(await t.as(a.keys.Read).get(`/tags/by-slug/${slug}?site_id=${b.id}`), 404, 'NOT_FOUND')
  })

  it('asks an unscoped caller to name the site when the slug is in several sites', async () => {
    const slug = `multi-${uid()}`
    const ta = await makeTag(t, a.keys.Write, a.id, 'A', slug)
    await makeTag(t, b.keys.Write, b.id, 'B', slug)
    const ambiguous = expectProblem(await t.as(t.masterKey).get(`/tags/by-slug/${slug}`), 400, 'VALIDATION_FAILED')
    expect(ambiguous.errors?.[0]?.field).toBe('site_id')
    expect(expectStatus<TagBody>(await t.as(t.masterKey).get(`/tags/by-slug/${slug}?site_id=${a.id}`), 200).id).toBe(ta.id)
    const only = await makeTag(t, a.keys.Write, a.id)
    expect(expectStatus<TagBody>(await t.as(t.masterKey).get(`/tags/by-slug/${only.slug}`), 200).id).toBe(only.id)
  })

  it('answers 404 for unknown, deleted and other-site slugs, 400 for a bad site_id, 401 without a key', async () => {
    const tag = await makeTag(t, a.keys.Write, a.id)
    const other = await makeTag(t, b.keys.Write, b.id)
    expectProblem(await t.as(a.keys.Read).get(`/tags/by-slug/no-such-${uid()}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/tags/by-slug/${other.slug}`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/tags/${tag.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/tags/by-slug/${tag.slug}`), 404, 'NOT_FOUND')
    expect(expectProblem(await t.as(a.keys.Read).get(`/tags/by-slug/x?site_id=nope`), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('site_id')
    expectProblem(await t.as().get(`/tags/by-slug/${other.slug}`), 401, 'UNAUTHENTICATED')
  })
})

describe('PUT /tags/{id}', () => {
  it('renames keeping the slug, changes the slug, records history and tag.updated', async () => {
    const tag = await makeTag(t, a.keys.Write, a.id, 'Old name')
    const renamed = expectStatus<TagBody>(await t.as(a.keys.Write).put(`/tags/${tag.id}`, { name: 'New name' }), 200)
    expect(renamed).toMatchObject({ name: 'New name', slug: tag.slug })
    const newSlug = `moved-${uid()}`
    expect(expectStatus<TagBody>(await t.as(a.keys.Write).put(`/tags/${tag.id}`, { slug: newSlug }), 200).slug).toBe(newSlug)
    const history = await historyOf(t, 'tag', tag.id)
    expect(history.map((h) => [h.field_name, h.old_value, h.new_value])).toEqual(
      expect.arrayContaining([
        ['name', 'Old name', 'New name'],
        ['slug', tag.slug, newSlug],
      ]),
    )
    expect(await eventsFor(t, 'tag.updated', tag.id)).toHaveLength(2)
  })

  it('refuses a slug taken by a live tag (409) and accepts one freed by a deletion', async () => {
    const one = await makeTag(t, a.keys.Write, a.id)
    const two = await makeTag(t, a.keys.Write, a.id)
    expectProblem(await t.as(a.keys.Write).put(`/tags/${two.id}`, { slug: one.slug }), 409, 'CONFLICT')
    expect(expectStatus<TagBody>(await t.as(a.keys.Read).get(`/tags/${two.id}`), 200).slug).toBe(two.slug)
    expectNoContent(await t.as(a.keys.Write).delete(`/tags/${one.id}`))
    expect(expectStatus<TagBody>(await t.as(a.keys.Write).put(`/tags/${two.id}`, { slug: one.slug }), 200).slug).toBe(one.slug)
  })

  it('answers 400, 401, 403 and 404', async () => {
    const tag = await makeTag(t, a.keys.Write, a.id)
    expectProblem(await t.as(a.keys.Write).put(`/tags/${tag.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(expectProblem(await t.as(a.keys.Write).put(`/tags/${tag.id}`, { slug: '-x-' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('slug')
    expectProblem(await t.as().put(`/tags/${tag.id}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/tags/${tag.id}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/tags/${tag.id}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/tags/${MISSING_ID}`, { name: 'x' }), 404, 'NOT_FOUND')
    expect(expectStatus<TagBody>(await t.as(a.keys.Read).get(`/tags/${tag.id}`), 200).name).toBe(tag.name)
  })
})

describe('DELETE /tags/{id}', () => {
  it('soft-deletes: 404 afterwards, audited, tag.deleted, a second delete is 404', async () => {
    const tag = await makeTag(t, a.keys.Write, a.id)
    expectProblem(await t.as().delete(`/tags/${tag.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).delete(`/tags/${tag.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/tags/${tag.id}`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/tags/${tag.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/tags/${tag.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/tags/${tag.id}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).delete(`/tags/${tag.id}`), 404, 'NOT_FOUND')
    expect((await auditsOf(t, 'tag', tag.id)).map((x) => x.action)).toEqual(['Create', 'Delete'])
    expect(await eventsFor(t, 'tag.deleted', tag.id)).toHaveLength(1)
  })

  it('works for an unscoped Admin key and a site Admin key', async () => {
    const admin = await makeKey(t, 'Admin', null)
    const tag = await makeTag(t, admin.key, a.id)
    expectNoContent(await t.as(a.keys.Admin).delete(`/tags/${tag.id}`))
  })
})
