import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { CallbackScreen } from '../features/auth/CallbackScreen'

export default function AuthCallbackRoute() {
  const router = useRouter()
  const onSignedIn = useCallback((to: string) => void router.navigate({ href: to, replace: true }), [router])
  return <CallbackScreen onSignedIn={onSignedIn} />
}
