import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CvEntry } from '../../../src/modules/cv/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, MISSING_ID, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'

/* CV entries (spec "Skills and CV", decisions.md "Skills and CV" and "Shared content"). */

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
  'entry_type',
  'title',
  'organization',
  'organization_url',
  'location',
  'description',
  'start_date',
  'end_date',
  'is_current',
  'display_order',
  'company',
  'company_url',
  'created_at',
  'updated_at',
]

const base = () => ({ entry_type: 'work', title: `Job ${uid()}`, start_date: '2020-01-01' })
async function create(site: SiteFixture, body: Record<string, unknown> = {}, key = site.keys.Write): Promise<CvEntry> {
  return expectStatus<CvEntry>(await t.as(key).post('/cv', { site_ids: [site.id], ...base(), ...body }), 201)
}
const listOf = async (site: SiteFixture, query = '') => expectStatus<Page<CvEntry>>(await t.as(site.keys.Read).get(`/sites/${site.id}/cv${query}`), 200)
const countEntries = async (site: SiteFixture) => (await listOf(site, '?per_page=100')).meta.total
const put = (id: string, body: Record<string, unknown>, key = a.keys.Write) => t.as(key).put(`/cv/${id}`, body)

describe('POST /cv', () => {
  it('creates an entry (201) with every field; company/company_url repeat organization/organization_url; audited as cv_entry with cv.created', async () => {
    const e = await create(a, {
      entry_type: 'education',
      title: ' MSc Computer Science ',
      organization: 'ETH',
      organization_url: 'https://ethz.ch',
      location: 'Zürich',
      description: '**Thesis** on caches',
      start_date: '2016-09-01',
      end_date: '2018-08-31',
      display_order: 2,
    })
    expect(Object.keys(e).sort()).toEqual([...FIELDS].sort())
    expect(e).toMatchObject({
      site_id: a.id,
      site_ids: [a.id],
      entry_type: 'education',
      title: 'MSc Computer Science',
      organization: 'ETH',
      organization_url: 'https://ethz.ch',
      company: 'ETH',
      company_url: 'https://ethz.ch',
      location: 'Zürich',
      description: '**Thesis** on caches',
      start_date: '2016-09-01',
      end_date: '2018-08-31',
      is_current: false,
      display_order: 2,
    })
    expect(expectStatus<CvEntry>(await t.as(a.keys.Read).get(`/cv/${e.id}`), 200)).toEqual(e)
    expect((await auditsOf(t, 'cv_entry', e.id)).map((r) => r.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'cv.created', e.id)).toHaveLength(1)
  })

  it('optional text is null when unset; company/company_url are accepted as aliases (equal values with organization too)', async () => {
    const plain = await create(a)
    expect(plain).toMatchObject({
      organization: null,
      organization_url: null,
      company: null,
      company_url: null,
      location: null,
      description: null,
      end_date: null,
      is_current: false,
    })
    const aliased = await create(a, { company: 'ACME', company_url: 'http://acme.test/about' })
    expect(aliased).toMatchObject({ organization: 'ACME', organization_url: 'http://acme.test/about', company: 'ACME', company_url: 'http://acme.test/about' })
    expect((await create(a, { organization: 'Same', company: 'Same' })).organization).toBe('Same')
    const current = await create(a, { is_current: true })
    expect(current).toMatchObject({ is_current: true, end_date: null })
  })

  it('400 with errors and nothing written: dates, end before start, current with end, URLs, entry_type, aliases that disagree', async () => {
    const before = await countEntries(a)
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ start_date: '2026-02-30' }, 'start_date'],
      [{ start_date: '2025-02-29' }, 'start_date'],
      [{ start_date: '2024-1-01' }, 'start_date'],
      [{ start_date: '2024-01-01T00:00:00Z' }, 'start_date'],
      [{ end_date: '2021-13-01' }, 'end_date'],
      [{ start_date: '2020-05-01', end_date: '2020-04-30' }, 'end_date'],
      [{ is_current: true, end_date: '2021-01-01' }, 'end_date'],
      [{ organization_url: 'ftp://example.org' }, 'organization_url'],
      [{ organization_url: 'javascript:alert(1)' }, 'organization_url'],
      [{ organization_url: 'example.org' }, 'organization_url'],
      [{ company_url: 'mailto:x@y.z' }, 'company_url'],
      [{ organization: 'A', company: 'B' }, 'company'],
      [{ entry_type: 'hobby' }, 'entry_type'],
      [{ title: '' }, 'title'],
      [{ start_date: undefined }, 'start_date'],
    ]
    for (const [body, field] of bad) {
      const p = expectProblem(await t.as(a.keys.Write).post('/cv', { site_ids: [a.id], ...base(), ...body }), 400, 'VALIDATION_FAILED')
      expect(
        p.errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field)
    }
    expect(await countEntries(a)).toBe(before)
    // A leap day and an end on the start day are fine.
    expect((await create(a, { start_date: '2024-02-29', end_date: '2024-02-29' })).end_date).toBe('2024-02-29')
  })

  it('401 without a key, 403 for a Read key, 404 naming a site out of reach (nothing created)', async () => {
    const before = await countEntries(a)
    expectProblem(await t.as().post('/cv', { site_ids: [a.id], ...base() }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post('/cv', { site_ids: [a.id], ...base() }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post('/cv', { site_ids: [a.id, b.id], ...base() }), 404, 'NOT_FOUND')
    expect(await countEntries(a)).toBe(before)
  })
})

