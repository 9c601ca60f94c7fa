import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Legal documents of site A: an active CookieConsent document with a localization, a group and an item; throwaways to delete. */
export const legalMatrix: MatrixModule = {
  name: 'legal',
  async setup({ t, a }) {
    const w = t.as(a.keys.Write)
    const doc = async (slug: string) =>
      expectStatus<{ id: string; slug: string }>(await w.post(`/sites/${a.id}/legal`, { slug, document_type: 'CookieConsent', cookie_name: 'consent' }), 201)
    const group = async (docId: string) => expectStatus<{ id: string }>(await w.post(`/legal/${docId}/groups`, { title: 'Necessary', is_required: true }), 201)
    const item = async (groupId: string) => expectStatus<{ id: string }>(await w.post(`/legal/groups/${groupId}/items`, { name: 'session' }), 201)
    const main = await doc(`matrix-${uid()}`)
    const mainGroup = await group(main.id)
    const mainItem = await item(mainGroup.id)
    const loc = expectStatus<{ id: string }>(await w.post(`/legal/${main.id}/localizations`, { locale: 'en', title: 'Cookies' }), 201)
    const doomedLoc = expectStatus<{ id: string }>(await w.post(`/legal/${main.id}/localizations`, { locale: 'de', title: 'Cookies' }), 201)
    const doomedGroup = await group(main.id)
    const doomedItem = await item(mainGroup.id)
    const doomedDoc = await doc(`matrix-${uid()}`)
    return {
      records: { legal_document: main.id, legal_group: mainGroup.id, legal_item: mainItem.id, legal_document_localization: loc.id },
      routes: {
        'GET /api/v1/sites/:site_id/legal/by-slug/:slug': { params: { slug: main.slug } },
        'POST /api/v1/sites/:site_id/legal': { body: { slug: `matrix-${uid()}`, document_type: 'PrivacyPolicy' } },
        'PUT /api/v1/legal/:id': { body: { cookie_name: 'consent_v2' } },
        'POST /api/v1/legal/:document_id/groups': { body: { title: 'Statistics' } },
        'PUT /api/v1/legal/groups/:id': { body: { description: 'Always on' } },
        'POST /api/v1/legal/groups/:group_id/items': { body: { name: '_ga', provider: 'Google' } },
        'PUT /api/v1/legal/items/:id': { body: { expiry: '1 year' } },
        'PUT /api/v1/legal/localizations/:loc_id': { body: { intro: 'We use cookies.' } },
        'DELETE /api/v1/legal/localizations/:loc_id': { params: { loc_id: doomedLoc.id }, destructive: 'a throwaway (de) localization' },
        'DELETE /api/v1/legal/groups/:id': { params: { id: doomedGroup.id }, destructive: 'a throwaway group' },
        'DELETE /api/v1/legal/items/:id': { params: { id: doomedItem.id }, destructive: 'a throwaway item' },
        'DELETE /api/v1/legal/:id': { params: { id: doomedDoc.id }, destructive: 'a throwaway legal document' },
      },
    }
  },
}
