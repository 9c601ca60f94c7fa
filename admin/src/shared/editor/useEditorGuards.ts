import { useBlocker } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/**
 * Ctrl/Cmd+S saves (never publishes); in-app navigation and tab close are guarded while anything is unsaved
 * (TanStack Router's blocker, with its beforeunload); sign-out backs up first (`atrium:before-sign-out`, useSignOut).
 */
export function useEditorGuards({ dirty, onSave, onBackup }: { dirty: boolean; onSave: () => void; onBackup: () => void }) {
  const latest = useRef({ onSave, onBackup })
  useEffect(() => {
    latest.current = { onSave, onBackup }
  })
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault()
        latest.current.onSave()
      }
    }
    const backup = () => latest.current.onBackup()
    window.addEventListener('keydown', key, true)
    window.addEventListener('atrium:before-sign-out', backup)
    window.addEventListener('pagehide', backup)
    return () => {
      window.removeEventListener('keydown', key, true)
      window.removeEventListener('atrium:before-sign-out', backup)
      window.removeEventListener('pagehide', backup)
    }
  }, [])
  return useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true })
}
