import { deepEqual } from './equal.js'

/*
 * One save queue per record (admin.md "Never lose work, never overwrite silently"):
 * - never two saves of a record in flight; edits made during a save coalesce into ONE next save of the latest values;
 * - every save sends the ETag of the version the form holds as If-Match and takes the new one from the answer;
 * - a 412 EDIT_CONFLICT stops the queue (no retry: retrying would overwrite the other edit) and reports `current`;
 *   the editor merges (fieldDiff.ts) and calls resolveConflict() with the current version's ETag;
 * - any other failure is reported and the unsaved values stay (the next edit, retry() or flush() saves again; a 429
 *   holds autosave back for its Retry-After);
 * - autosave after `debounceMs` of quiet (default 2000 ms), only when something changed; flush() saves now (Ctrl+S).
 * Framework-free: React reads it with useSyncExternalStore(queue.subscribe, queue.getState).
 */

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'conflict'

/** The clock and timers the queue uses (tests inject a manual one). */
export interface QueueTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  now(): number
}

export const systemTimers: QueueTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
}

export interface SaveRequest<V> {
  values: V
  /** The ETag to send as If-Match; undefined for a record not created yet (or one loaded without a tag). */
  ifMatch: string | undefined
}

/** What a save answers: the new version's ETag (openapi-fetch: `etagOf(result)`), and anything the caller wants back. */
export interface SaveAnswer<R = unknown> {
  etag: string | undefined
  result?: R
}

export interface SaveConflict<V> {
  /** The record as it is now (the 412's `current`). */
  current: unknown
  /**
   * The current version's ETag, when the error carries it (`etag` on the error: the 412 answer's ETag header; today's
   * AtriumError does not expose response headers beyond request id and Retry-After, so GET the record for it).
   */
  etag: string | undefined
  /** The values the refused save carried. */
  sent: V
  error: unknown
}

export interface SaveQueueState<V> {
  status: SaveStatus
  /** The latest values differ from the last saved (or loaded) ones. */
  isDirty: boolean
  /** The latest values (what the form shows). */
  values: V
  /** The values of the version the queue holds the ETag of: loaded, or last saved. */
  savedValues: V
  etag: string | undefined
  lastSavedAt: number | undefined
  /** The last save's failure (kept until a save succeeds). */
  error: unknown
  conflict: SaveConflict<V> | undefined
  /** A 429 holds autosave back until this instant (ms). */
  retryAt: number | undefined
}

export interface SaveQueueOptions<V, R = unknown> {
  /** Sends one save (PUT with If-Match, or POST for a new record). Rejects with the AtriumError of a failed answer. */
  save: (request: SaveRequest<V>) => Promise<SaveAnswer<R>>
  /** The values the form was loaded with. */
  initialValues: V
  /** The ETag they were loaded with. */
  etag: string | undefined
  /** Quiet time before an autosave (default 2000 ms). */
  debounceMs?: number
  /** Autosave on edits (default true); when false only flush() saves. */
  autosave?: boolean
  timers?: QueueTimers
  isEqual?: (a: V, b: V) => boolean
  /** Is this failure an edit conflict? Default: status 412 or code EDIT_CONFLICT. */
  isConflict?: (error: unknown) => boolean
  onSaved?: (answer: SaveAnswer<R>, sent: V) => void
  onError?: (error: unknown) => void
  onConflict?: (conflict: SaveConflict<V>) => void
}

export interface SaveQueue<V> {
  /** The form's latest values (whole record); schedules an autosave when they differ from the saved ones. */
  edit(values: V): void
  /** Save now (Ctrl/Cmd+S); resolves once this and any save it waited for are done (or stopped). */
  flush(): Promise<SaveQueueState<V>>
  /** Same as flush(): the "Retry" button after an error. */
  retry(): Promise<SaveQueueState<V>>
  /**
   * After a conflict: `base` is the current record as form values, `etag` its version (the 412 answer's ETag, or a
   * fresh GET's), `values` the merged values. Resumes the queue and saves the merge now unless `save` is false.
   */
  resolveConflict(resolution: { etag: string | undefined; base: V; values: V; save?: boolean }): Promise<SaveQueueState<V>>
  /** Replace everything (reload, or "discard my changes" with `values` = the loaded ones). Cancels a pending autosave. */
  reset(loaded: { values: V; etag: string | undefined }): void
  getState(): SaveQueueState<V>
  subscribe(listener: (state: SaveQueueState<V>) => void): () => void
  /** Stop timers and ignore answers still on the way (unmount). */
  dispose(): void
}

const defaultIsConflict = (e: unknown): boolean => {
  if (typeof e !== 'object' || e === null) return false
  const o = e as { status?: unknown; code?: unknown }
  return o.status === 412 || o.code === 'EDIT_CONFLICT'
}

const retryAfterOf = (e: unknown): number | undefined => {
  if (typeof e !== 'object' || e === null) return undefined
  const o = e as { status?: unknown; retryAfter?: unknown }
  return o.status === 429 && typeof o.retryAfter === 'number' ? o.retryAfter : undefined
}

