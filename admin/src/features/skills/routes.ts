import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** Skills with proficiency and categories. */
export const skillsRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/skills',
    component: lazyRouteComponent(() => import('./SkillsRoute')),
  }),
] as const
