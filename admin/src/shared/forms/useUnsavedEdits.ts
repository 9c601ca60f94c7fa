import { useEffect, useId } from 'react'
import { unsaved } from './unsaved'

/** The event a form's dialog sends to close with unsaved edits; the shell's LeaveGuard asks, then calls `proceed`. */
export const DISCARD_REQUEST = 'atrium:discard-request'

/** Asks (through the shell's LeaveGuard) whether to drop what was typed; `proceed` runs only on "Discard". */
export function askDiscard(proceed: () => void): void {
  const request = new CustomEvent<{ proceed: () => void }>(DISCARD_REQUEST, { detail: { proceed }, cancelable: true })
  // Nothing listening (no shell, as in a unit test): nothing to ask with, so it closes.
  if (window.dispatchEvent(request)) proceed()
}

/**
 * The close of a form's dialog or inline form (Cancel, Escape, its close button, the overlay): with unsaved edits it
 * asks first, "Keep editing" or "Discard", so what was typed is never dropped without a word.
 */
export function useGuardedClose(dirty: boolean, onClose: () => void): () => void {
  return () => (dirty ? askDiscard(onClose) : onClose())
}

/**
 * Tells the shell's LeaveGuard that this form holds unsaved edits: a link, a site switch, a reload, closing the tab and
 * signing out then ask first. Call it in every form, once a part, with that part's own dirty state. Given the form's
 * `onClose` (a dialog), it answers that close guarded (useGuardedClose): use it for Cancel, Escape and the close button.
 */
export function useUnsavedEdits(dirty: boolean, onClose: () => void = () => {}): () => void {
  const part = useId()
  useEffect(() => {
    unsaved.set(part, dirty)
  }, [part, dirty])
  useEffect(() => () => unsaved.set(part, false), [part])
  return useGuardedClose(dirty, onClose)
}
