import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Social links of site A: one to read and change, one to delete. */
export const socialMatrix: MatrixModule = {
  name: 'social',
  async setup({ t, a }) {
    const link = async () =>
      expectStatus<{ id: string }>(await t.as(a.keys.Write).post(`/sites/${a.id}/social`, { platform: 'github', url: 'https://github.com/matrix' }), 201)
    const [main, doomed] = [await link(), await link()]
    return {
      records: { social_link: main.id },
      routes: {
        'POST /api/v1/sites/:site_id/social': { body: { platform: 'mastodon', url: 'https://mastodon.example/@matrix' } },
        'PUT /api/v1/social/:id': { body: { label: 'Matrix' } },
        'POST /api/v1/sites/:site_id/social/reorder': { body: { items: [{ id: main.id, display_order: 1 }] } },
        'DELETE /api/v1/social/:id': { params: { id: doomed.id }, destructive: 'a throwaway social link' },
      },
    }
  },
}
