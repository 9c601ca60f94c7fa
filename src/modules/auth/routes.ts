import type { AppPlugin } from '../../http/app-types.js'
import { anyAuth, jwtOnly } from '../../http/access.js'
import { sendJsonStream } from '../../http/raw.js'
import { NoContent, op } from '../../http/schemas.js'
import { AccountExport, AuthInfo, Profile } from './schemas.js'
import * as auth from './service.js'

const tags = ['Auth']

export const authRoutes: AppPlugin = async (app) => {
  app.get(
    '/auth/me',
    { config: { access: anyAuth }, schema: { ...op('getAuthInfo', 'Who is calling: the key or user behind this request'), tags, response: { 200: AuthInfo } } },
    async (req) => auth.me(req.ctx),
  )

  app.get(
    '/auth/profile',
    {
      config: { access: anyAuth },
      schema: {
        ...op('getProfile', 'Your full profile'),
        tags,
        description:
          'JWT users: directory data (email, name, avatar URL, first and latest sign-in) and memberships. API-key callers: the key record (decisions.md).',
        response: { 200: Profile },
      },
    },
    (req) => auth.profile(req.ctx),
  )

  app.get(
    '/auth/export',
    {
      config: { access: anyAuth },
      schema: {
        ...op('exportAccountData', 'Export everything tied to you'),
        tags,
        description:
          'One JSON document, streamed: profile, memberships, the API keys you created (for an API key: the key itself, never its secret), the audit entries and change history you made, and (API keys) the usage records. Sent as an attachment with Cache-Control: no-store.',
        response: { 200: AccountExport },
      },
    },
    async (req, reply) => sendJsonStream(reply, auth.exportData(req.ctx), 'atrium-export.json'),
  )

  app.delete(
    '/auth/account',
    {
      config: { access: jwtOnly },
      schema: {
        ...op('deleteAccount', 'Delete your account'),
        tags,
        description:
          'Identity-provider users only (API keys: 403). 409 while you own a site. Removes your memberships, notifications and directory entry; audit history stays under your user id.',
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await auth.deleteAccount(req.ctx)
      return reply.code(204).send(null)
    },
  )
}
