import { createRootRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import { getCredential, signIn } from '../shared/auth/session'
import { askOtherTabs } from '../shared/auth/tabs'
import { RootLayout } from './RootLayout'
import { NotFound } from './NotFound'

/**
 * The routes every other route hangs from. A feature declares its routes in its own `features/<name>/routes.ts`
 * with `featureRoute` (screens behind sign-in, below), and router.tsx lists them.
 */
export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound })

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (s: Record<string, unknown>): { redirect?: string; reason?: 'expired' | 'signed-out' } => ({
    ...(typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
    ...(s.reason === 'expired' || s.reason === 'signed-out' ? { reason: s.reason } : {}),
  }),
  component: lazyRouteComponent(() => import('../routes/sign-in')),
})

export const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  component: lazyRouteComponent(() => import('../routes/auth-callback')),
})

/** Everything behind sign-in: without a credential in this tab or another open one, to sign-in and back here afterwards. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    if (getCredential() !== null) return
    const fromAnotherTab = await askOtherTabs()
    if (fromAnotherTab) return signIn(fromAnotherTab)
    // TanStack Router's way to redirect from beforeLoad is to throw its redirect object.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect({ to: '/sign-in', search: { redirect: location.href } })
  },
  component: lazyRouteComponent(() => import('../routes/app-shell')),
})

/**
 * A feature's screen behind sign-in: its path, the lazily loaded module whose default export renders it, and where the
 * screen keeps state in the URL, the search params' validation. Every `features/<name>/routes.ts` declares its routes with it.
 */
export function featureRoute<const TPath extends string, TSearch extends object = object>(
  path: TPath,
  load: () => Promise<{ default: ComponentType }>,
  validateSearch?: (search: Record<string, unknown>) => TSearch,
) {
  return createRoute({ getParentRoute: () => appRoute, path, validateSearch, component: lazyRouteComponent(load) })
}
