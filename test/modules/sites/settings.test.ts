import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'

interface Settings {
  post_path: string
  feed_path: string
  ai_enabled: boolean
  analytics_enabled: boolean
  editorial_workflow_enabled: boolean
  max_upload_bytes: number
  timezone: string
  default_locale_id: string | null
  preview_url: string | null
}

const BAD_KEY = 'atr_this-key-does-not-exist-anywhere-0000000000'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const settingsOf = async (s: SiteFixture) => expectStatus<Settings>(await t.as(s.keys.Read).get(`/sites/${s.id}/settings`), 200)
const localeId = (s: SiteFixture, code: string) => s.locales.find((l) => l.code === code)?.id as string

describe('GET /sites/{site_id}/settings', () => {
  it('answers the documented defaults to any key of the site', async () => {
    for (const key of Object.values(a.keys)) {
      const body = expectStatus<Settings>(await t.as(key).get(`/sites/${a.id}/settings`), 200)
      expect(body).toEqual({
        ai_enabled: false,
        analytics_enabled: true,
        editorial_workflow_enabled: false,
        max_upload_bytes: 52_428_800,
        timezone: 'UTC',
        default_locale_id: localeId(a, 'en'),
        post_path: '/blog/{slug}',
        feed_path: '/rss.xml',
        preview_url: null,
      })
    }
  })

  it('has default_locale_id null for a site without locales', async () => {
    const created = expectStatus<{ id: string }>(await t.as(t.masterKey).post('/sites', { name: 'Bare', slug: `bare-${uid()}` }), 201)
    const body = expectStatus<Settings>(await t.as(t.masterKey).get(`/sites/${created.id}/settings`), 200)
    expect(body.default_locale_id).toBeNull()
  })

  it('answers 404 for another site, 400 for a bad id, 401 without credentials', async () => {
    expectProblem(await t.as(a.keys.Master).get(`/sites/${b.id}/settings`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/sites/${MISSING_ID}/settings`), 404, 'NOT_FOUND')
    const problem = expectProblem(await t.as(t.masterKey).get('/sites/abc/settings'), 400, 'VALIDATION_FAILED')
    expect(problem.errors?.[0]?.field).toBe('site_id')
    expectProblem(await t.as().get(`/sites/${a.id}/settings`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).get(`/sites/${a.id}/settings`), 401, 'UNAUTHENTICATED')
  })
})

describe('PUT /sites/{site_id}/settings', () => {
  it('updates only the fields given', async () => {
    const s = await makeSite(t)
    const before = await settingsOf(s)
    const after = expectStatus<Settings>(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { ai_enabled: true }), 200)
    expect(after).toEqual({ ...before, ai_enabled: true })
    expect(await settingsOf(s)).toEqual(after)
    const more = expectStatus<Settings>(
      await t.as(s.keys.Master).put(`/sites/${s.id}/settings`, {
        analytics_enabled: false,
        editorial_workflow_enabled: true,
        max_upload_bytes: 1024,
        timezone: 'europe/berlin',
      }),
      200,
    )
    expect(more).toEqual({
      ai_enabled: true,
      analytics_enabled: false,
      editorial_workflow_enabled: true,
      max_upload_bytes: 1024,
      timezone: 'Europe/Berlin',
      default_locale_id: before.default_locale_id,
      post_path: '/blog/{slug}',
      feed_path: '/rss.xml',
      preview_url: null,
    })
    const path = expectStatus<Settings>(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { post_path: '/{slug}/index.html' }), 200)
    expect(path).toEqual({ ...more, post_path: '/{slug}/index.html' })
    expect(await settingsOf(s)).toEqual(path)
    const feed = expectStatus<Settings>(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { feed_path: '/feeds/all.xml' }), 200)
    expect(feed).toEqual({ ...path, feed_path: '/feeds/all.xml' })
    expect(await settingsOf(s)).toEqual(feed)
  })

  it('moves the default locale through default_locale_id', async () => {
    const s = await makeSite(t)
    const de = localeId(s, 'de')
    const after = expectStatus<Settings>(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { default_locale_id: de }), 200)
    expect(after.default_locale_id).toBe(de)
    const locs = expectStatus<Array<{ id: string; is_default: boolean }>>(await t.as(s.keys.Read).get(`/sites/${s.id}/locales`), 200)
    expect(locs.filter((l) => l.is_default).map((l) => l.id)).toEqual([de])
  })

  it('rejects invalid input with 400 and changes nothing', async () => {
    const before = await settingsOf(a)
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ nonsense: 1 }, 'body'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ timezone: '+02:00' }, 'timezone'],
      [{ timezone: '' }, 'timezone'],
      [{ default_locale_id: localeId(b, 'de') }, 'default_locale_id'],
      [{ default_locale_id: MISSING_ID }, 'default_locale_id'],
      [{ default_locale_id: 'de' }, 'default_locale_id'],
      [{ max_upload_bytes: 0 }, 'max_upload_bytes'],
      [{ max_upload_bytes: 1.5 }, 'max_upload_bytes'],
      [{ max_upload_bytes: '1024' }, 'max_upload_bytes'],
      [{ ai_enabled: 'true' }, 'ai_enabled'],
      [{ ai_enabled: true, timezone: 'Nowhere/Land' }, 'timezone'],
      [{ post_path: '/blog/post' }, 'post_path'],
      [{ post_path: 'blog/{slug}' }, 'post_path'],
      [{ post_path: '' }, 'post_path'],
      [{ post_path: '/blog/{ slug }' }, 'post_path'],
      [{ post_path: null }, 'post_path'],
      [{ ai_enabled: true, post_path: '/posts' }, 'post_path'],
      [{ feed_path: 'rss.xml' }, 'feed_path'],
      [{ feed_path: 'https://example.com/rss.xml' }, 'feed_path'],
      [{ feed_path: '//example.com/rss.xml' }, 'feed_path'],
      [{ feed_path: '/my feed.xml' }, 'feed_path'],
      [{ feed_path: '/' }, 'feed_path'],
      [{ feed_path: null }, 'feed_path'],
      [{ ai_enabled: true, feed_path: 'feed' }, 'feed_path'],
    ]
    for (const [input, field] of cases) {
      const problem = expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/settings`, input), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(input),
      ).toContain(field)
    }
    expect(await settingsOf(a)).toEqual(before)
  })

  it('needs Admin (403), the site in scope (404), a UUID (400) and credentials (401)', async () => {
    expectProblem(await t.as(a.keys.Write).put(`/sites/${a.id}/settings`, { ai_enabled: true }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).put(`/sites/${a.id}/settings`, { ai_enabled: true }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${b.id}/settings`, { ai_enabled: true }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).put('/sites/123/settings', { ai_enabled: true }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().put(`/sites/${a.id}/settings`, { ai_enabled: true }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).put(`/sites/${a.id}/settings`, { ai_enabled: true }), 401, 'UNAUTHENTICATED')
    expect((await settingsOf(a)).ai_enabled).toBe(false)
    expect((await settingsOf(b)).ai_enabled).toBe(false)
  })
})
