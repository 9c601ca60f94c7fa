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
      // A time, not a count of frames: a screen that loads its data first (the blog editor after a new post's first
      // save) may take seconds on a busy machine, and focus left on the removed screen would fall back to the page.
      const deadline = performance.now() + 10_000
      const before = document.activeElement
      let handle = 0
      const tryFocus = () => {
        // A notice that took the focus on purpose (the Undo of a delete, which goes with this route change) keeps it, and
        // so does a new post's editor moving to the post's address while the user types (the caret stays in its field).
        if (document.activeElement?.closest('[data-keeps-focus]')) return
        const h1 = document.querySelector<HTMLElement>('h1[data-page-title]')
        if (h1) {
          h1.focus()
          setAnnouncement(h1.textContent ?? document.title)
          return
        }
        // Meanwhile the user moved on (focus on something new, not the page itself): leave it there.
        const now = document.activeElement
        if (now !== before && now !== null && now !== document.body) return
        if (performance.now() < deadline) handle = requestAnimationFrame(tryFocus)
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
