/**
 * An action that waits a moment before it runs, so it can be taken back (delete with undo: Atrium has no restore
 * endpoint for a deleted post, so the DELETE is only sent once the undo window has passed). Pending actions run at
 * once on sign-out (the credential is still there) and never after the tab closes (nothing is lost: the post stays).
 */
export interface Undoable {
  /** Cancels the action if it has not run yet; true when it was cancelled. */
  undo: () => boolean
  /** Runs it now (if still pending). */
  flush: () => Promise<void>
  readonly done: Promise<'ran' | 'undone'>
}

export function scheduleUndoable(run: () => Promise<void>, delayMs: number, timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout }): Undoable {
  let state: 'pending' | 'ran' | 'undone' = 'pending'
  let settle: (v: 'ran' | 'undone') => void = () => undefined
  let fail: (e: unknown) => void = () => undefined
  const done = new Promise<'ran' | 'undone'>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  const go = async () => {
    if (state !== 'pending') return
    state = 'ran'
    timers.clear(timer)
    try {
      await run()
      settle('ran')
    } catch (e) {
      fail(e)
    }
  }
  const timer = timers.set(() => void go(), delayMs)
  return {
    undo: () => {
      if (state !== 'pending') return false
      state = 'undone'
      timers.clear(timer)
      settle('undone')
      return true
    },
    flush: go,
    done,
  }
}
