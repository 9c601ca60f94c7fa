import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/*
 * Webhooks of site A. The matrix app refuses private targets (no ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS), so the
 * fixtures name a public IP literal (no DNS); the test send's connection fails fast in tests (network guard) and
 * is logged as a failed attempt, which is all the access matrix needs.
 */
export const webhooksMatrix: MatrixModule = {
  name: 'webhooks',
  async setup({ t, a }) {
    const hook = async () =>
      expectStatus<{ id: string }>(
        await t.as(a.keys.Admin).post(`/sites/${a.id}/webhooks`, { url: 'https://203.0.114.10/matrix', events: ['blog.created'] }),
        201,
      )
    const [main, doomed] = [await hook(), await hook()]
    // one record of the delivery log (a failed test send) for the delivery detail and redeliver routes
    const logged = expectStatus<{ id: string }>(await t.as(a.keys.Admin).post(`/webhooks/${main.id}/test`), 200)
    return {
      records: { webhook: main.id },
      params: { delivery_id: logged.id },
      routes: {
        'POST /api/v1/sites/:site_id/webhooks': { body: { url: 'https://203.0.114.11/new' } },
        'PUT /api/v1/webhooks/:id': { body: { description: 'Matrix' } },
        'DELETE /api/v1/webhooks/:id': { params: { id: doomed.id }, destructive: 'a throwaway webhook' },
      },
    }
  },
}
