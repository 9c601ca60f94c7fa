/** What is open over the screen: Mantine's modals (role=dialog, aria-modal) and alert dialogs. */
const MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"]'

/**
 * Runs `go` on the next tick once no modal dialog is open, and answers a cancel. A new record's editor moves to the
 * record's own route when its first autosave creates it; a picker open at that moment (the media library, say) would
 * close with the screen it belongs to and the user's choice in it would be lost, so the move waits for it to close.
 */
export function afterDialogsClose(go: () => void, root: Document = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const open = () => root.querySelector(MODAL) !== null
  const later = () => {
    timer = setTimeout(go, 0)
  }
  if (!open()) {
    later()
    return () => clearTimeout(timer)
  }
  const watch = new MutationObserver(() => {
    if (open()) return
    watch.disconnect()
    later()
  })
  watch.observe(root.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'aria-modal'] })
  return () => {
    watch.disconnect()
    clearTimeout(timer)
  }
}
