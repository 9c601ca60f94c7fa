import { useEffect, useId } from 'react'
import { unsaved } from './unsaved'

/**
 * Tells the shell's LeaveGuard that this form holds unsaved edits: a link, a site switch, a reload, closing the tab and
 * signing out then ask first. Call it in every form, once a part, with that part's own dirty state.
 */
export function useUnsavedEdits(dirty: boolean): void {
  const part = useId()
  useEffect(() => {
    unsaved.set(part, dirty)
  }, [part, dirty])
  useEffect(() => () => unsaved.set(part, false), [part])
}
