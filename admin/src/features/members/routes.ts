import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** A site's members, and the identity provider's people (top level: they are not of one site). */
export const membersRoutes = [
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/members', component: lazyRouteComponent(() => import('./MembersRoute')) }),
  createRoute({ getParentRoute: () => appRoute, path: '/identity-users', component: lazyRouteComponent(() => import('./IdentityUsersRoute')) }),
] as const
