import { useCallback, useSyncExternalStore } from 'react'
import type { SaveQueue, SaveQueueState } from '../logic/saveQueue'

/** A save queue's state as React state. */
export function useQueueState<V>(queue: SaveQueue<V>): SaveQueueState<V> {
  const subscribe = useCallback((l: () => void) => queue.subscribe(l), [queue])
  const get = useCallback(() => queue.getState(), [queue])
  return useSyncExternalStore(subscribe, get)
}
