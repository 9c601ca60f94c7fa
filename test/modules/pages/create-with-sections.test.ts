import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createPage, pageBody, writeCounts } from './fixtures.js'

/*
 * A page created with its sections (POST /pages `sections`) or from a page content template (`template_id`):
 * sections and their localizations are written in the page's create transaction; bad seeds change nothing.
 */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  ;[a, b] = [await makeSite(t), await makeSite(t)]
})
afterAll(() => t.close())

type Loc = { locale_id: string; title: string | null; text: string | null; button_text: string | null }
type Section = { id: string; section_type: string; display_order: number; settings: unknown; localizations: Loc[] }
const locId = (code: string) => a.locales.find((l) => l.code === code)!.id
/** The page's sections (by display_order), each with its localizations (from the all-sections localizations list). */
async function sectionsOf(pageId: string): Promise<Section[]> {
  const sections = expectStatus<Array<Omit<Section, 'localizations'>>>(await t.as(a.keys.Read).get(`/pages/${pageId}/sections`), 200)
  const locs = expectStatus<Array<Loc & { page_section_id: string }>>(await t.as(a.keys.Read).get(`/pages/${pageId}/sections/localizations`), 200)
  return sections.map((s) => ({ ...s, localizations: locs.filter((l) => l.page_section_id === s.id) }))
}
const shape = (sections: Section[]) =>
  sections.map((s) => ({
    type: s.section_type,
    order: s.display_order,
    locs: s.localizations.map((l) => `${a.locales.find((x) => x.id === l.locale_id)!.code}:${l.title}`).sort(),
  }))

describe('POST /pages with sections', () => {
  it('creates the sections in order with their localizations (locale by code or id)', async () => {
    const page = await createPage(t, a, {
      sections: [
        {
          section_type: 'hero',
          settings: { dark: true },
          localizations: [
            { locale: 'en', title: 'Welcome', button_text: 'Go' },
            { locale_id: locId('de'), title: 'Willkommen' },
          ],
        },
        { section_type: 'text', localizations: [{ locale: 'EN', title: 'Body', text: '# Hi' }] },
        { section_type: 'gallery', display_order: 10 },
      ],
    })
    const sections = await sectionsOf(page.id)
    expect(shape(sections)).toEqual([
      { type: 'hero', order: 0, locs: ['de:Willkommen', 'en:Welcome'] },
      { type: 'text', order: 1, locs: ['en:Body'] },
      { type: 'gallery', order: 10, locs: [] },
    ])
    expect(sections[0]!.settings).toEqual({ dark: true })
    expect(sections[1]!.localizations[0]).toMatchObject({ text: '# Hi', button_text: null })
  })

  it('refuses a locale of another site (400) and a locale twice in one section (409); nothing is written', async () => {
    const before = await writeCounts(t)
    const foreign = b.locales[0]!.id
    const bad = expectProblem(
      await t
        .as(a.keys.Write)
        .post('/pages', pageBody([a.id], { sections: [{ section_type: 'x' }, { section_type: 'y', localizations: [{ locale_id: foreign, title: 'No' }] }] })),
      400,
      'VALIDATION_FAILED',
    )
    expect(bad.errors?.map((e) => e.field)).toEqual(['sections.1.localizations.0.locale_id'])
    expectProblem(
      await t.as(a.keys.Write).post('/pages', pageBody([a.id], { sections: [{ section_type: 'x', localizations: [{ locale: 'en' }, { locale: 'en' }] }] })),
      409,
      'CONFLICT',
    )
    expectProblem(
      await t.as(a.keys.Write).post('/pages', pageBody([a.id], { sections: [{ section_type: 'x', settings: { big: 'x'.repeat(70_000) } }] })),
      400,
      'VALIDATION_FAILED',
    )
    expect(await writeCounts(t)).toEqual(before)
  })
})

describe('POST /pages with template_id', () => {
  const template = async (site: SiteFixture, content_type: 'page' | 'blog', template_data: Record<string, unknown>) =>
    expectStatus<{ id: string }>(
      await t.as(site.keys.Write).post(`/sites/${site.id}/content-templates`, { name: `T ${uid()}`, content_type, template_data }),
      201,
    )

  it("fills page fields and sections from the template; the body's own values win", async () => {
    const tpl = await template(a, 'page', {
      page_type: 'landing',
      template: 'wide',
      is_in_navigation: true,
      route: '/never-used',
      sections: [{ section_type: 'hero', localizations: [{ locale: 'en', title: 'From template' }] }, { section_type: 'cta' }],
    })
    const page = await createPage(t, a, { template_id: tpl.id, template: 'narrow' })
    expect(page).toMatchObject({ page_type: 'landing', template: 'narrow', is_in_navigation: true })
    expect(page.route).not.toBe('/never-used')
    expect(shape(await sectionsOf(page.id))).toEqual([
      { type: 'hero', order: 0, locs: ['en:From template'] },
      { type: 'cta', order: 1, locs: [] },
    ])
    const own = await createPage(t, a, { template_id: tpl.id, sections: [{ section_type: 'text' }] })
    expect(shape(await sectionsOf(own.id))).toEqual([{ type: 'text', order: 0, locs: [] }])
  })

  it("refuses a blog template, another site's template and template sections that do not fit (400 on template_id); nothing is written", async () => {
    const blogTpl = await template(a, 'blog', { author: 'X' })
    const foreign = await template(b, 'page', {})
    const misfit = await template(a, 'page', { sections: [{ section_type: 'hero', colour: 'red' }] })
    const before = await writeCounts(t)
    for (const id of [blogTpl.id, foreign.id, misfit.id]) {
      const problem = expectProblem(await t.as(a.keys.Write).post('/pages', pageBody([a.id], { template_id: id })), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toEqual(['template_id'])
    }
    expect(await writeCounts(t)).toEqual(before)
  })
})
