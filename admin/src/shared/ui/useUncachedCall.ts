import { useCallback, useState } from 'react'

/**
 * A call whose answer carries a secret (a new API key, a webhook's signing secret): no TanStack mutation, so the
 * answer never sits in the mutation cache; busy and error live in state, the result goes straight to `onDone`.
 */
export function useUncachedCall<A, R>(fn: (arg: A) => Promise<R>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const run = useCallback(
    async (arg: A, onDone: (result: R) => void) => {
      setBusy(true)
      setError(null)
      try {
        onDone(await fn(arg))
      } catch (e) {
        setError(e)
      } finally {
        setBusy(false)
      }
    },
    [fn],
  )
  return { busy, error, run }
}
