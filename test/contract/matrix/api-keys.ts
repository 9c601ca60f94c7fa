import * as apiKeys from '../../../src/modules/api-keys/service.js'
import { makeKey } from '../../helpers/factories.js'
import type { MatrixModule } from './types.js'

/**
 * API keys. The target keys are Read keys of site A: an Admin key may manage only keys it could create itself
 * (Write and below), so the declared-level caller (site A's Admin key) really gets through.
 */
export const apiKeysMatrix: MatrixModule = {
  name: 'api-keys',
  async setup({ t, a }) {
    const spare = await makeKey(t, 'Read', a.id)
    const toBlock = await makeKey(t, 'Read', a.id)
    const toUnblock = await makeKey(t, 'Read', a.id)
    await apiKeys.block(t.sys(), toUnblock.id, {})
    const toRevoke = await makeKey(t, 'Read', a.id)
    const toDelete = await makeKey(t, 'Read', a.id)
    return {
      records: { api_key: spare.id },
      routes: {
        'POST /api/v1/api-keys': { body: { name: 'matrix key', permission: 'Read', site_id: a.id } },
        'PUT /api/v1/api-keys/:id': { body: { description: 'matrix' } },
        'POST /api/v1/api-keys/:id/block': { params: { id: toBlock.id }, destructive: 'a throwaway Active key' },
        'POST /api/v1/api-keys/:id/unblock': { params: { id: toUnblock.id }, destructive: 'a throwaway Blocked key' },
        'POST /api/v1/api-keys/:id/revoke': { params: { id: toRevoke.id }, destructive: 'a throwaway key' },
        'DELETE /api/v1/api-keys/:id': { params: { id: toDelete.id }, destructive: 'a throwaway key' },
      },
    }
  },
}
