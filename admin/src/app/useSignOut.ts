import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { signOut } from '../shared/auth/session'
import { queryClient } from './queryClient'

/** Sign-out forgets every token of the tab and every cached answer; editors get the chance to back up first. */
export function useSignOut(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    window.dispatchEvent(new Event('atrium:before-sign-out'))
    signOut()
    queryClient.clear()
    void navigate({ to: '/sign-in', search: { reason: 'signed-out' } })
  }, [navigate])
}
