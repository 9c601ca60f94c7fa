import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { anyAuth, jwtOnly } from '../../http/access.js'
import { sendJsonStream } from '../../http/raw.js'
import { NoContent } from '../../http/schemas.js'
import { AccountExport, AuthInfo, Profile } from './schemas.js'
import * as auth from './service.js'

const route = operations('Auth', {
  getAuthInfo: 'Who is calling: the key or user behind this request',
  getProfile: [
    'Your full profile',
    'JWT users: directory data (email, name, avatar URL, first and latest sign-in) and memberships. API-key callers: the key record (decisions.md).',
  ],
  exportAccountData: [
    'Export everything tied to you',
    'One JSON document, streamed: profile, memberships, the API keys you created (for an API key: the key itself, never its secret), the audit entries and change history you made, and (API keys) the usage records. Sent as an attachment with Cache-Control: no-store.',
  ],
  deleteAccount: [
    'Delete your account',
    'Identity-provider users only (API keys: 403). 409 while you own a site. Removes your memberships, notifications and directory entry; audit history stays under your user id.',
  ],
})

export const authRoutes: AppPlugin = async (app) => {
  app.get('/auth/me', route('getAuthInfo', { access: anyAuth, response: { 200: AuthInfo } }), async (req) => auth.me(req.ctx))

  app.get('/auth/profile', route('getProfile', { access: anyAuth, response: { 200: Profile } }), (req) => auth.profile(req.ctx))

  app.get('/auth/export', route('exportAccountData', { access: anyAuth, response: { 200: AccountExport } }), async (req, reply) =>
    sendJsonStream(reply, auth.exportData(req.ctx), 'atrium-export.json'),
  )

  app.delete('/auth/account', route('deleteAccount', { access: jwtOnly, response: { 204: NoContent } }), async (req, reply) => {
    await auth.deleteAccount(req.ctx)
    return reply.code(204).send(null)
  })
}
