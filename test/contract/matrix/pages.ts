import type { Page, PageSection } from '../../../src/modules/pages/schemas.js'
import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Pages, their sections and section localizations, and the page workflow. */
export const pagesMatrix: MatrixModule = {
  name: 'pages',
  shares: ['page', 'page_section', 'page_section_localization'],
  async setup({ t, a, b }) {
    const create = async (key: string, siteIds: string[], status = 'Draft') =>
      expectStatus<Page>(await t.as(key).post('/pages', { site_ids: siteIds, route: `/matrix/${uid()}`, slug: `matrix-${uid()}`, status }), 201)
    const section = async (pageId: string) =>
      expectStatus<PageSection>(await t.as(t.masterKey).post(`/pages/${pageId}/sections`, { section_type: 'text' }), 201)
    const localize = async (sectionId: string, locale: string) =>
      expectStatus<{ id: string }>(await t.as(t.masterKey).put(`/pages/sections/${sectionId}/localizations`, { locale, title: 'Matrix' }), 201)
    const page = await create(a.keys.Write, [a.id])
    // By route, Read-level callers see only live pages (decisions.md "Content": public reads).
    const live = await create(a.keys.Write, [a.id], 'Published')
    const doomed = await create(a.keys.Write, [a.id])
    // Owned by A, carried by B: only an unscoped key may name both sites.
    const shared = await create(t.masterKey, [a.id, b.id])
    const [own, sharedSection, doomedSection] = [await section(page.id), await section(shared.id), await section(page.id)]
    const [ownLoc, sharedLoc, doomedLoc] = [await localize(own.id, 'en'), await localize(sharedSection.id, 'en'), await localize(own.id, 'de')]
    return {
      records: { page: page.id, page_section: own.id, page_section_localization: ownLoc.id },
      shared: { page: shared.id, page_section: sharedSection.id, page_section_localization: sharedLoc.id },
      routes: {
        'GET /api/v1/sites/:site_id/pages/by-route/:route': { params: { route: live.route.slice(1) } },
        'GET /api/v1/sites/:site_id/pages/by-route/*': { params: { '*': live.route.slice(1) } },
        'POST /api/v1/pages': { body: { site_ids: [a.id], route: `/matrix/${uid()}`, slug: `matrix-${uid()}` } },
        'PUT /api/v1/pages/:id': { body: { template: 'matrix' } },
        'POST /api/v1/sites/:site_id/pages/bulk': { body: { action: 'UpdateStatus', ids: [page.id], status: 'Draft' } },
        'POST /api/v1/pages/:id/review': { body: { action: 'RequestChanges' } },
        'POST /api/v1/pages/:page_id/sections': { body: { section_type: 'hero' } },
        'PUT /api/v1/pages/sections/:id': { body: { display_order: 5 } },
        'PUT /api/v1/pages/sections/:section_id/localizations': { body: { locale: 'en', title: 'Matrix again' } },
        'DELETE /api/v1/pages/sections/localizations/:id': { params: { id: doomedLoc.id }, destructive: 'a throwaway (de) section localization' },
        'DELETE /api/v1/pages/sections/:id': { params: { id: doomedSection.id }, destructive: 'a throwaway section' },
        'DELETE /api/v1/pages/:id': { params: { id: doomed.id }, destructive: 'a throwaway page' },
      },
    }
  },
}
