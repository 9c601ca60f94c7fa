import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Audit trail of a social link of site A (after the social module), and one of its changes to revert. */
export const auditMatrix: MatrixModule = {
  name: 'audit',
  async setup({ t, a }) {
    const link = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/social`, { platform: 'github', url: 'https://github.com/audit-matrix' }),
      201,
    )
    expectStatus(await t.as(a.keys.Write).put(`/social/${link.id}`, { label: 'Audit' }), 200)
    const [change] = expectStatus<Array<{ id: string }>>(await t.as(a.keys.Read).get(`/audit/history/social_link/${link.id}`), 200)
    const entity = { params: { entity_type: 'social_link', entity_id: link.id } }
    return {
      routes: {
        'GET /api/v1/audit/entity/:entity_type/:entity_id': entity,
        'GET /api/v1/audit/history/:entity_type/:entity_id': entity,
        'POST /api/v1/audit/history/revert': { body: { change_ids: [change!.id] } },
      },
    }
  },
}
