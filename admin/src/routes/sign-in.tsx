import { getRouteApi, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { SignInScreen } from '../features/auth/SignInScreen'

const route = getRouteApi('/sign-in')

export default function SignInRoute() {
  const search = route.useSearch()
  const router = useRouter()
  const onSignedIn = useCallback((to: string) => void router.navigate({ href: to }), [router])
  return <SignInScreen reason={search.reason} returnTo={search.redirect ?? '/'} onSignedIn={onSignedIn} />
}
