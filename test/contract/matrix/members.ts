import { idpUsers } from '../../../src/db/schema/idp-users.js'
import { notifications } from '../../../src/db/schema/notifications.js'
import * as members from '../../../src/modules/members/service.js'
import { userIdOf } from '../../../src/platform/jwt.js'
import { uid } from '../../helpers/factories.js'
import type { MatrixModule } from './types.js'

/** Site members (a member to change, a throwaway to remove, a member to receive ownership), notifications, account. */
export const membersMatrix: MatrixModule = {
  name: 'members',
  async setup({ t, a, jwt }) {
    const member = await members.add(t.sys(), a.id, { idp_user_id: `matrix_${uid()}`, role: 'Author' })
    const doomed = await members.add(t.sys(), a.id, { idp_user_id: `matrix_${uid()}`, role: 'Viewer' })
    const [note] = await t.dbh.db
      .insert(notifications)
      .values({
        site_id: a.id,
        recipient_idp_id: jwt.Viewer.sub,
        notification_type: 'content_submitted',
        title: 'matrix',
        message: '',
        entity_type: 'blog',
        entity_id: a.id,
      })
      .returning()
    // A directory entry (as a sign-in writes it) for the /idp/users/:id routes.
    const knownSub = `matrix_${uid()}`
    const known = userIdOf(knownSub)
    await t.dbh.db.insert(idpUsers).values({ id: known, idp_user_id: knownSub, email: null, name: 'Matrix user', avatar_url: null })
    const heir = `matrix_${uid()}`
    await members.add(t.sys(), a.id, { idp_user_id: heir, role: 'Admin' })
    return {
      routes: {
        'POST /api/v1/sites/:site_id/members': { body: { idp_user_id: `matrix_${uid()}`, role: 'Viewer' } },
        'PUT /api/v1/sites/:site_id/members/:id': { params: { id: member.id }, body: { role: 'Editor' } },
        'POST /api/v1/sites/:site_id/members/transfer-ownership': { body: { user_id: userIdOf(heir) } },
        'DELETE /api/v1/sites/:site_id/members/:id': { params: { id: doomed.id }, destructive: 'a throwaway Viewer member of site A' },
        'PUT /api/v1/notifications/:id/read': { params: { id: note!.id } },
        'GET /api/v1/idp/users/:id': { params: { id: known } },
        'PUT /api/v1/idp/users/:id/role': { params: { id: known }, body: { role: 'User' } },
        // jwtOnly: every API-key caller is refused before anything happens.
        'DELETE /api/v1/auth/account': { destructive: 'API keys are refused (403); no account is touched' },
      },
    }
  },
}