export function createSaveQueue<V, R = unknown>(options: SaveQueueOptions<V, R>): SaveQueue<V> {
  const timers = options.timers ?? systemTimers
  const debounceMs = options.debounceMs ?? 2000
  const autosave = options.autosave ?? true
  const isEqual = options.isEqual ?? deepEqual
  const isConflict = options.isConflict ?? defaultIsConflict
  const listeners = new Set<(s: SaveQueueState<V>) => void>()

  let values = options.initialValues
  let savedValues = options.initialValues
  let etag = options.etag
  let status: SaveStatus = 'idle'
  let lastSavedAt: number | undefined
  let error: unknown
  let conflict: SaveConflict<V> | undefined
  let retryAt: number | undefined
  let timer: unknown
  let running: Promise<void> | undefined
  let requested = false
  let disposed = false
  /** Bumped by reset(): answers of saves sent before it are ignored. */
  let generation = 0
  let snapshot = build()

  function build(): SaveQueueState<V> {
    return { status, isDirty: !isEqual(values, savedValues), values, savedValues, etag, lastSavedAt, error, conflict, retryAt }
  }
  function notify(): void {
    snapshot = build()
    for (const l of [...listeners]) l(snapshot)
  }
  function cancelTimer(): void {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = undefined
  }
  /** The status when nothing is in flight. */
  function restingStatus(): SaveStatus {
    if (conflict) return 'conflict'
    if (isEqual(values, savedValues)) return lastSavedAt === undefined ? 'idle' : 'saved'
    if (timer !== undefined) return 'pending'
    return error !== undefined ? 'error' : 'pending'
  }
  function arm(): void {
    cancelTimer()
    if (!autosave || disposed) return
    const wait = Math.max(debounceMs, retryAt !== undefined ? retryAt - timers.now() : 0)
    timer = timers.setTimeout(() => {
      timer = undefined
      void kick()
    }, wait)
  }

  /** One save of the latest values, when there is something to save and the queue is not stopped. */
  async function saveOnce(): Promise<void> {
    requested = false
    if (conflict || isEqual(values, savedValues)) return
    // This save carries the latest values: the autosave they armed has nothing left to do.
    cancelTimer()
    const sent = values
    const gen = generation
    status = 'saving'
    notify()
    try {
      const answer = await options.save({ values: sent, ifMatch: etag })
      // reset() since the save left: its answer is about a version the form no longer holds.
      if (disposed || gen !== generation) return
      etag = answer.etag
      savedValues = sent
      lastSavedAt = timers.now()
      error = undefined
      retryAt = undefined
      status = restingStatus()
      notify()
      options.onSaved?.(answer, sent)
    } catch (e) {
      if (disposed || gen !== generation) return
      error = e
      requested = false
      if (isConflict(e)) {
        const { current, etag: currentEtag } = e as { current?: unknown; etag?: unknown }
        conflict = { current, etag: typeof currentEtag === 'string' ? currentEtag : undefined, sent, error: e }
        cancelTimer()
        status = 'conflict'
        notify()
        options.onConflict?.(conflict)
        return
      }
      const wait = retryAfterOf(e)
      retryAt = wait !== undefined ? timers.now() + wait * 1000 : undefined
      // An edit made during the failed save armed an autosave; push it past a Retry-After wait.
      if (timer !== undefined) arm()
      status = timer !== undefined ? 'pending' : 'error'
      notify()
      options.onError?.(e)
    }
  }

  async function loop(): Promise<void> {
    try {
      while (requested && !disposed) await saveOnce()
    } finally {
      running = undefined
    }
    if (!disposed) {
      const next = restingStatus()
      if (next !== status) {
        status = next
        notify()
      }
    }
  }

  function kick(): Promise<SaveQueueState<V>> {
    requested = true
    running ??= loop()
    return running.then(() => snapshot)
  }

  function flush(): Promise<SaveQueueState<V>> {
    if (disposed) return Promise.resolve(snapshot)
    cancelTimer()
    if (conflict) return Promise.resolve(snapshot)
    return kick()
  }

  return {
    edit(next) {
      if (disposed) return
      values = next
      if (conflict) {
        // Stopped: keep what the user types (the merge view shows it), save nothing.
        notify()
        return
      }
      if (isEqual(values, savedValues)) cancelTimer()
      else arm()
      if (status !== 'saving') status = restingStatus()
      notify()
    },
    flush,
    retry: flush,
    resolveConflict({ etag: nextEtag, base, values: merged, save = true }) {
      if (disposed) return Promise.resolve(snapshot)
      etag = nextEtag
      savedValues = base
      values = merged
      conflict = undefined
      error = undefined
      if (save) return kick()
      if (!isEqual(values, savedValues)) arm()
      status = restingStatus()
      notify()
      return Promise.resolve(snapshot)
    },
    reset(loaded) {
      cancelTimer()
      values = loaded.values
      savedValues = loaded.values
      etag = loaded.etag
      conflict = undefined
      error = undefined
      retryAt = undefined
      // A save still in flight answers for the old version: its ETag must not replace this one.
      generation++
      status = restingStatus()
      notify()
    },
    getState: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      disposed = true
      cancelTimer()
      listeners.clear()
    },
  }
}
