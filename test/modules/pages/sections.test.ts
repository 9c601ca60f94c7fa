import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, PageDetail, PageSection, PageSectionLocalization } from '../../../src/modules/pages/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf } from '../../helpers/records.js'
import { addSection, createPage, localize, pageBody, writeCounts } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const sectionsOf = async (pageId: string, key = a.keys.Read) => expectStatus<PageSection[]>(await t.as(key).get(`/pages/${pageId}/sections`), 200)
const updatedEvents = (pageId: string) => eventsFor(t, 'page.updated', pageId)

describe('sections', () => {
  it('creates sections (201) appended after the last, lists them by display_order; each change fires page.updated with the page', async () => {
    const page = await createPage(t, a)
    const first = expectStatus<PageSection>(
      await t.as(a.keys.Write).post(`/pages/${page.id}/sections`, {
        section_type: 'hero',
        cover_image_id: null,
        call_to_action_route: '/contact',
        settings: { theme: { dark: true } },
      }),
      201,
    )
    expect(first).toMatchObject({
      page_id: page.id,
      section_type: 'hero',
      display_order: 1,
      cover_image_id: null,
      call_to_action_route: '/contact',
      settings: { theme: { dark: true } },
    })
    const second = await addSection(t, a, page.id)
    expect(second.display_order).toBe(2)
    const early = await addSection(t, a, page.id, { section_type: 'gallery', display_order: 0 })
    expect((await sectionsOf(page.id)).map((s) => s.id)).toEqual([early.id, first.id, second.id])
    expect(second.settings).toEqual({})
    expect(await updatedEvents(page.id)).toHaveLength(3)
    expect((await auditsOf(t, 'page_section', first.id)).map((r) => r.action)).toEqual(['Create'])
  })

  it('updates (history of the section) and deletes a section with its localizations', async () => {
    const page = await createPage(t, a)
    const section = await addSection(t, a, page.id)
    await localize(t, a, section.id, { locale: 'en', title: 'Hello' })
    const updated = expectStatus<PageSection>(await t.as(a.keys.Write).put(`/pages/sections/${section.id}`, { display_order: 7, settings: { cols: 2 } }), 200)
    expect(updated).toMatchObject({ display_order: 7, settings: { cols: 2 } })
    expect((await historyOf(t, 'page_section', section.id)).map((h) => h.field_name).sort()).toEqual(['display_order', 'settings'])
    expectProblem(await t.as(a.keys.Read).delete(`/pages/sections/${section.id}`), 403, 'FORBIDDEN')
    expectNoContent(await t.as(a.keys.Write).delete(`/pages/sections/${section.id}`))
    expect(await sectionsOf(page.id)).toEqual([])
    expect(expectStatus<PageSectionLocalization[]>(await t.as(a.keys.Read).get(`/pages/${page.id}/sections/localizations`), 200)).toEqual([])
    expectProblem(await t.as(a.keys.Write).put(`/pages/sections/${section.id}`, { display_order: 1 }), 404, 'NOT_FOUND')
  })

  it('400 for bad bodies (settings not an object, too large, missing type), nothing written', async () => {
    const page = await createPage(t, a)
    const section = await addSection(t, a, page.id)
    const before = await writeCounts(t)
    for (const [body, field] of [
      [{ section_type: 'text', settings: [1, 2] }, 'settings'],
      [{ section_type: 'text', settings: 'x' }, 'settings'],
      [{ section_type: 'text', settings: { big: 'x'.repeat(70_000) } }, 'settings'],
      [{ display_order: 1 }, 'section_type'],
      [{ section_type: 'text', display_order: 'first' }, 'display_order'],
    ] as const) {
      const res = expectProblem(await t.as(a.keys.Write).post(`/pages/${page.id}/sections`, body), 400, 'VALIDATION_FAILED')
      expect(res.errors?.map((e) => e.field).join(' '), JSON.stringify(body).slice(0, 80)).toContain(field)
    }
    expectProblem(await t.as(a.keys.Write).put(`/pages/sections/${section.id}`, { settings: null }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).put(`/pages/sections/${section.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('401, 403 (Read), 404 (another site, unknown or deleted page)', async () => {
    const page = await createPage(t, a)
    const section = await addSection(t, a, page.id)
    expectProblem(await t.as('').get(`/pages/${page.id}/sections`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/pages/${page.id}/sections`, { section_type: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).get(`/pages/${page.id}/sections`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).put(`/pages/sections/${section.id}`, { display_order: 1 }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/pages/${MISSING_ID}/sections`, { section_type: 'x' }), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/pages/${page.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/pages/${page.id}/sections`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/pages/sections/${section.id}`, { display_order: 1 }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/pages/sections/${section.id}/localizations`), 404, 'NOT_FOUND')
  })

  it('sections of a shared page: read through the carrying site, written only on the owner', async () => {
    const shared = expectStatus<Page>(await t.as(t.masterKey).post('/pages', pageBody([a.id, b.id])), 201)
    const section = await addSection(t, a, shared.id)
    expect((await sectionsOf(shared.id, b.keys.Read)).map((s) => s.id)).toEqual([section.id])
    expectProblem(await t.as(b.keys.Master).post(`/pages/${shared.id}/sections`, { section_type: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/pages/sections/${section.id}/localizations`, { locale: 'en', title: 'x' }), 403, 'FORBIDDEN')
  })
})

/* What is particular to section texts; the kit's contract (upsert by code or id, list order, 400, 401, 403, 404, audit,
   page.updated) is in section-localizations-contract.test.ts. */
describe('section localizations', () => {
  it('an upsert with null clears that text and keeps the others', async () => {
    const section = await addSection(t, a, (await createPage(t, a)).id)
    const created = await localize(t, a, section.id, { locale: 'en', title: 'Hello', text: 'Body', button_text: 'Go' })
    const cleared = await localize(t, a, section.id, { locale: 'en', button_text: null })
    expect(cleared).toMatchObject({ status: 200, body: { id: created.body.id, title: 'Hello', text: 'Body', button_text: null } })
  })

  it('all sections of a page in one list, sections in order, default locale first', async () => {
    const page = await createPage(t, a)
    const s2 = await addSection(t, a, page.id, { display_order: 2 })
    const s1 = await addSection(t, a, page.id, { display_order: 1 })
    await localize(t, a, s2.id, { locale: 'de', title: 'Zwei' })
    await localize(t, a, s2.id, { locale: 'en', title: 'Two' })
    await localize(t, a, s1.id, { locale: 'en', title: 'One' })
    const all = expectStatus<PageSectionLocalization[]>(await t.as(a.keys.Read).get(`/pages/${page.id}/sections/localizations`), 200)
    expect(all.map((l) => [l.page_section_id, l.title])).toEqual([
      [s1.id, 'One'],
      [s2.id, 'Two'],
      [s2.id, 'Zwei'],
    ])
    const detail = expectStatus<PageDetail>(await t.as(a.keys.Write).get(`/sites/${a.id}/pages/by-route/${page.route.slice(1)}`), 200)
    expect(detail.sections.map((s) => s.localizations.map((l) => l.title))).toEqual([['One'], ['Two', 'Zwei']])
  })

  it('400 for a text of the wrong type; nothing written', async () => {
    const section = await addSection(t, a, (await createPage(t, a)).id)
    const before = await writeCounts(t)
    expectProblem(await t.as(a.keys.Write).put(`/pages/sections/${section.id}/localizations`, { locale: 'en', title: 5 }), 400, 'VALIDATION_FAILED')
    expect(await writeCounts(t)).toEqual(before)
  })

  it("DELETE: gone from the page's list of all section localizations", async () => {
    const page = await createPage(t, a)
    const loc = await localize(t, a, (await addSection(t, a, page.id)).id, { locale: 'en', title: 'Bye' })
    expectNoContent(await t.as(a.keys.Write).delete(`/pages/sections/localizations/${loc.body.id}`))
    expect(expectStatus<PageSectionLocalization[]>(await t.as(a.keys.Read).get(`/pages/${page.id}/sections/localizations`), 200)).toEqual([])
  })
})
