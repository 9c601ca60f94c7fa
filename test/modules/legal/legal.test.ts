import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ManualClock } from '../../../src/platform/clock.js'
import type { LegalDocument, LegalDocumentDetail, LegalDocumentLocalization, LegalGroup, LegalItem } from '../../../src/modules/legal/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'
import { describeSiteResource } from '../../helpers/resource-suite.js'

/* Legal documents (spec "Legal documents", decisions.md "Legal documents"): the site-resource contract, then the rest. */
describeSiteResource({
  name: 'legal document',
  path: 'legal',
  entity: 'legal_document',
  events: 'legal',
  createIn: 'path',
  list: 'page',
  create: (n) => ({ slug: `privacy-${n}`, document_type: 'PrivacyPolicy', cookie_name: 'consent' }),
  update: { body: { is_active: false, document_type: 'Imprint' }, field: 'is_active' },
  nullable: ['cookie_name'],
  invalid: [
    { body: { slug: 'Not A Slug', document_type: 'PrivacyPolicy' }, field: 'slug' },
    { body: { slug: 'x', document_type: 'Cookies' }, field: 'document_type' },
    { body: { slug: 'x', document_type: 'Other', is_active: 'yes' }, field: 'is_active' },
    { body: { slug: '' }, field: 'slug', on: 'update' },
  ],
  levels: { write: 'Write', delete: 'Write' },
})

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const clock = () => t.clock as ManualClock
const w = (site: SiteFixture = a) => t.as(site.keys.Write)
const doc = async (site: SiteFixture, body: Record<string, unknown> = {}) =>
  expectStatus<LegalDocument>(await w(site).post(`/sites/${site.id}/legal`, { slug: `doc-${uid()}`, document_type: 'CookieConsent', ...body }), 201)
const group = async (docId: string, body: Record<string, unknown>) => expectStatus<LegalGroup>(await w().post(`/legal/${docId}/groups`, body), 201)
const item = async (groupId: string, body: Record<string, unknown>) => expectStatus<LegalItem>(await w().post(`/legal/groups/${groupId}/items`, body), 201)
const detail = async (id: string) => expectStatus<LegalDocumentDetail>(await t.as(a.keys.Read).get(`/legal/${id}`), 200)
const shape = (d: LegalDocumentDetail) => d.groups.map((g) => `${g.title}[${g.items.map((i) => i.name).join(',')}]`)

describe('legal documents: slugs, history, list', () => {
  it('409 for a slug taken by a live document of the site (create and update); free after delete; other sites unaffected', async () => {
    const slug = `terms-${uid()}`
    const first = await doc(a, { slug, document_type: 'TermsOfService' })
    expectProblem(await w().post(`/sites/${a.id}/legal`, { slug, document_type: 'Imprint' }), 409, 'CONFLICT')
    await doc(b, { slug })
    const other = await doc(a)
    expectProblem(await w().put(`/legal/${other.id}`, { slug }), 409, 'CONFLICT')
    expectNoContent(await w().delete(`/legal/${first.id}`))
    expect((await doc(a, { slug })).slug).toBe(slug)
  })

  it('keeps a history row for every changed field of the document (legal_document, revertable)', async () => {
    const d = await doc(a, { cookie_name: 'c1' })
    expectStatus(await w().put(`/legal/${d.id}`, { slug: `moved-${uid()}`, cookie_name: null, document_type: 'Other', is_active: false }), 200)
    const rows = await historyOf(t, 'legal_document', d.id)
    expect(rows.map((r) => r.field_name).sort()).toEqual(['cookie_name', 'document_type', 'is_active', 'slug'])
    expect(rows.find((r) => r.field_name === 'cookie_name')).toMatchObject({ old_value: 'c1', new_value: null })
  })

  it('lists the own fields only, by slug, filtered by document_type', async () => {
    const site = await makeSite(t)
    await doc(site, { slug: 'b-imprint', document_type: 'Imprint' })
    await doc(site, { slug: 'a-cookies' })
    const page = expectStatus<Page<LegalDocument & { groups?: unknown }>>(await t.as(site.keys.Read).get(`/sites/${site.id}/legal`), 200)
    expect(page.data.map((d) => d.slug)).toEqual(['a-cookies', 'b-imprint'])
    expect(page.data[0]!.groups).toBeUndefined()
    const imprints = expectStatus<Page<LegalDocument>>(await t.as(site.keys.Read).get(`/sites/${site.id}/legal?document_type=Imprint`), 200)
    expect(imprints.data.map((d) => d.slug)).toEqual(['b-imprint'])
  })
})