describe('GET /sites/{site_id}/cv', () => {
  it('orders current entries first, then start_date newest first (then display_order); per_page defaults to 10', async () => {
    const site = await makeSite(t)
    const mk = (title: string, body: Record<string, unknown>) => create(site, { title, ...body })
    await mk('old', { start_date: '2010-01-01', end_date: '2012-01-01' })
    await mk('current-old', { start_date: '2015-01-01', is_current: true })
    await mk('newest-ended', { start_date: '2023-01-01', end_date: '2023-06-01' })
    await mk('current-new', { start_date: '2022-01-01', is_current: true })
    await mk('mid-b', { start_date: '2018-01-01', display_order: 2 })
    await mk('mid-a', { start_date: '2018-01-01', display_order: 1 })
    expect((await listOf(site)).data.map((e) => e.title)).toEqual(['current-new', 'current-old', 'newest-ended', 'mid-a', 'mid-b', 'old'])
    for (let i = 0; i < 6; i++) await mk(`filler ${i}`, { start_date: '2000-01-01' })
    const page = await listOf(site)
    expect(page.meta).toEqual({ page: 1, per_page: 10, total: 12, total_pages: 2 })
    expect(page.data).toHaveLength(10)
  })

  it('filters by entry_type; an unknown entry_type is a 400', async () => {
    const site = await makeSite(t)
    const work = await create(site, { entry_type: 'work' })
    const cert = await create(site, { entry_type: 'certification' })
    expect((await listOf(site, '?entry_type=work')).data.map((e) => e.id)).toEqual([work.id])
    expect((await listOf(site, '?entry_type=certification')).data.map((e) => e.id)).toEqual([cert.id])
    expect((await listOf(site, '?entry_type=project')).data).toEqual([])
    expect((await listOf(site)).meta.total).toBe(2)
    const p = expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/cv?entry_type=hobby`), 400, 'VALIDATION_FAILED')
    expect(p.errors?.map((e) => e.field)).toContain('entry_type')
  })

  it('shows entries shared with the site; 401 without a key, 404 for another site', async () => {
    const site = await makeSite(t)
    const sh = expectStatus<CvEntry>(await t.as(t.masterKey).post('/cv', { site_ids: [a.id, site.id], ...base() }), 201)
    expect((await listOf(site)).data.map((e) => [e.id, e.site_ids])).toEqual([[sh.id, [a.id, site.id]]])
    expectProblem(await t.as().get(`/sites/${a.id}/cv`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/cv`), 404, 'NOT_FOUND')
  })
})

describe('GET /cv/{id}', () => {
  it('401, 404 for another site, unknown and deleted entries', async () => {
    const e = await create(a)
    expectProblem(await t.as().get(`/cv/${e.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/cv/${e.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/cv/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/cv/${e.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/cv/${e.id}`), 404, 'NOT_FOUND')
  })
})

