import * as members from '../../../src/modules/members/service.js'
import { userIdOf } from '../../../src/platform/jwt.js'
import { uid } from '../../helpers/factories.js'
import type { MatrixModule } from './types.js'

/** Site members: a member to change, a throwaway to remove, a member to receive ownership. */
export const membersMatrix: MatrixModule = {
  name: 'members',
  async setup({ t, a }) {
    const member = await members.add(t.sys(), a.id, { idp_user_id: `matrix_${uid()}`, role: 'Author' })
    const doomed = await members.add(t.sys(), a.id, { idp_user_id: `matrix_${uid()}`, role: 'Viewer' })
    const heir = `matrix_${uid()}`
    await members.add(t.sys(), a.id, { idp_user_id: heir, role: 'Admin' })
    return {
      params: { id: member.id },
      routes: {
        'POST /api/v1/sites/:site_id/members': { body: { idp_user_id: `matrix_${uid()}`, role: 'Viewer' } },
        'PUT /api/v1/sites/:site_id/members/:id': { params: { id: member.id }, body: { role: 'Editor' } },
        'POST /api/v1/sites/:site_id/members/transfer-ownership': { body: { user_id: userIdOf(heir) } },
        'DELETE /api/v1/sites/:site_id/members/:id': { params: { id: doomed.id }, destructive: 'a throwaway Viewer member of site A' },
        // jwtOnly: every API-key caller is refused before anything happens.
        'DELETE /api/v1/auth/account': { destructive: 'API keys are refused (403); no account is touched' },
      },
    }
  },
}
