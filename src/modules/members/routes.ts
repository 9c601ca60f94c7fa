import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { NoContent, SiteParams } from '../../http/schemas.js'
import { AddMemberBody, Member, MemberParams, TransferOwnershipBody, UpdateMemberBody } from './schemas.js'
import * as members from './service.js'

const route = operations('Members', {
  listSiteMembers: ['List the members of a site', 'The Owner first, then by role (Admin, Reviewer, Editor, Author, Viewer), oldest first.'],
  addSiteMember: [
    'Add a member to a site',
    'Body `{ user_id | idp_user_id, role }`; role is not Owner (ownership moves through transfer-ownership). A user who is a member already: 409. ' +
      'Someone who has never signed in is added by `idp_user_id`: with the built-in directory their `email` and `name` are null until ' +
      'their first sign-in; with an external directory (`ATRIUM_IDP_API_URL`) they come from it at once, an id it does not know is a 400 ' +
      'and the directory being unreachable a 503. `user_id` names only users who have signed in (400 otherwise).',
  ],
  transferSiteOwnership: [
    'Transfer the ownership of a site',
    'Body `{ user_id }`: a member of the site (else 400) becomes the Owner; the previous Owner becomes Admin. Exactly one Owner per site. API keys need Master; a site created with an API key gets its first Owner this way. Answers the members after the change.',
  ],
  updateSiteMember: ['Change the role of a member', 'Body `{ role }`, not Owner; the Owner’s role cannot be changed (409 INVALID_STATE).'],
  removeSiteMember: ['Remove a member from a site', 'The Owner cannot be removed (409 INVALID_STATE).'],
})

/** Site members and roles (README "Identity-provider users (JWT)"). */
export const memberRoutes: AppPlugin = async (app) => {
  app.get('/sites/:site_id/members', route('listSiteMembers', { access: site('Admin'), params: SiteParams, response: { 200: Type.Array(Member) } }), (req) =>
    members.list(req.ctx, req.params.site_id),
  )

  app.post(
    '/sites/:site_id/members',
    route('addSiteMember', { access: site('Admin'), params: SiteParams, body: AddMemberBody, response: { 201: Member } }),
    async (req, reply) => reply.code(201).send(await members.add(req.ctx, req.params.site_id, req.body)),
  )

  app.post(
    '/sites/:site_id/members/transfer-ownership',
    route('transferSiteOwnership', { access: site('Owner'), params: SiteParams, body: TransferOwnershipBody, response: { 200: Type.Array(Member) } }),
    (req) => members.transferOwnership(req.ctx, req.params.site_id, req.body),
  )

  app.put(
    '/sites/:site_id/members/:id',
    route('updateSiteMember', { access: site('Admin'), params: MemberParams, body: UpdateMemberBody, response: { 200: Member } }),
    (req) => members.update(req.ctx, req.params.site_id, req.params.id, req.body),
  )

  app.delete(
    '/sites/:site_id/members/:id',
    route('removeSiteMember', { access: site('Admin'), params: MemberParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await members.remove(req.ctx, req.params.site_id, req.params.id)
      return reply.code(204).send(null)
    },
  )
}
