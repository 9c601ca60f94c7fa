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
  /**
   * The record is saved elsewhere from now on (a new record's first save created it, and the record's own editor takes
   * over with queues of its own): send nothing more, not even a save requested while that one was in flight. Edits
   * are still taken into `values`, so what was typed meanwhile can be handed over (shared/editor/handOver.ts).
   */
  retire(): void
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
  return new RecordSaveQueue(options)
}

/** The queue's state machine; methods are bound arrows so `subscribe`/`getState` can be passed around unbound. */
class RecordSaveQueue<V, R> implements SaveQueue<V> {
  private readonly timers: QueueTimers
  private readonly debounceMs: number
  private readonly autosave: boolean
  private readonly isEqual: (a: V, b: V) => boolean
  private readonly isConflict: (error: unknown) => boolean
  private readonly listeners = new Set<(s: SaveQueueState<V>) => void>()

  private values: V
  private savedValues: V
  private etag: string | undefined
  private status: SaveStatus = 'idle'
  private lastSavedAt: number | undefined
  private error: unknown
  private conflict: SaveConflict<V> | undefined
  private retryAt: number | undefined
  private timer: unknown
  private running: Promise<void> | undefined
  private requested = false
  private disposed = false
  private retired = false
  /** Bumped by reset(): answers of saves sent before it are ignored. */
  private generation = 0
  private snapshot: SaveQueueState<V>

  constructor(private readonly options: SaveQueueOptions<V, R>) {
    this.timers = options.timers ?? systemTimers
    this.debounceMs = options.debounceMs ?? 2000
    this.autosave = options.autosave ?? true
    this.isEqual = options.isEqual ?? deepEqual
    this.isConflict = options.isConflict ?? defaultIsConflict
    this.values = options.initialValues
    this.savedValues = options.initialValues
    this.etag = options.etag
    this.snapshot = this.build()
  }

  private build(): SaveQueueState<V> {
    const { status, values, savedValues, etag, lastSavedAt, error, conflict, retryAt } = this
    return { status, isDirty: !this.isEqual(values, savedValues), values, savedValues, etag, lastSavedAt, error, conflict, retryAt }
  }

  private notify(): void {
    this.snapshot = this.build()
    for (const l of [...this.listeners]) l(this.snapshot)
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer)
    this.timer = undefined
  }

  /** The status when nothing is in flight. */
  private restingStatus(): SaveStatus {
    if (this.conflict) return 'conflict'
    if (this.isEqual(this.values, this.savedValues)) return this.lastSavedAt === undefined ? 'idle' : 'saved'
    if (this.timer !== undefined) return 'pending'
    return this.error !== undefined ? 'error' : 'pending'
  }

  private arm(): void {
    this.cancelTimer()
    if (!this.autosave || this.disposed || this.retired) return
    const wait = Math.max(this.debounceMs, this.retryAt !== undefined ? this.retryAt - this.timers.now() : 0)
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined
      void this.kick()
    }, wait)
  }

  /** One save of the latest values, when there is something to save and the queue is not stopped. */
  private async saveOnce(): Promise<void> {
    this.requested = false
    if (this.retired || this.conflict || this.isEqual(this.values, this.savedValues)) return
    // This save carries the latest values: the autosave they armed has nothing left to do.
    this.cancelTimer()
    const sent = this.values
    const gen = this.generation
    this.status = 'saving'
    this.notify()
    let answer: SaveAnswer<R>
    try {
      answer = await this.options.save({ values: sent, ifMatch: this.etag })
    } catch (e) {
      // reset() since the save left: its answer is about a version the form no longer holds.
      if (!this.disposed && gen === this.generation) this.failed(e, sent)
      return
    }
    if (this.disposed || gen !== this.generation) return
    this.etag = answer.etag
    this.savedValues = sent
    this.lastSavedAt = this.timers.now()
    this.error = undefined
    this.retryAt = undefined
    this.status = this.restingStatus()
    this.notify()
    this.options.onSaved?.(answer, sent)
  }

  private failed(e: unknown, sent: V): void {
    this.error = e
    this.requested = false
    if (this.isConflict(e)) {
      const { current, etag } = e as { current?: unknown; etag?: unknown }
      this.conflict = { current, etag: typeof etag === 'string' ? etag : undefined, sent, error: e }
      this.cancelTimer()
      this.status = 'conflict'
      this.notify()
      this.options.onConflict?.(this.conflict)
      return
    }
    const wait = retryAfterOf(e)
    this.retryAt = wait !== undefined ? this.timers.now() + wait * 1000 : undefined
    // An edit made during the failed save armed an autosave; push it past a Retry-After wait.
    if (this.timer !== undefined) this.arm()
    this.status = this.timer !== undefined ? 'pending' : 'error'
    this.notify()
    this.options.onError?.(e)
  }

  private async loop(): Promise<void> {
    try {
      while (this.requested && !this.disposed) await this.saveOnce()
    } finally {
      this.running = undefined
    }
    if (this.disposed) return
    const next = this.restingStatus()
    if (next !== this.status) {
      this.status = next
      this.notify()
    }
  }

  private kick(): Promise<SaveQueueState<V>> {
    this.requested = true
    this.running ??= this.loop()
    return this.running.then(() => this.snapshot)
  }

  edit = (next: V): void => {
    if (this.disposed) return
    this.values = next
    if (this.conflict) {
      // Stopped: keep what the user types (the merge view shows it), save nothing.
      this.notify()
      return
    }
    if (this.isEqual(this.values, this.savedValues)) this.cancelTimer()
    else this.arm()
    if (this.status !== 'saving') this.status = this.restingStatus()
    this.notify()
  }

  flush = (): Promise<SaveQueueState<V>> => {
    if (this.disposed || this.retired) return Promise.resolve(this.snapshot)
    this.cancelTimer()
    if (this.conflict) return Promise.resolve(this.snapshot)
    return this.kick()
  }

  retry = (): Promise<SaveQueueState<V>> => this.flush()

  resolveConflict = ({ etag, base, values, save = true }: { etag: string | undefined; base: V; values: V; save?: boolean }): Promise<SaveQueueState<V>> => {
    if (this.disposed) return Promise.resolve(this.snapshot)
    this.etag = etag
    this.savedValues = base
    this.values = values
    this.conflict = undefined
    this.error = undefined
    if (save) return this.kick()
    if (!this.isEqual(this.values, this.savedValues)) this.arm()
    this.status = this.restingStatus()
    this.notify()
    return Promise.resolve(this.snapshot)
  }

  reset = (loaded: { values: V; etag: string | undefined }): void => {
    this.cancelTimer()
    this.values = loaded.values
    this.savedValues = loaded.values
    this.etag = loaded.etag
    this.conflict = undefined
    this.error = undefined
    this.retryAt = undefined
    // A save still in flight answers for the old version: its ETag must not replace this one.
    this.generation++
    this.status = this.restingStatus()
    this.notify()
  }

  getState = (): SaveQueueState<V> => this.snapshot

  subscribe = (listener: (state: SaveQueueState<V>) => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  retire = (): void => {
    this.retired = true
    this.requested = false
    this.cancelTimer()
  }

  dispose = (): void => {
    this.disposed = true
    this.cancelTimer()
    this.listeners.clear()
  }
}
