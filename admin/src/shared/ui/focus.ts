/**
 * Keeps the keyboard focus on the control that was used, across a re-render that moves its element in the DOM (a
 * reorder: the browser drops the focus of a node it re-inserts). Call before the state change.
 */
export function keepFocus(): void {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || active === document.body) return
  setTimeout(() => {
    if (active.isConnected && document.activeElement !== active) active.focus()
  }, 0)
}
