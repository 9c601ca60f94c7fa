import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

interface Row {
  id: string
  slug: string
}

/** Menus and items of site A: a `primary` menu with an item to read and change, a throwaway menu and item to delete. */
export const navigationMatrix: MatrixModule = {
  name: 'navigation',
  async setup({ t, a }) {
    const as = t.as(a.keys.Write)
    const menu = async (body: Record<string, string>) => expectStatus<Row>(await as.post(`/sites/${a.id}/menus`, body), 201)
    const item = async (menuId: string) =>
      expectStatus<Row>(await as.post(`/menus/${menuId}/items`, { title: 'Matrix item', link_type: 'internal', url: '/matrix' }), 201)
    const [main, doomedMenu] = [await menu({ name: 'Matrix primary', slug: 'primary' }), await menu({ name: 'Matrix doomed menu' })]
    const [mainItem, doomedItem] = [await item(main.id), await item(main.id)]
    const root = { title: 'Matrix root', link_type: 'internal', url: '/matrix-root' }
    return {
      records: { navigation_menu: main.id, navigation_item: mainItem.id },
      routes: {
        'GET /api/v1/sites/:site_id/menus/slug/:slug': { params: { slug: main.slug } },
        'POST /api/v1/sites/:site_id/menus': { body: { name: 'Matrix footer' } },
        'PUT /api/v1/menus/:id': { body: { description: 'matrix' } },
        'DELETE /api/v1/menus/:id': { params: { id: doomedMenu.id }, destructive: 'a throwaway menu' },
        'POST /api/v1/menus/:menu_id/items': { body: root },
        'POST /api/v1/menus/:menu_id/items/reorder': { body: { items: [{ id: mainItem.id, display_order: 0, parent_id: null }] } },
        'POST /api/v1/sites/:site_id/navigation': { body: root },
        'POST /api/v1/sites/:site_id/navigation/reorder': { body: { items: [{ id: mainItem.id, display_order: 0 }] } },
        'PUT /api/v1/navigation/:id': { body: { title: 'Matrix item renamed' } },
        'PUT /api/v1/navigation/:id/localizations': { body: { locale: 'de', title: 'Matrix-Eintrag' } },
        'DELETE /api/v1/navigation/:id': { params: { id: doomedItem.id }, destructive: 'a throwaway item' },
      },
    }
  },
}
