import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previews as previewTable } from '../../../src/db/schema/previews.js'
import { redactUrl } from '../../../src/http/logging.js'
import { deleteExpired } from '../../../src/modules/previews/service.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, expectNoContent } from '../../helpers/records.js'
import { createBlog, locId } from '../blogs/fixtures.js'
import { addSection, createPage, localize } from '../pages/fixtures.js'

interface Created {
  id: string
  token: string
  type: 'blog' | 'page'
  record_id: string
  locale: string | null
  expires_at: string
  url: string | null
}
interface Listed {
  id: string
  site_id: string
  type: string
  record_id: string
  locale: string | null
  expires_at: string
  created_at: string
}
interface PreviewAnswer {
  type: string
  locale: string | null
  expires_at: string
  data: { id: string; status: string; localizations?: Array<{ title: string }>; sections?: Array<{ localizations: Array<{ title: string | null }> }> }
}

let t: TestApp
let a: SiteFixture
let b: SiteFixture
let clock: ManualClock

beforeAll(async () => {
  t = await testApp()
  clock = t.clock as ManualClock
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

/** A draft blog of `site` with an English title. */
const draftBlog = (site: SiteFixture, title = `Draft ${uid()}`, siteIds = [site.id], key = site.keys.Write) =>
  createBlog(t, site, { status: 'Draft', localizations: [{ locale_id: locId(site, 'en'), title, body: 'Draft words' }] }, key, siteIds)

const createPreview = async (site: SiteFixture, body: Record<string, unknown>, key = site.keys.Write) =>
  expectStatus<Created>(await t.as(key).post(`/sites/${site.id}/previews`, body), 201)

const readWith = (token: string, headers: Record<string, string> = {}) => t.as().get('/preview', { 'x-preview-token': token, ...headers })

/** The one 404 every failing token gets: compared whole, so no failure can be told from another. */
let unknownAnswer: unknown
const problemOf = (res: Res) => {
  const body = expectProblem(res, 404, 'NOT_FOUND') as Record<string, unknown>
  return { ...body }
}
const expectSame404 = (res: Res) => {
  expect(problemOf(res)).toEqual(unknownAnswer)
  expect(res.headers['cache-control']).toBe('no-store')
}

beforeAll(async () => {
  unknownAnswer = problemOf(await readWith(`prv_${'A'.repeat(43)}`))
})

describe('site settings preview_url', () => {
  it('is null by default, takes an http(s) template with {token}, and null clears it', async () => {
    const s = await makeSite(t)
    expect(expectStatus<{ preview_url: string | null }>(await t.as(s.keys.Read).get(`/sites/${s.id}/settings`), 200).preview_url).toBeNull()
    const template = 'https://blog.example.com/api/preview?token={token}&path={path}'
    const set = expectStatus<{ preview_url: string }>(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { preview_url: template }), 200)
    expect(set.preview_url).toBe(template)
    expect(expectStatus<{ preview_url: string }>(await t.as(s.keys.Read).get(`/sites/${s.id}/settings`), 200).preview_url).toBe(template)
    const cleared = expectStatus<{ preview_url: null }>(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { preview_url: null }), 200)
    expect(cleared.preview_url).toBeNull()
  })

  it('answers 400 naming preview_url without {token}, for a non-http(s) or relative URL, and changes nothing', async () => {
    const s = await makeSite(t)
    for (const preview_url of [
      'https://blog.example.com/api/preview?path={path}',
      'ftp://blog.example.com/?token={token}',
      '/api/preview?token={token}',
      'javascript:alert(1)//{token}',
      'https://blog.example.com/a b?token={token}',
      '',
      42,
    ]) {
      const problem = expectProblem(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { preview_url }), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        String(preview_url),
      ).toContain('preview_url')
    }
    expect(expectStatus<{ preview_url: null }>(await t.as(s.keys.Read).get(`/sites/${s.id}/settings`), 200).preview_url).toBeNull()
    expectProblem(await t.as(s.keys.Write).put(`/sites/${s.id}/settings`, { preview_url: 'https://x.example/{token}' }), 403, 'FORBIDDEN')
  })
})

