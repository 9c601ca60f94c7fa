import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Redirects of site A: one to read and change, one to delete. */
export const redirectsMatrix: MatrixModule = {
  name: 'redirects',
  async setup({ t, a }) {
    const make = async (n: number) =>
      expectStatus<{ id: string }>(await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: `/matrix-${n}`, destination_path: '/to' }), 201)
    const [main, doomed] = [await make(1), await make(2)]
    return {
      records: { redirect: main.id },
      routes: {
        'POST /api/v1/sites/:site_id/redirects': { body: { source_path: '/matrix-new', destination_path: '/to' } },
        'PUT /api/v1/redirects/:id': { body: { status_code: 302 } },
        'DELETE /api/v1/redirects/:id': { params: { id: doomed.id }, destructive: 'a throwaway redirect' },
      },
    }
  },
}