describe('PUT /cv/{id}', () => {
  it('updates partially with history (without the company aliases) and cv.updated; company alone renames organization', async () => {
    const e = await create(a, { organization: 'Old Co' })
    const u = expectStatus<CvEntry>(await put(e.id, { company: 'New Co', location: 'Berlin' }), 200)
    expect(u).toMatchObject({ organization: 'New Co', company: 'New Co', location: 'Berlin' })
    expect((await historyOf(t, 'cv_entry', e.id)).map((h) => h.field_name).sort()).toEqual(['location', 'organization'])
    expect(await eventsFor(t, 'cv.updated', e.id)).toHaveLength(1)
    expect(expectStatus<CvEntry>(await put(e.id, { organization_url: null, location: null }), 200)).toMatchObject({ organization_url: null, location: null })
  })

  it('is_current: true clears a stored end_date; an end_date on a current entry needs is_current: false', async () => {
    const e = await create(a, { start_date: '2019-01-01', end_date: '2020-01-01' })
    const cur = expectStatus<CvEntry>(await put(e.id, { is_current: true }), 200)
    expect(cur).toMatchObject({ is_current: true, end_date: null })
    const p = expectProblem(await put(e.id, { end_date: '2021-01-01' }), 400, 'VALIDATION_FAILED')
    expect(p.errors?.map((x) => x.field)).toEqual(['end_date'])
    expectProblem(await put(e.id, { is_current: true, end_date: '2021-01-01' }), 400, 'VALIDATION_FAILED')
    const ended = expectStatus<CvEntry>(await put(e.id, { is_current: false, end_date: '2021-01-01' }), 200)
    expect(ended).toMatchObject({ is_current: false, end_date: '2021-01-01' })
  })

  it('checks dates against the stored entry: 400 and nothing changed', async () => {
    const e = await create(a, { start_date: '2019-01-01', end_date: '2020-01-01' })
    for (const [body, field] of [
      [{ start_date: '2020-06-01' }, 'start_date'],
      [{ end_date: '2018-12-31' }, 'end_date'],
      [{ start_date: '2026-02-30' }, 'start_date'],
      [{ organization_url: 'not a url' }, 'organization_url'],
      [{ entry_type: 'job' }, 'entry_type'],
    ] as const) {
      const p = expectProblem(await put(e.id, body), 400, 'VALIDATION_FAILED')
      expect(
        p.errors?.map((x) => x.field),
        JSON.stringify(body),
      ).toContain(field)
    }
    expect(expectStatus<CvEntry>(await t.as(a.keys.Read).get(`/cv/${e.id}`), 200)).toEqual(e)
    expect(await historyOf(t, 'cv_entry', e.id)).toHaveLength(0)
    // Moving both together is fine.
    expect(expectStatus<CvEntry>(await put(e.id, { start_date: '2021-01-01', end_date: '2022-01-01' }), 200).start_date).toBe('2021-01-01')
  })

  it('401, 403 for a Read key, 404 for another site and a deleted entry', async () => {
    const e = await create(a)
    expectProblem(await t.as().put(`/cv/${e.id}`, { title: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await put(e.id, { title: 'x' }, a.keys.Read), 403, 'FORBIDDEN')
    expectProblem(await put(e.id, { title: 'x' }, b.keys.Master), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/cv/${e.id}`))
    expectProblem(await put(e.id, { title: 'x' }), 404, 'NOT_FOUND')
  })
})

describe('DELETE /cv/{id}', () => {
  it('soft-deletes (204, audited, cv.deleted): 404 afterwards and gone from the list', async () => {
    const e = await create(a)
    expectNoContent(await t.as(a.keys.Write).delete(`/cv/${e.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/cv/${e.id}`), 404, 'NOT_FOUND')
    expect((await listOf(a, '?per_page=100')).data.map((x) => x.id)).not.toContain(e.id)
    expect((await auditsOf(t, 'cv_entry', e.id)).map((r) => r.action)).toEqual(['Create', 'Delete'])
    expect(await eventsFor(t, 'cv.deleted', e.id)).toHaveLength(1)
    expectProblem(await t.as(a.keys.Write).delete(`/cv/${e.id}`), 404, 'NOT_FOUND')
  })

  it('401, 403 for a Read key, 404 for another site', async () => {
    const e = await create(a)
    expectProblem(await t.as().delete(`/cv/${e.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).delete(`/cv/${e.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/cv/${e.id}`), 404, 'NOT_FOUND')
  })
})

describe('shared CV entries', () => {
  it('readable through the carrying site, written only on the owning site (403 through the carrier, 404 for strangers)', async () => {
    const sh = expectStatus<CvEntry>(await t.as(t.masterKey).post('/cv', { site_ids: [a.id, b.id], ...base() }), 201)
    expect(sh).toMatchObject({ site_id: a.id, site_ids: [a.id, b.id] })
    expect(expectStatus<CvEntry>(await t.as(b.keys.Read).get(`/cv/${sh.id}`), 200)).toEqual(sh)
    expectProblem(await put(sh.id, { title: 'x' }, b.keys.Master), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/cv/${sh.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(c.keys.Master).get(`/cv/${sh.id}`), 404, 'NOT_FOUND')
    expectStatus(await put(sh.id, { title: 'Renamed' }), 200)
    expect((await listOf(b, '?per_page=100')).data.find((x) => x.id === sh.id)?.title).toBe('Renamed')
    expectNoContent(await t.as(a.keys.Write).delete(`/cv/${sh.id}`))
    expect((await listOf(b, '?per_page=100')).data.map((x) => x.id)).not.toContain(sh.id)
  })
})