describe('legal documents: groups and items', () => {
  it('nests groups and items by display_order in GET /legal/{id}, GET groups and GET items', async () => {
    const d = await doc(a)
    const stats = await group(d.id, { title: 'Statistics', display_order: 2, cookie_name: 'stats' })
    const needed = await group(d.id, { title: 'Necessary', display_order: 1, is_required: true })
    const marketing = await group(d.id, { title: 'Marketing' })
    expect(marketing.display_order).toBe(3)
    await item(stats.id, { name: '_gid', display_order: 2 })
    await item(stats.id, { name: '_ga', display_order: 1, provider: 'Google', purpose: 'Analytics', expiry: '2 years' })
    await item(stats.id, { name: '_gat' })
    await item(needed.id, { name: 'session' })
    const whole = await detail(d.id)
    expect(shape(whole)).toEqual(['Necessary[session]', 'Statistics[_ga,_gid,_gat]', 'Marketing[]'])
    expect(whole.groups[1]!.items[0]).toEqual({
      id: expect.any(String),
      group_id: stats.id,
      name: '_ga',
      provider: 'Google',
      purpose: 'Analytics',
      expiry: '2 years',
      display_order: 1,
    })
    expect(whole.groups[0]).toMatchObject({ legal_document_id: d.id, cookie_name: null, description: null, is_required: true, default_enabled: true })
    const listed = expectStatus<LegalGroup[]>(await t.as(a.keys.Read).get(`/legal/${d.id}/groups`), 200)
    expect(listed).toEqual(whole.groups)
    const items = expectStatus<LegalItem[]>(await t.as(a.keys.Read).get(`/legal/groups/${stats.id}/items`), 200)
    expect(items.map((i) => i.name)).toEqual(['_ga', '_gid', '_gat'])
  })

  it('a required group is always enabled: forced on, and default_enabled false with is_required true is a 400 that writes nothing', async () => {
    const d = await doc(a)
    expect((await group(d.id, { title: 'Necessary', is_required: true })).default_enabled).toBe(true)
    const bad = expectProblem(await w().post(`/legal/${d.id}/groups`, { title: 'Bad', is_required: true, default_enabled: false }), 400, 'VALIDATION_FAILED')
    expect(bad.errors?.map((e) => e.field)).toEqual(['default_enabled'])
    const optional = await group(d.id, { title: 'Optional' })
    expect(optional.default_enabled).toBe(false)
    expect(expectStatus<LegalGroup>(await w().put(`/legal/groups/${optional.id}`, { is_required: true }), 200).default_enabled).toBe(true)
    expectProblem(await w().put(`/legal/groups/${optional.id}`, { default_enabled: false }), 400, 'VALIDATION_FAILED')
    const after = expectStatus<LegalGroup>(await w().put(`/legal/groups/${optional.id}`, { is_required: false, default_enabled: false }), 200)
    expect(after).toMatchObject({ is_required: false, default_enabled: false })
    expect((await detail(d.id)).groups.map((g) => g.title)).toEqual(['Necessary', 'Optional'])
  })

  it('refuses bad bodies with 400 naming the field, and writes nothing', async () => {
    const d = await doc(a)
    const g = await group(d.id, { title: 'G' })
    const i = await item(g.id, { name: 'i' })
    const cases: Array<[Promise<unknown>, string]> = [
      [w().post(`/legal/${d.id}/groups`, {}), 'title'],
      [w().post(`/legal/${d.id}/groups`, { title: '  ' }), 'title'],
      [w().post(`/legal/${d.id}/groups`, { title: 'x', display_order: 'first' }), 'display_order'],
      [w().put(`/legal/groups/${g.id}`, { is_required: 'yes' }), 'is_required'],
      [w().post(`/legal/groups/${g.id}/items`, { provider: 'x' }), 'name'],
      [w().put(`/legal/items/${i.id}`, { expiry: 5 }), 'expiry'],
    ]
    for (const [res, field] of cases) {
      const problem = expectProblem((await res) as never, 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toContain(field)
    }
    expectProblem(await w().put(`/legal/items/${i.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(shape(await detail(d.id))).toEqual(['G[i]'])
    expect((await auditsOf(t, 'legal_group', g.id)).map((r) => r.action)).toEqual(['Create'])
    expect((await auditsOf(t, 'legal_item', i.id)).map((r) => r.action)).toEqual(['Create'])
  })

  it('each change is audited on its own entity, fires legal.updated with the document and moves its updated_at', async () => {
    const d = await doc(a)
    const before = (await eventsFor(t, 'legal.updated', d.id)).length
    clock().advance(1000)
    const g = await group(d.id, { title: 'G' })
    const i = await item(g.id, { name: 'i' })
    expectStatus(await w().put(`/legal/groups/${g.id}`, { title: 'G2' }), 200)
    expectStatus(await w().put(`/legal/items/${i.id}`, { name: 'i2', purpose: 'p' }), 200)
    expectNoContent(await w().delete(`/legal/items/${i.id}`))
    expectNoContent(await w().delete(`/legal/groups/${g.id}`))
    const events = await eventsFor(t, 'legal.updated', d.id)
    expect(events.length - before).toBe(6)
    expect((events.at(-1)!.payload as { data: LegalDocument }).data).toMatchObject({ id: d.id, slug: d.slug, document_type: 'CookieConsent' })
    expect((await auditsOf(t, 'legal_group', g.id)).map((r) => r.action)).toEqual(['Create', 'Update', 'Delete'])
    expect((await auditsOf(t, 'legal_item', i.id)).map((r) => r.action)).toEqual(['Create', 'Update', 'Delete'])
    expect((await historyOf(t, 'legal_group', g.id)).map((r) => r.field_name)).toEqual(['title'])
    expect((await historyOf(t, 'legal_item', i.id)).map((r) => r.field_name).sort()).toEqual(['name', 'purpose'])
    expect(new Date((await detail(d.id)).updated_at).getTime()).toBeGreaterThan(new Date(d.updated_at).getTime())
  })

  it('deleting a group deletes its items; 404s for deleted, unknown and other-site records', async () => {
    const d = await doc(a)
    const g = await group(d.id, { title: 'G' })
    const i = await item(g.id, { name: 'i' })
    expectNoContent(await w().delete(`/legal/groups/${g.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/legal/groups/${g.id}/items`), 404, 'NOT_FOUND')
    expectProblem(await w().put(`/legal/items/${i.id}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await w().delete(`/legal/groups/${g.id}`), 404, 'NOT_FOUND')
    const g2 = await group(d.id, { title: 'G2' })
    const i2 = await item(g2.id, { name: 'i2' })
    for (const res of [
      await t.as(b.keys.Master).get(`/legal/${d.id}/groups`),
      await t.as(b.keys.Master).post(`/legal/${d.id}/groups`, { title: 'x' }),
      await t.as(b.keys.Master).put(`/legal/groups/${g2.id}`, { title: 'x' }),
      await t.as(b.keys.Master).post(`/legal/groups/${g2.id}/items`, { name: 'x' }),
      await t.as(b.keys.Master).delete(`/legal/items/${i2.id}`),
      await t.as(a.keys.Master).get(`/legal/${MISSING_ID}/groups`),
      await t.as(a.keys.Master).put(`/legal/items/${MISSING_ID}`, { name: 'x' }),
    ]) {
      expectProblem(res, 404, 'NOT_FOUND')
    }
    // The document deleted: everything under it is gone too.
    expectNoContent(await w().delete(`/legal/${d.id}`))
    for (const res of [
      await t.as(a.keys.Read).get(`/legal/${d.id}/groups`),
      await t.as(a.keys.Read).get(`/legal/groups/${g2.id}/items`),
      await w().post(`/legal/groups/${g2.id}/items`, { name: 'x' }),
      await w().put(`/legal/items/${i2.id}`, { name: 'x' }),
      await w().post(`/legal/${d.id}/localizations`, { locale: 'en', title: 'x' }),
    ]) {
      expectProblem(res, 404, 'NOT_FOUND')
    }
  })

  it('group and item writes need Author (the spec says Read: decisions.md); 401 without a key', async () => {
    const d = await doc(a)
    const g = await group(d.id, { title: 'G' })
    const i = await item(g.id, { name: 'i' })
    const r = t.as(a.keys.Read)
    for (const res of [
      await r.post(`/legal/${d.id}/groups`, { title: 'x' }),
      await r.put(`/legal/groups/${g.id}`, { title: 'x' }),
      await r.delete(`/legal/groups/${g.id}`),
      await r.post(`/legal/groups/${g.id}/items`, { name: 'x' }),
      await r.put(`/legal/items/${i.id}`, { name: 'x' }),
      await r.delete(`/legal/items/${i.id}`),
    ]) {
      expectProblem(res, 403, 'FORBIDDEN')
    }
    expectProblem(await t.as().get(`/legal/${d.id}/groups`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as().post(`/legal/groups/${g.id}/items`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expect(shape(await detail(d.id))).toEqual(['G[i]'])
  })
})

/* The localizations kit's contract (by code or id, 409, 400, 403, audit, events) is in localizations-contract.test.ts. */
describe('legal documents: localizations', () => {
  it('GET /legal/{id} embeds the localizations, default locale first', async () => {
    const d = await doc(a)
    const de = { locale_id: a.locales.find((l) => l.code === 'de')!.id, title: 'Cookies (de)' }
    expectStatus<LegalDocumentLocalization>(await w().post(`/legal/${d.id}/localizations`, de), 201)
    const en = expectStatus<LegalDocumentLocalization>(
      await w().post(`/legal/${d.id}/localizations`, { locale: 'en', title: 'Cookies', intro: 'We use *cookies*.' }),
      201,
    )
    expect(en).toMatchObject({ legal_document_id: d.id, title: 'Cookies', intro: 'We use *cookies*.', body: null })
    expect((await detail(d.id)).localizations.map((l) => l.title)).toEqual(['Cookies', 'Cookies (de)'])
  })
})

describe('legal documents: delivery reads', () => {
  it('by slug: the whole document with localizations; inactive ones only for Write and above; other sites 404', async () => {
    const d = await doc(a, { document_type: 'PrivacyPolicy' })
    await w().post(`/legal/${d.id}/localizations`, { locale: 'en', title: 'Privacy', body: 'Text' })
    const got = expectStatus<LegalDocumentDetail>(await t.as(a.keys.Read).get(`/sites/${a.id}/legal/by-slug/${d.slug}`), 200)
    expect(got).toMatchObject({ id: d.id, document_type: 'PrivacyPolicy', groups: [] })
    expect(got.localizations.map((l) => l.title)).toEqual(['Privacy'])
    expectStatus(await w().put(`/legal/${d.id}`, { is_active: false }), 200)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/legal/by-slug/${d.slug}`), 404, 'NOT_FOUND')
    expect(expectStatus<LegalDocumentDetail>(await w().get(`/sites/${a.id}/legal/by-slug/${d.slug}`), 200).is_active).toBe(false)
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/legal/by-slug/${d.slug}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${b.id}/legal/by-slug/${d.slug}`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/sites/${a.id}/legal/by-slug/${d.slug}`), 401, 'UNAUTHENTICATED')
  })

  it('cookie-consent: 404 without an active CookieConsent document; the newest active one, nested and ordered', async () => {
    const site = await makeSite(t)
    const ws = t.as(site.keys.Write)
    const consent = () => t.as(site.keys.Read).get(`/sites/${site.id}/legal/cookie-consent`)
    expectProblem(await consent(), 404, 'NOT_FOUND')
    await doc(site, { document_type: 'PrivacyPolicy' })
    expectProblem(await consent(), 404, 'NOT_FOUND')
    const old = await doc(site)
    expect(expectStatus<LegalDocumentDetail>(await consent(), 200).id).toBe(old.id)
    clock().advance(1000)
    const inactive = await doc(site, { is_active: false })
    expect(expectStatus<LegalDocumentDetail>(await consent(), 200).id).toBe(old.id)
    clock().advance(1000)
    const newest = await doc(site, { cookie_name: 'atrium_consent' })
    const g2 = expectStatus<LegalGroup>(await ws.post(`/legal/${newest.id}/groups`, { title: 'Statistics', display_order: 20 }), 201)
    const g1 = expectStatus<LegalGroup>(await ws.post(`/legal/${newest.id}/groups`, { title: 'Necessary', display_order: 10, is_required: true }), 201)
    for (const [g, name, order] of [
      [g2, '_gid', 2],
      [g2, '_ga', 1],
      [g1, 'session', 5],
      [g1, 'csrf', 1],
    ] as const) {
      expectStatus(await ws.post(`/legal/groups/${g.id}/items`, { name, display_order: order }), 201)
    }
    expectStatus(await ws.post(`/legal/${newest.id}/localizations`, { locale: 'de', title: 'Cookies' }), 201)
    expectStatus(await ws.post(`/legal/${newest.id}/localizations`, { locale: 'en', title: 'Cookies', intro: 'Choose' }), 201)
    const got = expectStatus<LegalDocumentDetail>(await consent(), 200)
    expect(got).toMatchObject({ id: newest.id, cookie_name: 'atrium_consent', document_type: 'CookieConsent', is_active: true })
    expect(shape(got)).toEqual(['Necessary[csrf,session]', 'Statistics[_ga,_gid]'])
    expect(got.groups[0]).toMatchObject({ is_required: true, default_enabled: true })
    // Default locale (en) first, then by code.
    expect(got.localizations.map((l) => l.intro)).toEqual(['Choose', null])
    // Deactivating the newest falls back to the older active one; activating the inactive one makes it current
    // only if it is the newest active.
    expectStatus(await ws.put(`/legal/${newest.id}`, { is_active: false }), 200)
    expect(expectStatus<LegalDocumentDetail>(await consent(), 200).id).toBe(old.id)
    expectStatus(await ws.put(`/legal/${inactive.id}`, { is_active: true }), 200)
    expect(expectStatus<LegalDocumentDetail>(await consent(), 200).id).toBe(inactive.id)
    expectNoContent(await ws.delete(`/legal/${inactive.id}`))
    expectNoContent(await ws.delete(`/legal/${old.id}`))
    expectProblem(await consent(), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${site.id}/legal/cookie-consent`), 404, 'NOT_FOUND')
  })
})
