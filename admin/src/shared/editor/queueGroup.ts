import type { SaveQueue, SaveQueueState, SaveStatus } from '../logic/saveQueue'

/** Autosave after this much quiet (admin.md: about 2 s). */
export const AUTOSAVE_MS = 2000

/** Several save queues (the blog and each localization) read as one snapshot, for useSyncExternalStore. */
export interface QueueGroup {
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => readonly SaveQueueState<unknown>[]
  /** Stops listening to the queues (a group rebuilt when records come and go). */
  dispose: () => void
}

export function queueGroup(queues: readonly SaveQueue<unknown>[]): QueueGroup {
  let snapshot = queues.map((q) => q.getState())
  const listeners = new Set<() => void>()
  const offs = queues.map((q, i) =>
    q.subscribe((s) => {
      snapshot = snapshot.map((x, j) => (j === i ? s : x))
      for (const l of [...listeners]) l()
    }),
  )
  return {
    subscribe: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    getSnapshot: () => snapshot,
    dispose: () => offs.forEach((off) => off()),
  }
}

/** One status for the save indicator: the most urgent of the records'. */
export function overallStatus(states: readonly Pick<SaveQueueState<unknown>, 'status' | 'isDirty'>[]): SaveStatus {
  const order: SaveStatus[] = ['conflict', 'error', 'saving', 'pending', 'saved', 'idle']
  for (const s of order) if (states.some((x) => x.status === s)) return s
  return 'idle'
}
