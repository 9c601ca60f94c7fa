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

/**
 * Gives the keyboard focus a place to land when an action takes away the control that had it: a busy button disables
 * itself, a button goes with the state it offered to change (mark read, revoke), a form is rebuilt from the saved
 * version. For `ms` after the call, whenever focus has fallen to the page's body, it moves to `find()`'s element (once
 * that exists and can take focus). The watch ends at the user's next key press or pointer press: from then on, where
 * focus goes is theirs to decide.
 */
export function focusWhenLost(find: () => HTMLElement | null | undefined, ms = 5000): void {
  const stop = () => {
    window.clearInterval(timer)
    document.removeEventListener('keydown', stop, true)
    document.removeEventListener('pointerdown', stop, true)
  }
  const rescue = () => {
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const target = find()
    if (target?.isConnected) target.focus()
  }
  const timer = window.setInterval(rescue, 50)
  window.setTimeout(stop, ms)
  document.addEventListener('keydown', stop, true)
  document.addEventListener('pointerdown', stop, true)
}

/** For a button that shows `loading` (Mantine disables it meanwhile, dropping its focus): it gets the focus back when done. */
export const keepFocusWhileBusy = (button: HTMLElement): void => focusWhenLost(() => button, 15_000)

/** For a form whose submit button shows `loading`: the control the submit came from (the button) gets the focus back. */
export const keepFocusThroughSubmit = (): void => {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body) keepFocusWhileBusy(active)
}
