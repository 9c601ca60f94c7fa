import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { signOut } from '../shared/auth/session'
import { announceSignOut } from '../shared/auth/tabs'
import { queryClient } from './queryClient'

/**
 * Sign-out forgets every token of the tab and every cached answer, and signs the other tabs out too. A screen holding unsaved work may hold it first
 * (`atrium:sign-out-request`, cancelable, with `detail.proceed`: the blog editor asks); editors get the chance to back
 * up (`atrium:before-sign-out`). The way to sign-in ignores navigation blockers: the user already chose to leave.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    const proceed = () => {
      window.dispatchEvent(new Event('atrium:before-sign-out'))
      signOut()
      announceSignOut()
      queryClient.clear()
      void navigate({ to: '/sign-in', search: { reason: 'signed-out' }, ignoreBlocker: true })
    }
    const request = new CustomEvent('atrium:sign-out-request', { cancelable: true, detail: { proceed } })
    if (window.dispatchEvent(request)) proceed()
  }, [navigate])
}
