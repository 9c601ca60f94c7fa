import { Outlet, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { setUnauthorizedHandler } from '../shared/api/client'
import { getCredential, signOut } from '../shared/auth/session'
import { serveOtherTabs } from '../shared/auth/tabs'
import { installFocusKeeper } from '../shared/ui/focus'
import { queryClient } from './queryClient'
import { RouteFocus } from './RouteFocus'

/**
 * Above every screen, signed in or not: the route announcer, the way back to sign-in when Atrium answers 401, and the
 * focus keeper (a busy button, disabled meanwhile, gets its keyboard focus back when done).
 */
export function RootLayout() {
  const router = useRouter()
  useEffect(() => installFocusKeeper(), [])
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // Unsaved work is backed up by its editor (the save queue keeps local drafts) before tokens are forgotten.
      window.dispatchEvent(new Event('atrium:before-sign-out'))
      signOut()
      queryClient.clear()
      void router.navigate({ to: '/sign-in', search: { reason: 'expired', redirect: router.state.location.href } })
    })
    return serveOtherTabs(getCredential, () => {
      if (getCredential() === null) return
      window.dispatchEvent(new Event('atrium:before-sign-out'))
      signOut()
      queryClient.clear()
      void router.navigate({ to: '/sign-in', search: { reason: 'signed-out' }, ignoreBlocker: true })
    })
  }, [router])
  return (
    <>
      <RouteFocus />
      <Outlet />
    </>
  )
}
