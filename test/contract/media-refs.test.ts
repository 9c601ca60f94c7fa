import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../src/db/schema/audit.js'
import { mediaRefPaths } from '../../src/core/media-refs.js'
import type { TestApp } from '../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../helpers/http.js'
import { collectRoutes, type CollectedRoutes } from '../helpers/routes.js'

/*
 * Issue 31 item 4 (decisions.md "Content"): every media id a body names must be a live media record the record's
 * owning site may use (its own, or a global one); anything else is one 400 naming the field. The cases are generated
 * from the route table: every route whose body schema marks a field with MediaRef(), every such field (nested arrays
 * included). A new marked route without a fixture here fails the first test.
 */

let collected: CollectedRoutes
let t: TestApp
let a: SiteFixture
let b: SiteFixture
const m = { own: '', foreign: '', foreignGlobal: '', deleted: '', random: '' }

interface Target {
  url: string
  body: Record<string, unknown>
}
/** How to aim a valid request of each marked route at site `s` (records it needs are created here). */
const fixtures: Record<string, (s: SiteFixture) => Promise<Target>> = {
  'POST /api/v1/blogs': () => Promise.resolve({ url: '/blogs', body: { site_ids: [a.id], slug: `b-${uid()}` } }),
  'PUT /api/v1/blogs/:id': async (s) => {
    const blog = expectStatus<{ id: string }>(await t.as(s.keys.Write).post('/blogs', { site_ids: [s.id], slug: `b-${uid()}` }), 201)
    return { url: `/blogs/${blog.id}`, body: {} }
  },
  'POST /api/v1/pages': (s) =>
    Promise.resolve({
      url: '/pages',
      body: { site_ids: [s.id], route: `/p-${uid()}`, slug: `p-${uid()}`, sections: [{ section_type: 'hero' }, { section_type: 'text' }] },
    }),
  'POST /api/v1/pages/:page_id/sections': async (s) => ({ url: `/pages/${(await newPage(s)).id}/sections`, body: { section_type: 'hero' } }),
  'PUT /api/v1/pages/sections/:id': async (s) => {
    const page = await newPage(s)
    const section = expectStatus<{ id: string }>(await t.as(s.keys.Write).post(`/pages/${page.id}/sections`, { section_type: 'hero' }), 201)
    return { url: `/pages/sections/${section.id}`, body: {} }
  },
}

async function newPage(s: SiteFixture): Promise<{ id: string }> {
  return expectStatus<{ id: string }>(await t.as(s.keys.Write).post('/pages', { site_ids: [s.id], route: `/p-${uid()}`, slug: `p-${uid()}` }), 201)
}

async function externalMedia(s: SiteFixture, extra: Record<string, unknown> = {}, key = s.keys.Write): Promise<string> {
  const body = { site_id: s.id, url: `https://cdn.example/${uid()}.png`, mime_type: 'image/png', ...extra }
  return expectStatus<{ id: string }>(await t.as(key).post('/media', body), 201).id
}

beforeAll(async () => {
  collected = await collectRoutes()
  t = collected.t
  a = await makeSite(t)
  b = await makeSite(t)
  m.own = await externalMedia(a)
  m.foreign = await externalMedia(b)
  m.foreignGlobal = await externalMedia(b, { is_global: true }, b.keys.Master)
  m.deleted = await externalMedia(a)
  expect((await t.as(a.keys.Write).delete(`/media/${m.deleted}`)).statusCode).toBe(204)
  m.random = '3f1c2a9e-7b6d-4c1e-9f0a-2b3c4d5e6f70'
})
afterAll(() => collected.close())

/** Every marked (route, field): the route's key and the paths of its marked fields. */
function markedRoutes(): Array<{ route: string; method: string; paths: string[][] }> {
  const out: Array<{ route: string; method: string; paths: string[][] }> = []
  for (const r of collected.api) {
    const paths = mediaRefPaths(r.schema?.body).map((p) => [...p])
    const method = String(r.method)
    if (paths.length > 0) out.push({ route: `${method} ${r.url}`, method, paths })
  }
  return out
}

/** A copy of `body` with `value` at `path` ('[]': in every item of that array, which the fixture provides). */
function withValue(body: Record<string, unknown>, path: string[], value: string): { body: Record<string, unknown>; field: string } {
  const copy = structuredClone(body)
  let level: Array<[Record<string, unknown>, string]> = [[copy, '']]
  const fields: string[] = []
  path.forEach((seg, i) => {
    const last = i === path.length - 1
    const next: Array<[Record<string, unknown>, string]> = []
    for (const [obj, at] of level) {
      if (seg === '[]') continue
      const name = at ? `${at}.${seg}` : seg
      if (last) {
        obj[seg] = value
        fields.push(name)
      } else if (path[i + 1] === '[]') {
        const items = obj[seg] as Array<Record<string, unknown>>
        items.forEach((item, j) => next.push([item, `${name}.${j}`]))
      } else {
        obj[seg] ??= {}
        next.push([obj[seg] as Record<string, unknown>, name])
      }
    }
    if (seg !== '[]') level = next
  })
  return { body: copy, field: fields[0] as string }
}

const auditCount = async () => (await t.dbh.db.select({ n: count() }).from(auditLogs))[0]?.n ?? 0

function send(method: string, url: string, body: unknown, key: string): Promise<Res> {
  return t.app.inject({ method: method as 'POST' | 'PUT', url: `/api/v1${url}`, headers: { 'x-api-key': key }, payload: body as object })
}

