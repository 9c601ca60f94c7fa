import { getRouteApi, useRouter } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { SignInScreen } from '../features/auth/SignInScreen'

const route = getRouteApi('/sign-in')

export default function SignInRoute() {
  const search = route.useSearch()
  const router = useRouter()
  const returnTo = search.redirect ?? '/'
  const onSignedIn = useCallback((to: string) => void router.navigate({ href: to }), [router])
  // The code of the screens the user lands on loads while they type the key, not after the click: loaded after it,
  // the shell and the dashboard chunks took 300-400 ms of the dashboard's time after sign-in (BENCH_ADMIN_TRACE=1).
  useEffect(() => {
    const [routes] = router.getMatchedRoutes(returnTo.split(/[?#]/)[0] ?? '/')
    for (const r of routes) void router.loadRouteChunk(r)
  }, [router, returnTo])
  return <SignInScreen reason={search.reason} returnTo={returnTo} onSignedIn={onSignedIn} />
}