describe('POST /sites/{site_id}/previews', () => {
  it('creates a token shown once, stores only its digest, fills the URL template and audits without the token', async () => {
    const s = await makeSite(t)
    await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, {
      preview_url: 'https://front.example.com/api/preview?token={token}&type={type}&id={id}&slug={slug}&route={route}&path={path}&locale={locale}',
      post_path: '/blog/{slug}/',
    })
    const title = `Night trains ${uid()}`
    const blog = await draftBlog(s, title)
    const before = clock.now().getTime()
    const p = await createPreview(s, { type: 'blog', id: blog.id })
    expect(p.token).toMatch(/^prv_[A-Za-z0-9_-]{43}$/)
    expect(p).toMatchObject({ type: 'blog', record_id: blog.id, locale: 'en' })
    expect(new Date(p.expires_at).getTime()).toBe(before + 3600_000)
    const url = new URL(p.url as string)
    expect(url.origin + url.pathname).toBe('https://front.example.com/api/preview')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: p.token,
      type: 'blog',
      id: blog.id,
      slug: blog.slug,
      route: '',
      path: `/blog/${blog.slug}/`,
      locale: 'en',
    })
    // URL-encoded: the path's slashes are %2F in the query.
    expect(p.url).toContain(`path=%2Fblog%2F${blog.slug}%2F`)

    const [row] = await t.dbh.db.select().from(previewTable).where(eq(previewTable.id, p.id))
    expect(row?.token_digest).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(p.token)
    const audits = await auditsOf(t, 'preview', p.id)
    expect(audits.map((x) => x.action)).toEqual(['Create'])
    expect(JSON.stringify(audits)).not.toContain(p.token)
    expect(JSON.stringify(audits)).not.toContain(row?.token_digest)
    expect(audits[0]?.metadata).toMatchObject({ type: 'blog', record_id: blog.id })
    // Named by the previewed post's title, so the log says what was shared.
    expect(audits[0]?.record_label).toBe(title)

    const listed = expectStatus<Listed[]>(await t.as(s.keys.Write).get(`/sites/${s.id}/previews`), 200)
    expect(listed).toEqual([
      { id: p.id, site_id: s.id, type: 'blog', record_id: blog.id, locale: 'en', expires_at: p.expires_at, created_at: expect.any(String) },
    ])
    expect(JSON.stringify(listed)).not.toContain(p.token)
  })

  it('takes a locale of the site and a lifetime; url is null without a preview_url; answers no-store', async () => {
    const page = await createPage(t, a, { route: `/docs/${uid()}` })
    const res = await t.as(a.keys.Write).post(`/sites/${a.id}/previews`, { type: 'page', id: page.id, locale: 'de', expires_in: 604_800 })
    const p = expectStatus<Created>(res, 201)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(p).toMatchObject({ type: 'page', record_id: page.id, locale: 'de', url: null })
    expect(new Date(p.expires_at).getTime()).toBe(clock.now().getTime() + 604_800_000)
    const short = await createPreview(a, { type: 'page', id: page.id, expires_in: 60 })
    expect(new Date(short.expires_at).getTime()).toBe(clock.now().getTime() + 60_000)
  })

  it('fills {route} and {path} of a page with its route', async () => {
    const s = await makeSite(t)
    await t
      .as(s.keys.Admin)
      .put(`/sites/${s.id}/settings`, { preview_url: 'http://127.0.0.1:4321/api/preview?token={token}&path={path}&route={route}&slug={slug}' })
    const page = await createPage(t, s, { route: '/docs/intro', slug: 'intro' })
    const p = await createPreview(s, { type: 'page', id: page.id })
    const url = new URL(p.url as string)
    expect(url.searchParams.get('path')).toBe('/docs/intro')
    expect(url.searchParams.get('route')).toBe('/docs/intro')
    expect(url.searchParams.get('slug')).toBe('intro')
    // A preview of a page is named by the page's slug, when made and when revoked.
    expectNoContent(await t.as(s.keys.Write).delete(`/previews/${p.id}`))
    expect((await auditsOf(t, 'preview', p.id)).map((x) => [x.action, x.record_label])).toEqual([
      ['Create', 'intro'],
      ['Revoke', 'intro'],
    ])
  })

  it('answers 400 for bad input and creates nothing', async () => {
    const blog = await draftBlog(a)
    const count = async () => (await t.dbh.db.select().from(previewTable).where(eq(previewTable.record_id, blog.id))).length
    const cases: Array<[unknown, string]> = [
      [{ type: 'blog', id: blog.id, expires_in: 59 }, 'expires_in'],
      [{ type: 'blog', id: blog.id, expires_in: 604_801 }, 'expires_in'],
      [{ type: 'blog', id: blog.id, expires_in: 0 }, 'expires_in'],
      [{ type: 'blog', id: blog.id, expires_in: 90.5 }, 'expires_in'],
      [{ type: 'blog', id: blog.id, expires_in: '3600' }, 'expires_in'],
      [{ type: 'skill', id: blog.id }, 'type'],
      [{ id: blog.id }, 'type'],
      [{ type: 'blog', id: 'abc' }, 'id'],
      [{ type: 'blog' }, 'id'],
      [{ type: 'blog', id: blog.id, locale: 'fr' }, 'locale'],
      [{ type: 'blog', id: blog.id, locale: 'not a locale!' }, 'locale'],
    ]
    for (const [body, field] of cases) {
      const problem = expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/previews`, body), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field)
    }
    expect(await count()).toBe(0)
  })

  it('needs Author on the record: 404 when the caller cannot read it, 403 when it can read but not edit', async () => {
    const blog = await draftBlog(a)
    const page = await createPage(t, a)
    // Read key of the record's site: it can read it, not edit it.
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/previews`, { type: 'blog', id: blog.id }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/previews`, { type: 'page', id: page.id }), 403, 'FORBIDDEN')
    // Another site's records, through the caller's own site: it cannot read them.
    expectProblem(await t.as(b.keys.Master).post(`/sites/${b.id}/previews`, { type: 'blog', id: blog.id }), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).post(`/sites/${b.id}/previews`, { type: 'blog', id: blog.id }), 404, 'NOT_FOUND')
    // Another site's path: out of reach.
    expectProblem(await t.as(b.keys.Master).post(`/sites/${a.id}/previews`, { type: 'blog', id: blog.id }), 404, 'NOT_FOUND')
    // A record the site does not carry, even for an unscoped caller.
    expectProblem(await t.as(t.masterKey).post(`/sites/${b.id}/previews`, { type: 'blog', id: blog.id }), 404, 'NOT_FOUND')
    // The type must match the record.
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/previews`, { type: 'page', id: blog.id }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/previews`, { type: 'blog', id: MISSING_ID }), 404, 'NOT_FOUND')
    expectProblem(await t.as().post(`/sites/${a.id}/previews`, { type: 'blog', id: blog.id }), 401, 'UNAUTHENTICATED')
    // Shared: owned by A, carried by B. B's writers can read it through B but not edit it.
    const shared = await draftBlog(a, 'Shared', [a.id, b.id], t.masterKey)
    expectProblem(await t.as(b.keys.Master).post(`/sites/${b.id}/previews`, { type: 'blog', id: shared.id }), 403, 'FORBIDDEN')
    const viaB = await createPreview(b, { type: 'blog', id: shared.id }, t.masterKey)
    expect(viaB.record_id).toBe(shared.id)
    expect((await t.dbh.db.select().from(previewTable).where(eq(previewTable.record_id, blog.id))).length).toBe(0)
  })
})

describe('GET /preview', () => {
  it('answers the draft exactly as the delivery read does, latest saved state, with no-store and noindex', async () => {
    const blog = await draftBlog(a, 'First title')
    // A Read key (a public frontend) cannot see the draft by slug.
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 404, 'NOT_FOUND')
    const p = await createPreview(a, { type: 'blog', id: blog.id })
    const res = await readWith(p.token)
    const got = expectStatus<PreviewAnswer>(res, 200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-robots-tag']).toBe('noindex')
    const delivered = expectStatus<unknown>(await t.as(a.keys.Write).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 200)
    expect(got).toEqual({ type: 'blog', locale: 'en', expires_at: p.expires_at, data: delivered })
    expect(got.data.localizations?.[0]?.title).toBe('First title')

    // A save shows at once (never older than the last committed save).
    const loc = expectStatus<Array<{ id: string }>>(await t.as(a.keys.Write).get(`/blogs/${blog.id}/localizations`), 200)[0]!
    expectStatus(await t.as(a.keys.Write).put(`/blogs/localizations/${loc.id}`, { title: 'Second title' }), 200)
    expect(expectStatus<PreviewAnswer>(await readWith(p.token), 200).data.localizations?.[0]?.title).toBe('Second title')
    // ?token= works too.
    expect(expectStatus<PreviewAnswer>(await t.as().get(`/preview?token=${p.token}`), 200).data.id).toBe(blog.id)
    // Outside its publish window it still shows.
    expectStatus(
      await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Published', publish_end: new Date(clock.now().getTime() - 1000).toISOString() }),
      200,
    )
    expect(expectStatus<PreviewAnswer>(await readWith(p.token), 200).data.status).toBe('Published')
  })

  it('answers a page with its sections, as by-route does', async () => {
    const page = await createPage(t, a, { route: `/guide/${uid()}` })
    const section = await addSection(t, a, page.id)
    await localize(t, a, section.id, { locale: 'en', title: 'Section one' })
    const p = await createPreview(a, { type: 'page', id: page.id })
    const got = expectStatus<PreviewAnswer>(await readWith(p.token), 200)
    const delivered = expectStatus<unknown>(await t.as(a.keys.Write).get(`/sites/${a.id}/pages/by-route/${encodeURIComponent(page.route.slice(1))}`), 200)
    expect(got).toEqual({ type: 'page', locale: 'en', expires_at: p.expires_at, data: delivered })
    await localize(t, a, section.id, { locale: 'en', title: 'Section two' })
    expect(expectStatus<PreviewAnswer>(await readWith(p.token), 200).data.sections?.[0]?.localizations[0]?.title).toBe('Section two')
  })

  it("grants that one record only, never as a key, never beyond a Read key's rights, never another site's frontend", async () => {
    const blog = await draftBlog(a)
    const other = await draftBlog(a)
    const p = await createPreview(a, { type: 'blog', id: blog.id })
    // The token is no API key, nor a bearer token.
    expectProblem(await t.as(p.token).get(`/sites/${a.id}/blogs/by-slug/${other.slug}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().get(`/blogs/${other.id}`, { authorization: `Bearer ${p.token}` }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().get(`/blogs/${blog.id}`, { 'x-preview-token': p.token }), 401, 'UNAUTHENTICATED')
    // Parameters cannot point it elsewhere.
    expect(expectStatus<PreviewAnswer>(await t.as().get(`/preview?token=${p.token}&id=${other.id}&slug=${other.slug}`), 200).data.id).toBe(blog.id)
    // Sent with the site's Read key: the record, and the Read key still sees no draft.
    expect(expectStatus<PreviewAnswer>(await readWith(p.token, { 'x-api-key': a.keys.Read }), 200).data.id).toBe(blog.id)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`, { 'x-preview-token': p.token }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${other.slug}`, { 'x-preview-token': p.token }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).put(`/blogs/${blog.id}`, { author: 'Mallory' }, { 'x-preview-token': p.token }), 403, 'FORBIDDEN')
    // Sent by another site's frontend (its key), or with a key that does not authenticate: the same 404.
    expectSame404(await readWith(p.token, { 'x-api-key': b.keys.Read }))
    expectSame404(await readWith(p.token, { 'x-api-key': `atr_${'x'.repeat(43)}` }))
    // Rate-limited per client address like unauthenticated calls, not on the key's budget.
    const res = await readWith(p.token, { 'x-api-key': a.keys.Read })
    expect(res.headers['ratelimit-limit']).toBe(String(t.config.rateLimitPerIp))
  })

  it('answers the same 404 for unknown, malformed, missing, expired and revoked tokens and deleted records or sites', async () => {
    expectSame404(await readWith(`prv_${'B'.repeat(43)}`))
    expectSame404(await readWith('prv_short'))
    expectSame404(await readWith(`atr_${'A'.repeat(43)}`))
    expectSame404(await t.as().get('/preview'))
    expectSame404(await t.as().get('/preview?token='))

    // Expired: valid for its lifetime, then gone.
    const blog = await draftBlog(a)
    const short = await createPreview(a, { type: 'blog', id: blog.id, expires_in: 60 })
    clock.advance(59_000)
    expectStatus(await readWith(short.token), 200)
    clock.advance(1_000)
    expectSame404(await readWith(short.token))
    const listed = expectStatus<Listed[]>(await t.as(a.keys.Write).get(`/sites/${a.id}/previews?record_id=${blog.id}`), 200)
    expect(listed).toEqual([])

    // Revoked: gone at once, audited; revoking again is 404.
    const p = await createPreview(a, { type: 'blog', id: blog.id })
    expectStatus(await readWith(p.token), 200)
    expectNoContent(await t.as(a.keys.Write).delete(`/previews/${p.id}`))
    expectSame404(await readWith(p.token))
    expectProblem(await t.as(a.keys.Write).delete(`/previews/${p.id}`), 404, 'NOT_FOUND')
    expect((await auditsOf(t, 'preview', p.id)).map((x) => x.action)).toEqual(['Create', 'Revoke'])

    // The record deleted.
    const doomed = await draftBlog(a)
    const q = await createPreview(a, { type: 'blog', id: doomed.id })
    expectNoContent(await t.as(a.keys.Master).delete(`/blogs/${doomed.id}`))
    expectSame404(await readWith(q.token))
    const page = await createPage(t, a)
    const r = await createPreview(a, { type: 'page', id: page.id })
    expectNoContent(await t.as(a.keys.Master).delete(`/pages/${page.id}`))
    expectSame404(await readWith(r.token))

    // The site deleted.
    const s = await makeSite(t)
    const sBlog = await draftBlog(s)
    const sp = await createPreview(s, { type: 'blog', id: sBlog.id })
    expectStatus(await readWith(sp.token), 200)
    expectNoContent(await t.as(s.keys.Master).delete(`/sites/${s.id}`))
    expectSame404(await readWith(sp.token))
  })

  it('redacts ?token= in logged URLs', () => {
    expect(redactUrl('/api/v1/preview?token=prv_secret&path=%2F')).toBe('/api/v1/preview?token=[REDACTED]&path=%2F')
  })
})

