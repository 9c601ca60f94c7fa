import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeHistory } from '../../../src/db/schema/audit.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'

interface Entry {
  id: string
  site_id: string | null
  user_id: string | null
  api_key_id: string | null
  action: string
  entity_type: string
  entity_id: string | null
  metadata: unknown
  created_at: string
}
interface Change {
  id: string
  entity_type: string
  entity_id: string
  field_name: string
  old_value: unknown
  new_value: unknown
  changed_by: string | null
  api_key_id: string | null
  changed_at: string
}

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock
const tick = () => clock().advance(1000)

async function link(site: SiteFixture, url = `https://github.com/${uid()}`) {
  return expectStatus<{ id: string; url: string }>(await t.as(site.keys.Write).post(`/sites/${site.id}/social`, { platform: 'github', url }), 201)
}

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('GET /sites/{site_id}/audit', () => {
  it('lists the site entries newest first with filters and pagination, and nothing of another site', async () => {
    tick()
    const l = await link(a)
    tick()
    expectStatus(await t.as(a.keys.Write).put(`/social/${l.id}`, { label: 'Mine' }), 200)
    tick()
    await link(b)
    const page = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?per_page=100`), 200)
    expect(page.data.every((e) => e.site_id === a.id)).toBe(true)
    const times = page.data.map((e) => e.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    expect(page.data[0]).toMatchObject({ action: 'Update', entity_type: 'social_link', entity_id: l.id, user_id: null, api_key_id: a.keyIds.Write })

    const creates = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?entity_type=social_link&action=Create`), 200)
    expect(creates.data.map((e) => e.entity_id)).toContain(l.id)
    expect(creates.data.every((e) => e.action === 'Create' && e.entity_type === 'social_link')).toBe(true)

    const byKey = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?api_key_id=${a.keyIds.Write}`), 200)
    expect(byKey.meta.total).toBe(2)
    expect(byKey.data.every((e) => e.api_key_id === a.keyIds.Write && e.user_id === null)).toBe(true)
    expect(expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?user_id=${a.keyIds.Write}`), 200).meta.total).toBe(0)

    const updateAt = page.data[0]!.created_at
    const window = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?from=${encodeURIComponent(updateAt)}`), 200)
    expect(window.data.map((e) => e.action)).toEqual(['Update'])
    const before = expectStatus<Page<Entry>>(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?to=${encodeURIComponent(updateAt)}&per_page=1&page=1`), 200)
    expect(before.meta.total).toBe(page.meta.total - 1)
    expect(before.data).toHaveLength(1)
  })

  it('400 for a bad filter, 401 without a key, 404 for another site', async () => {
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?from=yesterday`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/audit?per_page=101`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().get(`/sites/${a.id}/audit`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/audit`), 404, 'NOT_FOUND')
  })
})

describe('GET /audit/entity and /audit/history', () => {
  it('answers the entries and field changes of one entity; 404 for another site and for unknown ids', async () => {
    const l = await link(a, 'https://github.com/one')
    tick()
    expectStatus(await t.as(a.keys.Write).put(`/social/${l.id}`, { url: 'https://github.com/two' }), 200)
    const entries = expectStatus<Entry[]>(await t.as(a.keys.Read).get(`/audit/entity/social_link/${l.id}`), 200)
    expect(entries.map((e) => e.action)).toEqual(['Update', 'Create'])
    const history = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/social_link/${l.id}`), 200)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ field_name: 'url', old_value: 'https://github.com/one', new_value: 'https://github.com/two', entity_id: l.id })

    for (const kind of ['entity', 'history']) {
      expectProblem(await t.as(b.keys.Master).get(`/audit/${kind}/social_link/${l.id}`), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Read).get(`/audit/${kind}/social_link/${MISSING_ID}`), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Read).get(`/audit/${kind}/social_link/not-a-uuid`), 400, 'VALIDATION_FAILED')
      expectProblem(await t.as().get(`/audit/${kind}/social_link/${l.id}`), 401, 'UNAUTHENTICATED')
      // the unscoped bootstrap Master key sees every site
      expectStatus(await t.as(t.masterKey).get(`/audit/${kind}/social_link/${l.id}`), 200)
    }
    // a deleted record keeps its trail
    tick()
    expectNoContent(await t.as(a.keys.Write).delete(`/social/${l.id}`))
    expect(expectStatus<Entry[]>(await t.as(a.keys.Read).get(`/audit/entity/social_link/${l.id}`), 200)[0]!.action).toBe('Delete')
  })
})

