import { makeSite, uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Sites, their locales and settings. */
export const sitesMatrix: MatrixModule = {
  name: 'sites',
  async setup({ t, a }) {
    const de = a.locales.find((l) => l.code === 'de')!.id
    const spareLocale = expectStatus<{ id: string }>(await t.as(a.keys.Admin).post(`/sites/${a.id}/locales`, { code: 'fr' }), 201)
    const doomed = await makeSite(t)
    return {
      records: { site: a.id },
      params: { site_id: a.id, locale_id: de },
      routes: {
        'GET /api/v1/sites/by-slug/:slug': { params: { slug: a.slug } },
        'POST /api/v1/sites': { body: { name: 'Matrix site', slug: `matrix-${uid()}` } },
        'POST /api/v1/sites/:site_id/locales': { body: { code: 'it' } },
        'PUT /api/v1/sites/:id': { body: { description: 'matrix' } },
        'PUT /api/v1/sites/:site_id/locales/:locale_id': { body: { name: 'Deutsch' } },
        // a neutral change: turning analytics off would make the analytics pageview route answer 403 ANALYTICS_DISABLED
        'PUT /api/v1/sites/:site_id/settings': { body: { timezone: 'UTC' } },
        'DELETE /api/v1/sites/:site_id/locales/:locale_id': { params: { locale_id: spareLocale.id }, destructive: 'a throwaway locale (fr) of site A' },
        'DELETE /api/v1/sites/:id': { params: { id: doomed.id }, home: doomed, destructive: 'a throwaway site with its own keys' },
      },
    }
  },
}