describe('GET /sites/{site_id}/previews and DELETE /previews/{id}', () => {
  it('lists live previews of the site (by record or type), needs Author, and keeps sites apart', async () => {
    const blog = await draftBlog(a)
    const page = await createPage(t, a)
    const p1 = await createPreview(a, { type: 'blog', id: blog.id })
    const p2 = await createPreview(a, { type: 'page', id: page.id })
    const byRecord = expectStatus<Listed[]>(await t.as(a.keys.Write).get(`/sites/${a.id}/previews?record_id=${blog.id}`), 200)
    expect(byRecord.map((x) => x.id)).toEqual([p1.id])
    const pagesOnly = expectStatus<Listed[]>(await t.as(a.keys.Write).get(`/sites/${a.id}/previews?type=page`), 200)
    expect(pagesOnly.map((x) => x.id)).toContain(p2.id)
    expect(pagesOnly.every((x) => x.type === 'page')).toBe(true)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/previews`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/previews`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).get(`/sites/${a.id}/previews?type=skill`), 400, 'VALIDATION_FAILED')
    // Revoking: Author on the preview's site; another site's key 404, a Read key 403.
    expectProblem(await t.as(b.keys.Master).delete(`/previews/${p2.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).delete(`/previews/${p2.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).delete('/previews/abc'), 400, 'VALIDATION_FAILED')
    expectStatus(await readWith(p2.token), 200)
  })

  it('the daily job deletes expired previews and keeps live ones', async () => {
    const blog = await draftBlog(a)
    const soon = await createPreview(a, { type: 'blog', id: blog.id, expires_in: 60 })
    const later = await createPreview(a, { type: 'blog', id: blog.id, expires_in: 7200 })
    clock.advance(61_000)
    const out = await deleteExpired(t.deps)
    expect(out.deleted).toBeGreaterThanOrEqual(1)
    const ids = (await t.dbh.db.select({ id: previewTable.id }).from(previewTable)).map((r) => r.id)
    expect(ids).not.toContain(soon.id)
    expect(ids).toContain(later.id)
  })
})