describe('media references (generated from the route table)', () => {
  it('finds the marked routes and fields, and each has a fixture', () => {
    const marked = markedRoutes()
    const fields = marked.flatMap((r) => r.paths.map((p) => `${r.route} ${p.join('.')}`))
    expect(fields).toEqual(
      expect.arrayContaining([
        'POST /api/v1/blogs cover_image_id',
        'POST /api/v1/blogs header_image_id',
        'PUT /api/v1/blogs/:id cover_image_id',
        'PUT /api/v1/blogs/:id header_image_id',
        'POST /api/v1/pages sections.[].cover_image_id',
        'POST /api/v1/pages/:page_id/sections cover_image_id',
        'PUT /api/v1/pages/sections/:id cover_image_id',
      ]),
    )
    expect(marked.map((r) => r.route).filter((r) => !fixtures[r])).toEqual([])
  })

  it("for every marked field: another site's, a random and a deleted media id are one 400 naming the field, nothing stored; own and global media are accepted", async () => {
    const seen: string[] = []
    for (const { route, method, paths } of markedRoutes()) {
      const fixture = fixtures[route]
      if (!fixture) continue
      for (const path of paths) {
        const answers: string[] = []
        for (const bad of [m.foreign, m.random, m.deleted]) {
          const target = await fixture(a)
          const { body, field } = withValue(target.body, path, bad)
          const before = await auditCount()
          const p = expectProblem(await send(method, target.url, body, a.keys.Write), 400, 'VALIDATION_FAILED')
          expect(p.errors?.[0]?.field, `${route} ${field}`).toBe(field)
          answers.push(JSON.stringify(p.errors))
          expect(await auditCount(), `${route} ${field}: nothing written`).toBe(before)
        }
        // Another site's media and an id that is no media at all are answered alike.
        expect(new Set(answers).size, route).toBe(1)
        for (const good of [m.own, m.foreignGlobal]) {
          const target = await fixture(a)
          const { body } = withValue(target.body, path, good)
          const res = await send(method, target.url, body, a.keys.Write)
          expect([200, 201], `${route} ${path.join('.')}: ${res.body}`).toContain(res.statusCode)
        }
        seen.push(`${route} ${path.join('.')}`)
      }
    }
    expect(seen.length).toBeGreaterThanOrEqual(7)
  })
})

describe('shared content: the owning site decides', () => {
  it("a blog of sites [a, b] may name a's media, not b's (create and update)", async () => {
    const master = t.masterKey
    expectProblem(await t.as(master).post('/blogs', { site_ids: [a.id, b.id], slug: `s-${uid()}`, cover_image_id: m.foreign }), 400, 'VALIDATION_FAILED')
    const blog = expectStatus<{ id: string; cover_image_id: string }>(
      await t.as(master).post('/blogs', { site_ids: [a.id, b.id], slug: `s-${uid()}`, cover_image_id: m.own }),
      201,
    )
    expect(blog.cover_image_id).toBe(m.own)
    const p = expectProblem(await t.as(master).put(`/blogs/${blog.id}`, { header_image_id: m.foreign }), 400, 'VALIDATION_FAILED')
    expect(p.errors?.[0]?.field).toBe('header_image_id')
    // Owned by b, carried by a: b's media, not a's.
    const other = expectStatus<{ id: string }>(
      await t.as(master).post('/blogs', { site_ids: [b.id, a.id], slug: `s-${uid()}`, cover_image_id: m.foreign }),
      201,
    )
    expectProblem(await t.as(master).put(`/blogs/${other.id}`, { cover_image_id: m.own }), 400, 'VALIDATION_FAILED')
  })

  it('null clears a reference without a check', async () => {
    const blog = expectStatus<{ id: string }>(await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `n-${uid()}`, cover_image_id: m.own }), 201)
    const res = expectStatus<{ cover_image_id: string | null }>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { cover_image_id: null }), 200)
    expect(res.cover_image_id).toBeNull()
  })
})

describe('media named by a content template', () => {
  const template = async (data: Record<string, unknown>, contentType = 'blog') =>
    expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/content-templates`, { name: `t-${uid()}`, content_type: contentType, template_data: data }),
      201,
    ).id

  it("a blog or page created from a template: the template's media must be usable by the owning site too", async () => {
    const before = await auditCount()
    const bad = await template({ cover_image_id: m.foreign })
    const p = expectProblem(await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `tp-${uid()}`, template_id: bad }), 400, 'VALIDATION_FAILED')
    expect(p.errors?.[0]?.field).toBe('template_data.cover_image_id')
    const badPage = await template({ sections: [{ section_type: 'hero', cover_image_id: m.random }] }, 'page')
    const q = expectProblem(
      await t.as(a.keys.Write).post('/pages', { site_ids: [a.id], route: `/tp-${uid()}`, slug: `tp-${uid()}`, template_id: badPage }),
      400,
      'VALIDATION_FAILED',
    )
    expect(q.errors?.[0]?.field).toBe('template_data.sections.0.cover_image_id')
    expect(await auditCount()).toBe(before + 2)
    const good = await template({ header_image_id: m.foreignGlobal })
    const blog = expectStatus<{ header_image_id: string }>(
      await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `tp-${uid()}`, template_id: good }),
      201,
    )
    expect(blog.header_image_id).toBe(m.foreignGlobal)
  })
})