describe('POST /audit/history/revert', () => {
  it('restores the chosen fields through the update, audited as Revert with history and an event', async () => {
    const l = await link(a, 'https://github.com/first')
    tick()
    expectStatus(await t.as(a.keys.Write).put(`/social/${l.id}`, { url: 'https://github.com/second', label: 'Two' }), 200)
    tick()
    expectStatus(await t.as(a.keys.Write).put(`/social/${l.id}`, { url: 'https://github.com/third' }), 200)
    const history = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/social_link/${l.id}`), 200)
    const urlChanges = history.filter((h) => h.field_name === 'url')
    expect(urlChanges).toHaveLength(2)
    const label = history.find((h) => h.field_name === 'label')!
    tick()
    // both url changes chosen: the value before the earliest one comes back
    const res = expectStatus(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [...urlChanges.map((c) => c.id), label.id] }), 200)
    expect(res).toEqual({ entity_type: 'social_link', entity_id: l.id, fields_reverted: ['label', 'url'] })
    const now = expectStatus<{ url: string; label: string | null }>(await t.as(a.keys.Read).get(`/social/${l.id}`), 200)
    expect(now).toMatchObject({ url: 'https://github.com/first', label: null })

    const audits = await auditsOf(t, 'social_link', l.id)
    const last = audits.at(-1)!
    expect(last.action).toBe('Revert')
    expect((last.metadata as { reverted_change_ids: string[] }).reverted_change_ids.sort()).toEqual([...urlChanges.map((c) => c.id), label.id].sort())
    const rows = (await historyOf(t, 'social_link', l.id, 'url')).sort((x, y) => x.changed_at.getTime() - y.changed_at.getTime())
    expect(rows.at(-1)).toMatchObject({ old_value: 'https://github.com/third', new_value: 'https://github.com/first' })
    expect((await eventsFor(t, 'social.updated', l.id)).length).toBe(3)
  })

  it('reverts a blog field and a site field', async () => {
    const en = a.locales.find((l) => l.code === 'en')!.id
    const blog = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `rev-${uid()}`, localizations: [{ locale_id: en, title: 'T' }] }),
      201,
    )
    expectStatus(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { is_featured: true, author: 'Ann' }), 200)
    const bh = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/blog/${blog.id}`), 200)
    const featured = bh.find((h) => h.field_name === 'is_featured')!
    expectStatus(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [featured.id] }), 200)
    expect(expectStatus<{ is_featured: boolean; author: string | null }>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200)).toMatchObject({
      is_featured: false,
      author: 'Ann',
    })

    const site = await makeSite(t)
    expectStatus(await t.as(site.keys.Admin).put(`/sites/${site.id}`, { description: 'New words' }), 200)
    const sh = expectStatus<Change[]>(await t.as(site.keys.Read).get(`/audit/history/site/${site.id}`), 200)
    const desc = sh.find((h) => h.field_name === 'description')!
    expect(expectStatus(await t.as(site.keys.Admin).post('/audit/history/revert', { change_ids: [desc.id] }), 200)).toMatchObject({
      fields_reverted: ['description'],
    })
    expect(expectStatus<{ description: string | null }>(await t.as(site.keys.Read).get(`/sites/${site.id}`), 200).description).toBeNull()
  })

  it('reverts a legal document field and a page field', async () => {
    const doc = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/legal`, { slug: `privacy-${uid()}`, document_type: 'PrivacyPolicy' }),
      201,
    )
    expectStatus(await t.as(a.keys.Write).put(`/legal/${doc.id}`, { is_active: false, cookie_name: 'consent' }), 200)
    const lh = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/legal_document/${doc.id}`), 200)
    const active = lh.find((h) => h.field_name === 'is_active')!
    expect(expectStatus(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [active.id] }), 200)).toMatchObject({
      entity_type: 'legal_document',
      fields_reverted: ['is_active'],
    })
    expect(expectStatus<{ is_active: boolean; cookie_name: string | null }>(await t.as(a.keys.Read).get(`/legal/${doc.id}`), 200)).toMatchObject({
      is_active: true,
      cookie_name: 'consent',
    })

    const page = expectStatus<{ id: string }>(await t.as(a.keys.Write).post('/pages', { site_ids: [a.id], route: `/rev-${uid()}`, slug: `rev-${uid()}` }), 201)
    expectStatus(await t.as(a.keys.Write).put(`/pages/${page.id}`, { template: 'wide' }), 200)
    const ph = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/page/${page.id}`), 200)
    expectStatus(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [ph.find((h) => h.field_name === 'template')!.id] }), 200)
    expect(expectStatus<{ template: string | null }>(await t.as(a.keys.Read).get(`/pages/${page.id}`), 200).template).toBeNull()
  })

  it('refuses several entities, never-revertible fields, other entity types, unknown ids; nothing changes', async () => {
    const one = await link(a, 'https://github.com/a1')
    const two = await link(a, 'https://github.com/b1')
    expectStatus(await t.as(a.keys.Write).put(`/social/${one.id}`, { url: 'https://github.com/a2' }), 200)
    expectStatus(await t.as(a.keys.Write).put(`/social/${two.id}`, { url: 'https://github.com/b2' }), 200)
    const h1 = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/social_link/${one.id}`), 200)[0]!
    const h2 = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/social_link/${two.id}`), 200)[0]!
    const auditsBefore = (await auditsOf(t, 'social_link', one.id)).length

    const several = expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [h1.id, h2.id] }), 400, 'VALIDATION_FAILED')
    expect(several.errors?.[0]?.field).toBe('change_ids')
    expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [h1.id, MISSING_ID] }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [] }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: ['nope'] }), 400, 'VALIDATION_FAILED')
    // another site's change: as unknown
    expectProblem(await t.as(b.keys.Master).post('/audit/history/revert', { change_ids: [h1.id] }), 404, 'NOT_FOUND')
    // Write is below Admin
    expectProblem(await t.as(a.keys.Write).post('/audit/history/revert', { change_ids: [h1.id] }), 403, 'FORBIDDEN')

    // a never-revertible field (published_at of a blog, written by publishing)
    const en = a.locales.find((l) => l.code === 'en')!.id
    const blog = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `nr-${uid()}`, localizations: [{ locale_id: en, title: 'T' }] }),
      201,
    )
    expectStatus(await t.as(a.keys.Admin).put(`/blogs/${blog.id}`, { status: 'Published' }), 200)
    const pub = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/blog/${blog.id}`), 200).find((h) => h.field_name === 'published_at')!
    const refused = expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [pub.id] }), 400, 'VALIDATION_FAILED')
    expect(refused.errors?.[0]?.message).toMatch(/published_at/)

    // an entity type without revert (redirects)
    const r = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: `/x-${uid()}`, destination_path: '/y', status_code: 301 }),
      201,
    )
    expectStatus(await t.as(a.keys.Write).put(`/redirects/${r.id}`, { destination_path: '/z' }), 200)
    const rh = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/redirect/${r.id}`), 200)[0]!
    expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [rh.id] }), 400, 'VALIDATION_FAILED')

    expect((await auditsOf(t, 'social_link', one.id)).length).toBe(auditsBefore)
    expect(expectStatus<{ url: string }>(await t.as(a.keys.Read).get(`/social/${one.id}`), 200).url).toBe('https://github.com/a2')
  })

  it('secrets and never-revertible fields named by a change are refused, whatever the entity', async () => {
    const l = await link(a)
    for (const field_name of ['secret', 'key_digest', 'site_id', 'created_by', 'is_deleted']) {
      const [row] = await t.dbh.db
        .insert(changeHistory)
        .values({ site_id: a.id, entity_type: 'social_link', entity_id: l.id, field_name, old_value: 'x', new_value: 'y', changed_by: null })
        .returning()
      const p = expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [row!.id] }), 400, 'VALIDATION_FAILED')
      expect(p.errors?.[0]?.message, field_name).toContain(field_name)
    }
    expect((await auditsOf(t, 'social_link', l.id)).map((x) => x.action)).toEqual(['Create'])
  })

  it('a deleted record cannot be reverted (404)', async () => {
    const l = await link(a)
    expectStatus(await t.as(a.keys.Write).put(`/social/${l.id}`, { label: 'x' }), 200)
    const h = expectStatus<Change[]>(await t.as(a.keys.Read).get(`/audit/history/social_link/${l.id}`), 200)[0]!
    expectNoContent(await t.as(a.keys.Write).delete(`/social/${l.id}`))
    expectProblem(await t.as(a.keys.Admin).post('/audit/history/revert', { change_ids: [h.id] }), 404, 'NOT_FOUND')
  })
})
