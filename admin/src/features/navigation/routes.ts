import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** `/sites/$siteId/navigation?menu=<id>`: the menus and the chosen one's tree (the menu in the URL, so reload and back keep it). */
const navigationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/navigation',
  validateSearch: (s: Record<string, unknown>): { menu?: string } => (typeof s.menu === 'string' && /^[0-9a-f-]{36}$/i.test(s.menu) ? { menu: s.menu } : {}),
  component: lazyRouteComponent(() => import('./NavigationRoute')),
})

export const navigationRoutes = [navigationRoute] as const
