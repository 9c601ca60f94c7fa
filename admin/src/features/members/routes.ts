import { featureRoute } from '../../app/baseRoutes'

/** A site's members, and the identity provider's people (top level: they are not of one site). */
export const membersRoutes = [
  featureRoute('/sites/$siteId/members', () => import('./MembersRoute')),
  featureRoute('/identity-users', () => import('./IdentityUsersRoute')),
] as const
