import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordLabel } from '../../../src/core/mutation.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, expectNoContent, type Page } from '../../helpers/records.js'

/* Audit entries carry record_label: the record's name when the entry was written, so a log speaks in names. */

interface Entry {
  action: string
  entity_type: string
  entity_id: string | null
  record_label: string | null
}

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } })
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const created = (res: Res, status = 201) => expectStatus<{ id: string }>(res, status).id
const labelsOf = async (type: string, id: string) => (await auditsOf(t, type, id)).map((e) => [e.action, e.record_label])

describe('record_label', () => {
  it('names each kind of record by its title, name, slug, route, label, source or code', async () => {
    const w = t.as(a.keys.Write)
    const en = a.locales.find((l) => l.code === 'en')!.id
    const slug = `post-${uid()}`
    const cases: Array<[type: string, id: string, label: string]> = [
      ['blog', created(await w.post('/blogs', { site_ids: [a.id], slug, localizations: [{ locale_id: en, title: 'Hello', body: 'x' }] })), 'Hello'],
      ['page', created(await w.post('/pages', { site_ids: [a.id], route: '/about-us', slug: 'about-us' })), 'about-us'],
      ['tag', created(await w.post('/tags', { site_id: a.id, name: 'Rail travel' })), 'Rail travel'],
      ['category', created(await w.post('/categories', { site_id: a.id, name: 'Trains' })), 'Trains'],
      ['redirect', created(await w.post(`/sites/${a.id}/redirects`, { source_path: '/old-path', destination_path: '/new' })), '/old-path'],
      ['navigation_menu', created(await w.post(`/sites/${a.id}/menus`, { name: 'Footer menu' })), 'Footer menu'],
      ['locale', created(await t.as(a.keys.Admin).post(`/sites/${a.id}/locales`, { code: 'fr', name: 'Français' })), 'Français'],
      ['api_key', created(await t.as(a.keys.Admin).post('/api-keys', { name: 'Frontend', permission: 'Read', site_id: a.id }), 200), 'Frontend'],
      ['webhook', created(await t.as(a.keys.Admin).post(`/sites/${a.id}/webhooks`, { url: 'http://127.0.0.1:9/secret-token' })), '127.0.0.1:9'],
    ]
    for (const [type, id, label] of cases) expect([type, await labelsOf(type, id)]).toEqual([type, [['Create', label]]])

    // the activity feed answers it
    const feed = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?per_page=100`), 200).data
    for (const [type, id, label] of cases) expect(feed.find((e) => e.entity_type === type && e.entity_id === id)?.record_label).toBe(label)
    // never the URL of a webhook (it can carry the receiver's token)
    expect(JSON.stringify(feed.map((e) => e.record_label))).not.toContain('secret-token')
  })

  it('is the name at the time: a rename shows the new name from then on, a deleted record keeps its last name', async () => {
    const w = t.as(b.keys.Write)
    const tag = created(await w.post('/tags', { site_id: b.id, name: 'Before' }))
    expectStatus(await w.put(`/tags/${tag}`, { name: 'After' }), 200)
    expectNoContent(await t.as(b.keys.Admin).delete(`/tags/${tag}`))
    expect(await labelsOf('tag', tag)).toEqual([
      ['Create', 'Before'],
      ['Update', 'After'],
      ['Delete', 'After'],
    ])
    const entity = expectStatus<Entry[]>(await t.as(b.keys.Read).get(`/audit/entity/tag/${tag}`), 200)
    expect(entity.map((e) => e.record_label).sort()).toEqual(['After', 'After', 'Before'])
  })

  it('names a post by its title in the default locale, else by its slug, through create, update, clone and delete', async () => {
    const w = t.as(b.keys.Write)
    const en = b.locales.find((l) => l.code === 'en')!.id
    const de = b.locales.find((l) => l.code === 'de')!.id
    const slug = `post-${uid()}`
    const post = created(await w.post('/blogs', { site_ids: [b.id], slug, localizations: [{ locale_id: en, title: 'Trains at night', body: 'x' }] }))
    expectStatus(await w.put(`/blogs/${post}`, { author: 'Grace' }), 200)
    const copy = created(await w.post(`/blogs/${post}/clone`, {}))
    expectNoContent(await t.as(b.keys.Admin).delete(`/blogs/${post}`))
    expect(await labelsOf('blog', post)).toEqual([
      ['Create', 'Trains at night'],
      ['Update', 'Trains at night'],
      ['Delete', 'Trains at night'],
    ])
    expect(await labelsOf('blog', copy)).toEqual([['Create', 'Trains at night']])
    // no title: the slug names it
    const bare = `bare-${uid()}`
    const untitled = created(await w.post('/blogs', { site_ids: [b.id], slug: bare }))
    expect(await labelsOf('blog', untitled)).toEqual([['Create', bare]])
    // only a German title: it names it
    const german = created(await w.post('/blogs', { site_ids: [b.id], slug: `de-${uid()}`, localizations: [{ locale_id: de, title: 'Nachtzüge', body: 'x' }] }))
    expect(await labelsOf('blog', german)).toEqual([['Create', 'Nachtzüge']])
  })

  it('is null for a record without a name (a page section)', async () => {
    const page = created(await t.as(b.keys.Write).post('/pages', { site_ids: [b.id], route: `/p-${uid()}`, slug: `p-${uid()}` }))
    const section = created(await t.as(b.keys.Write).post(`/pages/${page}/sections`, { section_type: 'hero' }))
    expect(await labelsOf('page_section', section)).toEqual([['Create', null]])
  })
})

describe('recordLabel (pure)', () => {
  it('prefers the module’s label, then after, current, before and metadata; trims and bounds it; skips empty names', () => {
    expect(recordLabel({ siteId: null, entityId: null, label: '  Mine  ', after: { name: 'x' } })).toBe('Mine')
    expect(recordLabel({ siteId: null, entityId: null, label: null, after: { name: 'x' } })).toBeNull()
    expect(recordLabel({ siteId: null, entityId: null, after: { title: ' ', name: 'Named' }, before: { title: 'Old' } })).toBe('Named')
    expect(recordLabel({ siteId: null, entityId: null, after: { deleted_at: 'now' }, current: { slug: 'cur' }, before: { slug: 'old' } })).toBe('cur')
    expect(recordLabel({ siteId: null, entityId: null, metadata: { route: '/r' } })).toBe('/r')
    expect(recordLabel({ siteId: null, entityId: null, after: { url: 'https://x.test/?token=1', email: 'a@b.test' } })).toBeNull()
    expect(recordLabel({ siteId: null, entityId: null, after: { name: 'n'.repeat(500) } })).toHaveLength(200)
  })
})
