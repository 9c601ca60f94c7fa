import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages, AtriumError, createAtriumClient, etagOf, recordTag, type AtriumClient } from '../../packages/client/src/index.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { uid } from '../helpers/factories.js'

/*
 * The client package (packages/client) against a running Atrium on 127.0.0.1: a read and a write of each module,
 * through the typed calls a frontend or the admin makes, plus its errors and paging helper.
 */

let t: TestApp
let api: AtriumClient
let baseUrl: string
let siteId: string

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  api = createAtriumClient({ baseUrl, apiKey: t.masterKey })
  const { data } = await api.POST('/api/v1/sites', {
    body: { name: 'Client site', slug: `client-${uid()}`, locales: [{ code: 'en', is_default: true }, { code: 'de' }] },
  })
  siteId = data!.id
})
afterAll(() => t.close())

const site = () => ({ params: { path: { site_id: siteId } } })

describe('client package: connection and errors', () => {
  it('accepts the base URL with or without /api/v1 and reads the API root', async () => {
    const other = createAtriumClient({ baseUrl: `${baseUrl}/api/v1/`, apiKey: t.masterKey })
    const { data } = await other.GET('/api/v1/auth/me')
    expect(data?.permission).toBe('Master')
  })

  it('throws AtriumError with status, code, field errors and the request id', async () => {
    const err = await api.POST('/api/v1/sites', { body: { name: '', slug: 'Not A Slug' } as never }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AtriumError)
    const e = err as AtriumError
    expect(e.status).toBe(400)
    expect(e.code).toBe('VALIDATION_FAILED')
    expect(e.errors.length).toBeGreaterThan(0)
    expect(e.requestId).toMatch(/.+/)
  })

  it('maps 401 and 404 to their codes', async () => {
    const anon = createAtriumClient({ baseUrl })
    await expect(anon.GET('/api/v1/auth/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' })
    await expect(api.GET('/api/v1/blogs/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    })
  })

  it('turns a failed connection into a NETWORK_ERROR AtriumError', async () => {
    const dead = createAtriumClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x' })
    await expect(dead.GET('/api/v1/auth/me')).rejects.toMatchObject({ name: 'AtriumError', status: 0, code: 'NETWORK_ERROR' })
  })

  it('sends a bearer token from a function (asked before every request)', async () => {
    let asked = 0
    const c = createAtriumClient({
      baseUrl,
      token: () => {
        asked++
        return 'not-a-jwt'
      },
    })
    await expect(c.GET('/api/v1/auth/me')).rejects.toMatchObject({ status: 401 })
    expect(asked).toBe(1)
  })
})

describe('client package: a read and a write of each module', () => {
  it('sites, locales and settings', async () => {
    const { data: s } = await api.PUT('/api/v1/sites/{id}', { params: { path: { id: siteId } }, body: { description: 'typed' } })
    expect(s?.description).toBe('typed')
    const { data: locales } = await api.GET('/api/v1/sites/{site_id}/locales', site())
    expect(locales?.map((l) => l.code).sort()).toEqual(['de', 'en'])
    const { data: settings } = await api.PUT('/api/v1/sites/{site_id}/settings', { ...site(), body: { timezone: 'Europe/Berlin' } })
    expect(settings?.timezone).toBe('Europe/Berlin')
  })

  it('API keys', async () => {
    const { data: key } = await api.POST('/api/v1/api-keys', { body: { name: 'frontend', permission: 'Read', site_id: siteId } })
    expect(key?.key).toMatch(/^atr_/)
    const reader = createAtriumClient({ baseUrl, apiKey: key!.key })
    const { data: me } = await reader.GET('/api/v1/auth/me')
    expect(me?.permission).toBe('Read')
    await expect(reader.POST('/api/v1/blogs', { body: { site_ids: [siteId], slug: 'nope', author: 'x' } as never })).rejects.toMatchObject({ status: 403 })
  })

  it('blogs: create, update with the ETag, read back, list every page', async () => {
    const created = await api.POST('/api/v1/blogs', {
      body: { site_ids: [siteId], slug: `hello-${uid()}`, author: 'Ann', status: 'Published', localizations: [{ locale: 'en', title: 'Hello', body: '# Hi' }] },
    })
    const blog = created.data!
    const etag = etagOf(created)
    const updated = await api.PUT('/api/v1/blogs/{id}', {
      params: { path: { id: blog.id } },
      body: { author: 'Bea' },
      ...(etag ? { headers: { 'if-match': etag } } : {}),
    })
    expect(updated.data?.author).toBe('Bea')
    // the client computes the tag the server sends from the record alone (for records listed without their own tag)
    expect(await recordTag(updated.data)).toBe(etagOf(updated))
    // the first tag is stale now: a 412 whose error carries the record as it is and its tag, to merge and save again
    const stale = await api
      .PUT('/api/v1/blogs/{id}', { params: { path: { id: blog.id } }, body: { author: 'Cy' }, headers: { 'if-match': etag! } })
      .catch((e: unknown) => e)
    expect(stale).toMatchObject({ status: 412, code: 'EDIT_CONFLICT', current: { author: 'Bea' } })
    expect((stale as AtriumError).etag).toBe(etagOf(updated))
    const retried = await api.PUT('/api/v1/blogs/{id}', {
      params: { path: { id: blog.id } },
      body: { author: 'Cy' },
      headers: { 'if-match': (stale as AtriumError).etag! },
    })
    expect(retried.data?.author).toBe('Cy')
    const { data: detail } = await api.GET('/api/v1/blogs/{id}/detail', { params: { path: { id: blog.id } } })
    expect(detail?.slug).toBe(blog.slug)
    for (let i = 0; i < 3; i++) {
      await api.POST('/api/v1/blogs', { body: { site_ids: [siteId], slug: `more-${i}-${uid()}`, author: 'Ann' } })
    }
    const slugs: string[] = []
    for await (const item of allPages((page) =>
      api.GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: siteId }, query: { page, per_page: 2 } } }),
    )) {
      slugs.push(item.slug)
    }
    expect(slugs).toHaveLength(4)
    expect(new Set(slugs).size).toBe(4)
    const { data: published } = await api.GET('/api/v1/sites/{site_id}/blogs/published', { params: { path: { site_id: siteId }, query: { locale: 'en' } } })
    expect(published?.data.map((b) => b.title)).toEqual(['Hello'])
  })

  it('pages and sections, found by route', async () => {
    const { data: page } = await api.POST('/api/v1/pages', {
      body: { site_ids: [siteId], route: '/about', slug: 'about', page_type: 'Static', status: 'Published' },
    })
    const { data: section } = await api.POST('/api/v1/pages/{page_id}/sections', {
      params: { path: { page_id: page!.id } },
      body: { section_type: 'Hero', display_order: 0 },
    })
    expect(section?.page_id).toBe(page!.id)
    const { data: found } = await api.GET('/api/v1/sites/{site_id}/pages/by-route/{route}', { params: { path: { site_id: siteId, route: 'about' } } })
    expect(found?.id).toBe(page!.id)
  })

  it('navigation menus and trees', async () => {
    const { data: menu } = await api.POST('/api/v1/sites/{site_id}/menus', { ...site(), body: { name: 'Main', slug: 'primary' } })
    await api.POST('/api/v1/menus/{menu_id}/items', { params: { path: { menu_id: menu!.id } }, body: { title: 'Home', link_type: 'internal', url: '/' } })
    const { data: tree } = await api.GET('/api/v1/menus/{menu_id}/tree', { params: { path: { menu_id: menu!.id } } })
    expect(tree?.map((n) => n.title)).toEqual(['Home'])
  })

  it('redirects with the lookup', async () => {
    await api.POST('/api/v1/sites/{site_id}/redirects', { ...site(), body: { source_path: '/old', destination_path: '/new', status_code: 301 } })
    const { data } = await api.GET('/api/v1/sites/{site_id}/redirects/lookup', { params: { path: { site_id: siteId }, query: { path: '/old' } } })
    expect(data?.destination_path).toBe('/new')
  })

  it('social links, skills and CV entries', async () => {
    await api.POST('/api/v1/sites/{site_id}/social', { ...site(), body: { platform: 'GitHub', url: 'https://github.com/atrium' } })
    const { data: social } = await api.GET('/api/v1/sites/{site_id}/social', site())
    expect(social?.map((s) => s.platform)).toContain('GitHub')
    await api.POST('/api/v1/skills', { body: { site_ids: [siteId], name: 'TypeScript', proficiency: 90 } })
    const { data: skills } = await api.GET('/api/v1/sites/{site_id}/skills', site())
    expect(skills?.data.map((s) => s.name)).toContain('TypeScript')
    await api.POST('/api/v1/cv', {
      body: { site_ids: [siteId], entry_type: 'work', title: 'Engineer', organization: 'Atrium', start_date: '2024-01-01', is_current: true },
    })
    const { data: cv } = await api.GET('/api/v1/sites/{site_id}/cv', site())
    expect(cv?.data.map((c) => c.title)).toContain('Engineer')
  })

  it('tags and categories', async () => {
    const { data: tag } = await api.POST('/api/v1/tags', { body: { site_id: siteId, name: 'News' } })
    const { data: tags } = await api.GET('/api/v1/sites/{site_id}/tags', site())
    expect(tags?.data.map((x) => x.id)).toContain(tag!.id)
    const { data: cat } = await api.POST('/api/v1/categories', { body: { site_id: siteId, name: 'Guides' } })
    const { data: cats } = await api.GET('/api/v1/sites/{site_id}/categories', site())
    expect(JSON.stringify(cats)).toContain(cat!.id)
  })

  it('legal documents and the cookie consent', async () => {
    const { data: doc } = await api.POST('/api/v1/sites/{site_id}/legal', {
      ...site(),
      body: { slug: 'cookies', document_type: 'CookieConsent', is_active: true },
    })
    await api.POST('/api/v1/legal/{document_id}/groups', {
      params: { path: { document_id: doc!.id } },
      body: { cookie_name: 'necessary', title: 'Necessary', is_required: true },
    })
    const { data: consent } = await api.GET('/api/v1/sites/{site_id}/legal/cookie-consent', site())
    expect(consent?.groups.map((g) => g.cookie_name)).toEqual(['necessary'])
  })

  it('documents and content templates', async () => {
    const { data: doc } = await api.POST('/api/v1/sites/{site_id}/documents', { ...site(), body: { url: 'https://example.com/a.pdf', document_type: 'Link' } })
    const { data: got } = await api.GET('/api/v1/documents/{id}', { params: { path: { id: doc!.id } } })
    expect(got?.url).toBe('https://example.com/a.pdf')
    const { data: tpl } = await api.POST('/api/v1/sites/{site_id}/content-templates', {
      ...site(),
      body: { name: 'Post', content_type: 'blog', template_data: { body: '## Intro' } },
    })
    const { data: tpls } = await api.GET('/api/v1/sites/{site_id}/content-templates', site())
    expect(tpls?.data.map((x) => x.id)).toContain(tpl!.id)
  })

  it('media: a multipart upload, then its metadata', async () => {
    const form = new FormData()
    form.set('site_ids', JSON.stringify([siteId]))
    form.set('file', new Blob(['hello, atrium'], { type: 'text/plain' }), 'hello.txt')
    const { data: media } = await api.POST('/api/v1/media/upload', { body: form as never, bodySerializer: (b: unknown) => b as FormData })
    expect(media?.mime_category).toBe('document')
    expect(media?.public_url).toMatch(/^http/)
    await api.POST('/api/v1/media/{id}/metadata', { params: { path: { id: media!.id } }, body: { locale: 'en', alt_text: 'A greeting' } })
    const { data: meta } = await api.GET('/api/v1/media/{id}/metadata', { params: { path: { id: media!.id } } })
    expect(meta?.map((m) => m.alt_text)).toEqual(['A greeting'])
  })

  it('webhooks, the audit log, search, analytics and the system routes', async () => {
    const { data: hook } = await api.POST('/api/v1/sites/{site_id}/webhooks', { ...site(), body: { url: 'http://127.0.0.1:9/hook' } })
    expect(hook?.secret).toMatch(/^whsec_/)
    const { data: hooks } = await api.GET('/api/v1/sites/{site_id}/webhooks', site())
    expect(hooks?.data.map((h) => h.id)).toContain(hook!.id)
    const { data: audit } = await api.GET('/api/v1/sites/{site_id}/audit', site())
    expect(audit?.data.length).toBeGreaterThan(0)
    const { data: found } = await api.GET('/api/v1/sites/{site_id}/search', { params: { path: { site_id: siteId }, query: { q: 'Hello' } } })
    expect(found?.data.map((h) => h.type)).toContain('blog')
    await api.POST('/api/v1/sites/{site_id}/analytics/pageview', { ...site(), body: { path: '/about' } })
    const { data: report } = await api.GET('/api/v1/sites/{site_id}/analytics/report', site())
    expect(report).toBeDefined()
    const { data: config } = await api.GET('/api/v1/config')
    expect(config).toBeDefined()
  })
})
