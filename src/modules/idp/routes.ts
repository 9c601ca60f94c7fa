import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { level, unscoped } from '../../http/access.js'
import { LimitOffsetPage } from '../../http/pagination.js'
import { IdParams } from '../../http/schemas.js'
import { IdpUser, IdpUserQuery, UpdateRoleBody } from './schemas.js'
import * as idp from './service.js'
const WHO = 'Needs Admin on at least one site, or a system admin (API keys: Admin).'

const route = operations('Identity-provider users', {
  listIdpUsers: [
    'List identity-provider users',
    `From the configured directory: built in (every user who has signed in, oldest first) or a Clerk-compatible Backend API (ATRIUM_IDP_API_URL). ${WHO}`,
  ],
  getIdpUser: [
    'Get an identity-provider user',
    `By user id (the UUID v5 of the identity-provider id) of a user who has signed in or been given a role. ${WHO}`,
  ],
  updateIdpUserRole: [
    'Set the CMS role of a user',
    'Body `{ role: "SystemAdmin" | "User" }`. System admins only (API keys: an unscoped Master key). Users named in ATRIUM_SYSTEM_ADMINS stay system admins (User: 409). Atrium keeps the role whichever directory lists the user.',
  ],
})

/** The identity provider's users (README "Identity-provider users (JWT)"). */
export const idpUserRoutes: AppPlugin = async (app) => {
  app.get('/idp/users', route('listIdpUsers', { access: level('Admin'), querystring: IdpUserQuery, response: { 200: LimitOffsetPage(IdpUser) } }), (req) =>
    idp.list(req.ctx, req.query),
  )

  app.get('/idp/users/:id', route('getIdpUser', { access: level('Admin'), params: IdParams, response: { 200: IdpUser } }), (req) =>
    idp.get(req.ctx, req.params.id),
  )

  app.put(
    '/idp/users/:id/role',
    route('updateIdpUserRole', { access: unscoped('Master'), params: IdParams, body: UpdateRoleBody, response: { 200: IdpUser } }),
    (req) => idp.updateRole(req.ctx, req.params.id, req.body),
  )
}
