import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/**
 * After every route change (not the first load, where the skip link must stay first): focus moves to the new screen's
 * h1 and a polite live region announces its title. The h1 may render a moment later (lazy chunk, data): wait for it.
 */
export function RouteFocus() {
  const router = useRouter()
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    let cancel: (() => void) | undefined
    const unsubscribe = router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
      if (!fromLocation || fromLocation.pathname === toLocation.pathname) return
      cancel?.()
      let frames = 0
      let handle = 0
      const tryFocus = () => {
        const h1 = document.querySelector<HTMLElement>('h1[data-page-title]')
        if (h1) {
          h1.focus()
          setAnnouncement(h1.textContent ?? document.title)
          return
        }
        if (++frames < 120) handle = requestAnimationFrame(tryFocus)
      }
      handle = requestAnimationFrame(tryFocus)
      cancel = () => cancelAnimationFrame(handle)
    })
    return () => {
      cancel?.()
      unsubscribe()
    }
  }, [router])
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  )
}
