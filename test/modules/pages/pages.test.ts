import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, PageDetail } from '../../../src/modules/pages/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page as Paged } from '../../helpers/records.js'
import { addSection, createPage, localize, pageBody, writeCounts } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock
const inMs = (ms: number) => new Date(clock().now().getTime() + ms).toISOString()

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const byRoute = (site: SiteFixture, path: string, key = site.keys.Write) => t.as(key).get(`/sites/${site.id}/pages/by-route/${path}`)

describe('POST /pages', () => {
  it('creates a page (201) with every field, stores the route with a leading slash, audits and fires page.created', async () => {
    const u = uid()
    const page = expectStatus<Page>(
      await t.as(a.keys.Write).post('/pages', {
        site_ids: [a.id],
        route: `about-${u}/`,
        slug: `about-${u}`,
        page_type: 'landing',
        template: 'wide',
        is_in_navigation: true,
        navigation_order: 3,
      }),
      201,
    )
    expect(page).toMatchObject({
      site_id: a.id,
      site_ids: [a.id],
      route: `/about-${u}`,
      slug: `about-${u}`,
      page_type: 'landing',
      template: 'wide',
      is_in_navigation: true,
      navigation_order: 3,
      parent_page_id: null,
      status: 'Draft',
      published_at: null,
      publish_start: null,
      publish_end: null,
    })
    expect(Object.keys(page).sort()).toEqual(
      [
        'id',
        'content_id',
        'site_id',
        'site_ids',
        'route',
        'slug',
        'page_type',
        'template',
        'is_in_navigation',
        'navigation_order',
        'parent_page_id',
        'status',
        'published_at',
        'publish_start',
        'publish_end',
        'created_at',
        'updated_at',
      ].sort(),
    )
    expect(expectStatus<Page>(await t.as(a.keys.Read).get(`/pages/${page.id}`), 200)).toEqual(page)
    expect((await auditsOf(t, 'page', page.id)).map((r) => r.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'page.created', page.id)).toHaveLength(1)
  })

  it('defaults: page_type standard, template null, not in navigation; Published sets published_at and fires page.published', async () => {
    const page = await createPage(t, a, { status: 'Published' })
    expect(page).toMatchObject({
      page_type: 'standard',
      template: null,
      is_in_navigation: false,
      navigation_order: 0,
      status: 'Published',
      published_at: clock().now().toISOString(),
    })
    expect(await eventsFor(t, 'page.published', page.id)).toHaveLength(1)
  })

  it.each([
    ['empty', ''],
    ['..', '/docs/../secret'],
    ['.. inside a segment', '/a..b'],
    ['a query string', '/docs?x=1'],
    ['a fragment', '/docs#top'],
    ['whitespace', '/my page'],
    ['a control character', '/a\u0007b'],
    ['//', '/docs//intro'],
    ['a leading //', '//docs'],
  ])('refuses a route with %s: 400 on route, nothing written', async (_what, route) => {
    const before = await writeCounts(t)
    const body = expectProblem(await t.as(a.keys.Write).post('/pages', pageBody([a.id], { route })), 400, 'VALIDATION_FAILED')
    expect(body.errors?.map((e) => e.field)).toContain('route')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('400 for bad fields (slug, status, site_ids, parent of another site, schedule), nothing written', async () => {
    const other = await createPage(t, b)
    const before = await writeCounts(t)
    for (const [extra, field] of [
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ status: 'Live' }, 'status'],
      [{ site_ids: [] }, 'site_ids'],
      [{ parent_page_id: other.id }, 'parent_page_id'],
      [{ parent_page_id: MISSING_ID }, 'parent_page_id'],
      [{ publish_start: inMs(60_000), publish_end: inMs(1000) }, 'publish_end'],
      [{ status: 'Scheduled' }, 'publish_start'],
    ] as const) {
      const body = expectProblem(await t.as(a.keys.Write).post('/pages', { ...pageBody([a.id]), ...extra }), 400, 'VALIDATION_FAILED')
      expect(body.errors?.map((e) => e.field).join(' ')).toContain(field)
    }
    expect(await writeCounts(t)).toEqual(before)
  })

  it('401 without a key, 403 with a Read key, 404 for a site out of reach; nothing written', async () => {
    const before = await writeCounts(t)
    expectProblem(await t.as('').post('/pages', pageBody([a.id])), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post('/pages', pageBody([a.id])), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post('/pages', pageBody([a.id])), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post('/pages', pageBody([a.id, b.id])), 404, 'NOT_FOUND')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('409 for a route or slug taken in the site (trailing slash or not); another site may use them', async () => {
    const page = await createPage(t, a)
    const before = await writeCounts(t)
    expectProblem(await t.as(a.keys.Write).post('/pages', pageBody([a.id], { route: `${page.route}/` })), 409, 'CONFLICT')
    expectProblem(await t.as(a.keys.Write).post('/pages', pageBody([a.id], { route: page.route.slice(1) })), 409, 'CONFLICT')
    expectProblem(await t.as(a.keys.Write).post('/pages', pageBody([a.id], { slug: page.slug })), 409, 'CONFLICT')
    expect(await writeCounts(t)).toEqual(before)
    await createPage(t, b, { route: page.route, slug: page.slug })
  })

  it('shared pages: a route taken in any carrying site is a 409; the route is free again after delete', async () => {
    const inB = await createPage(t, b)
    expectProblem(await t.as(t.masterKey).post('/pages', pageBody([a.id, b.id], { route: inB.route })), 409, 'CONFLICT')
    const shared = expectStatus<Page>(await t.as(t.masterKey).post('/pages', pageBody([a.id, b.id])), 201)
    expect(shared.site_ids).toEqual([a.id, b.id])
    // B cannot create its own page on the shared page's route, nor move one there.
    expectProblem(await t.as(b.keys.Write).post('/pages', pageBody([b.id], { route: shared.route })), 409, 'CONFLICT')
    expectProblem(await t.as(b.keys.Write).put(`/pages/${inB.id}`, { route: shared.route }), 409, 'CONFLICT')
    // Readable through B, writable only on the owner.
    expectStatus(await t.as(b.keys.Read).get(`/pages/${shared.id}`), 200)
    expectProblem(await t.as(b.keys.Master).put(`/pages/${shared.id}`, { template: 'x' }), 403, 'FORBIDDEN')
    expectNoContent(await t.as(a.keys.Master).delete(`/pages/${shared.id}`))
    await createPage(t, b, { route: shared.route })
  })
})

describe('GET /sites/{site_id}/pages/by-route/{route}', () => {
  let docs: Page
  let home: Page
  let site: SiteFixture
  beforeAll(async () => {
    site = await makeSite(t)
    home = await createPage(t, site, { route: '/', slug: 'home', status: 'Published' })
    docs = await createPage(t, site, { route: '/docs/intro', slug: 'intro', status: 'Published' })
    const section = await addSection(t, site, docs.id, { section_type: 'hero', settings: { align: 'left' } })
    expect((await localize(t, site, section.id, { locale: 'en', title: 'Intro', text: '# Hi', button_text: 'Go' })).status).toBe(201)
  })

  it('finds nested routes as one encoded segment or several segments, with or without a trailing slash', async () => {
    for (const path of ['docs%2Fintro', 'docs/intro', 'docs/intro/', 'docs%2Fintro%2F', '%2Fdocs%2Fintro']) {
      const got = expectStatus<PageDetail>(await byRoute(site, path, site.keys.Read), 200)
      expect(got.id, path).toBe(docs.id)
    }
  })

  it('answers the page with its sections and their localizations', async () => {
    const got = expectStatus<PageDetail>(await byRoute(site, 'docs/intro', site.keys.Read), 200)
    expect(got.sections).toHaveLength(1)
    expect(got.sections[0]).toMatchObject({
      section_type: 'hero',
      settings: { align: 'left' },
      localizations: [{ title: 'Intro', text: '# Hi', button_text: 'Go' }],
    })
  })

  it('finds the home page by %2F', async () => {
    expect(expectStatus<PageDetail>(await byRoute(site, '%2F', site.keys.Read), 200).id).toBe(home.id)
  })

  it('404 for an unknown route, a route of another site, and through another site; 400 for a route no page can have', async () => {
    expectProblem(await byRoute(site, 'docs/other'), 404, 'NOT_FOUND')
    expectProblem(await byRoute(a, 'docs/intro'), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${site.id}/pages/by-route/docs/intro`), 404, 'NOT_FOUND')
    expectProblem(await byRoute(site, 'a%20b'), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as('').get(`/sites/${site.id}/pages/by-route/docs/intro`), 401, 'UNAUTHENTICATED')
  })

  it('Read keys get only live pages; Write keys preview any status', async () => {
    const draft = await createPage(t, site, { route: '/draft' })
    const scheduled = await createPage(t, site, { route: '/later', status: 'Published', publish_start: inMs(3_600_000) })
    expect(scheduled.status).toBe('Scheduled')
    const ended = await createPage(t, site, { route: '/ended', status: 'Published', publish_end: inMs(60_000) })
    for (const p of [draft, scheduled]) {
      expectProblem(await byRoute(site, p.route.slice(1), site.keys.Read), 404, 'NOT_FOUND')
      expect(expectStatus<PageDetail>(await byRoute(site, p.route.slice(1), site.keys.Write), 200).id).toBe(p.id)
    }
    expect(expectStatus<PageDetail>(await byRoute(site, 'ended', site.keys.Read), 200).id).toBe(ended.id)
    clock().advance(120_000)
    // publish_end passed: gone for Read keys without a write (the cached answer expires with it).
    expectProblem(await byRoute(site, 'ended', site.keys.Read), 404, 'NOT_FOUND')
    expect(expectStatus<PageDetail>(await byRoute(site, 'ended', site.keys.Write), 200).id).toBe(ended.id)
  })

  it('a deleted page is 404 by route and by id', async () => {
    const page = await createPage(t, site, { status: 'Published' })
    expectNoContent(await t.as(site.keys.Write).delete(`/pages/${page.id}`))
    expectProblem(await byRoute(site, page.route.slice(1)), 404, 'NOT_FOUND')
    expectProblem(await t.as(site.keys.Write).get(`/pages/${page.id}`), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/pages and GET /pages/{id}', () => {
  it('lists the live pages the site carries (shared ones too), by route, any status, paginated; filter by status', async () => {
    const site = await makeSite(t)
    const z = await createPage(t, site, { route: '/z' })
    const m = await createPage(t, site, { route: '/m', status: 'Published' })
    const gone = await createPage(t, site, { route: '/gone' })
    expectNoContent(await t.as(site.keys.Write).delete(`/pages/${gone.id}`))
    const shared = expectStatus<Page>(await t.as(t.masterKey).post('/pages', pageBody([a.id, site.id], { route: '/a-shared' })), 201)
    const list = expectStatus<Paged<Page>>(await t.as(site.keys.Read).get(`/sites/${site.id}/pages`), 200)
    expect(list.data.map((p) => p.id)).toEqual([shared.id, m.id, z.id])
    expect(list.meta.total).toBe(3)
    const paged = expectStatus<Paged<Page>>(await t.as(site.keys.Read).get(`/sites/${site.id}/pages?per_page=1&page=2`), 200)
    expect(paged.data.map((p) => p.id)).toEqual([m.id])
    const published = expectStatus<Paged<Page>>(await t.as(site.keys.Read).get(`/sites/${site.id}/pages?status=Published`), 200)
    expect(published.data.map((p) => p.id)).toEqual([m.id])
    expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/pages?per_page=101`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${site.id}/pages`), 404, 'NOT_FOUND')
  })

  it("GET /pages/{id}: 404 for another site's key, unknown and deleted ids", async () => {
    const page = await createPage(t, a)
    expectProblem(await t.as(b.keys.Master).get(`/pages/${page.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/pages/${MISSING_ID}`), 404, 'NOT_FOUND')
  })
})

describe('PUT /pages/{id} and DELETE /pages/{id}', () => {
  it('updates fields and the route (old route free, new one found), records history, fires page.updated', async () => {
    const page = await createPage(t, a)
    const moved = `/moved/${uid()}`
    const after = expectStatus<Page>(await t.as(a.keys.Write).put(`/pages/${page.id}`, { route: `${moved}/`, template: 'narrow', is_in_navigation: true }), 200)
    expect(after).toMatchObject({ route: moved, template: 'narrow', is_in_navigation: true })
    expectProblem(await byRoute(a, page.route.slice(1)), 404, 'NOT_FOUND')
    expect(expectStatus<PageDetail>(await byRoute(a, moved.slice(1)), 200).id).toBe(page.id)
    const fields = (await historyOf(t, 'page', page.id)).map((h) => h.field_name).sort()
    expect(fields).toEqual(['is_in_navigation', 'route', 'template'])
    expect(await eventsFor(t, 'page.updated', page.id)).toHaveLength(1)
    // The old route can be taken by another page now.
    await createPage(t, a, { route: page.route })
  })

  it('400 (bad route, self or descendant parent, empty body), 401, 403, 404; nothing changes', async () => {
    const parent = await createPage(t, a)
    const child = await createPage(t, a, { parent_page_id: parent.id })
    const before = await writeCounts(t)
    for (const [body, field] of [
      [{ route: '/x/../y' }, 'route'],
      [{ parent_page_id: parent.id }, 'parent_page_id'],
      [{}, ''],
    ] as const) {
      const res = expectProblem(
        await t
          .as(a.keys.Write)
          .put(`/pages/${field === 'parent_page_id' ? parent.id : child.id}`, field === 'parent_page_id' ? { parent_page_id: parent.id } : body),
        400,
        'VALIDATION_FAILED',
      )
      if (field) expect(res.errors?.map((e) => e.field)).toContain(field)
    }
    expectProblem(await t.as(a.keys.Write).put(`/pages/${parent.id}`, { parent_page_id: child.id }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as('').put(`/pages/${child.id}`, { template: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/pages/${child.id}`, { template: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/pages/${child.id}`, { template: 'x' }), 404, 'NOT_FOUND')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('DELETE: 204, soft delete, children become top-level; 404 again; audited with page.deleted', async () => {
    const parent = await createPage(t, a)
    const child = await createPage(t, a, { parent_page_id: parent.id })
    expectProblem(await t.as(a.keys.Read).delete(`/pages/${parent.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/pages/${parent.id}`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/pages/${parent.id}`))
    expectProblem(await t.as(a.keys.Write).delete(`/pages/${parent.id}`), 404, 'NOT_FOUND')
    expect(expectStatus<Page>(await t.as(a.keys.Read).get(`/pages/${child.id}`), 200).parent_page_id).toBeNull()
    expect(await eventsFor(t, 'page.deleted', parent.id)).toHaveLength(1)
    expect((await auditsOf(t, 'page', parent.id)).map((r) => r.action)).toEqual(['Create', 'Delete'])
  })
})

describe('taxonomy on pages (pageContentKind)', () => {
  it("tags and categories assign to a page's content_id and fire page.updated with the page", async () => {
    const page = await createPage(t, a)
    const tag = expectStatus<{ id: string }>(await t.as(a.keys.Write).post('/tags', { site_id: a.id, name: `Tag ${uid()}` }), 201)
    expectNoContent(await t.as(a.keys.Write).post(`/content/${page.content_id}/tags`, { tag_id: tag.id }))
    expect(expectStatus<Array<{ id: string }>>(await t.as(a.keys.Read).get(`/content/${page.content_id}/tags`), 200).map((x) => x.id)).toEqual([tag.id])
    const events = await eventsFor(t, 'page.updated', page.id)
    expect(events).toHaveLength(1)
    expect((events[0]!.payload as { data: Page }).data).toMatchObject({ id: page.id, route: page.route })
  })
})
