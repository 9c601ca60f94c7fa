/**
 * An action that can still be taken back until it is let go (delete with undo: Atrium has no restore endpoint for a
 * deleted post, so the DELETE is only sent once the notice offering "Undo" has closed). Pending actions run at once
 * on sign-out (the credential is still there) and never after the tab closes (nothing is lost: the post stays).
 *
 * It keeps no timer of its own: the notice decides how long Undo is offered (it stays while hovered or focused), and
 * the action must not run while the Undo button is still on screen.
 */
export interface Undoable {
  /** Cancels the action if it has not run yet; true when it was cancelled. */
  undo: () => boolean
  /** Runs it now (if still pending): the offer of Undo has ended. */
  flush: () => Promise<void>
  readonly done: Promise<'ran' | 'undone'>
}

export function createUndoable(run: () => Promise<void>): Undoable {
  let state: 'pending' | 'ran' | 'undone' = 'pending'
  let settle: (v: 'ran' | 'undone') => void = () => undefined
  let fail: (e: unknown) => void = () => undefined
  const done = new Promise<'ran' | 'undone'>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  return {
    undo: () => {
      if (state !== 'pending') return false
      state = 'undone'
      settle('undone')
      return true
    },
    flush: async () => {
      if (state !== 'pending') return
      state = 'ran'
      try {
        await run()
        settle('ran')
      } catch (e) {
        fail(e)
      }
    },
    done,
  }
}

/** Deletes waiting for their undo window; sign-out sends them first, while the credential is still there. */
const pending = new Set<Undoable>()
if (typeof window !== 'undefined') window.addEventListener('atrium:before-sign-out', () => pending.forEach((p) => void p.flush()))

/** An undoable that sign-out runs at once (while its credential is still there) if it is still pending. */
export function createHeldUndoable(run: () => Promise<void>): Undoable {
  const job = createUndoable(run)
  pending.add(job)
  void job.done.finally(() => pending.delete(job)).catch(() => undefined)
  return job
}
