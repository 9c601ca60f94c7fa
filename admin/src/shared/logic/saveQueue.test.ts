import { describe, expect, it } from 'vitest'
import { AtriumError } from '@atrium-cms/client'
import { createSaveQueue, type QueueTimers, type SaveAnswer, type SaveRequest, type SaveStatus } from './saveQueue.js'

/** A manual clock: advance(ms) fires due timers in order. */
function manualTimers(): QueueTimers & { advance(ms: number): void; pending(): number } {
  let now = 0
  let seq = 0
  const due = new Map<number, { at: number; fn: () => void }>()
  return {
    now: () => now,
    setTimeout(fn, ms) {
      seq += 1
      due.set(seq, { at: now + ms, fn })
      return seq
    },
    clearTimeout(handle) {
      due.delete(handle as number)
    },
    advance(ms) {
      const until = now + ms
      for (;;) {
        const next = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!next) break
        due.delete(next[0])
        now = next[1].at
        next[1].fn()
      }
      now = until
    },
    pending: () => due.size,
  }
}

interface Deferred<T> {
  promise: Promise<T>
  resolve(v: T): void
  reject(e: unknown): void
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A save function whose answers the test gives one by one; records every request and the peak concurrency. */
function controlledSave<V>() {
  const calls: Array<SaveRequest<V> & { answer: Deferred<SaveAnswer> }> = []
  let inFlight = 0
  let peak = 0
  const save = (req: SaveRequest<V>) => {
    const answer = deferred<SaveAnswer>()
    calls.push({ ...req, answer })
    inFlight += 1
    peak = Math.max(peak, inFlight)
    return answer.promise.finally(() => {
      inFlight -= 1
    })
  }
  return { save, calls, peak: () => peak }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

type Form = { title: string; body: string }
const loaded: Form = { title: 'Hello', body: 'World' }

describe('createSaveQueue: autosave, flush and coalescing', () => {
  it('autosaves once after 2 s of quiet, with If-Match, and takes the new ETag', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    expect(q.getState()).toMatchObject({ status: 'idle', isDirty: false })
    q.edit({ ...loaded, title: 'H' })
    q.edit({ ...loaded, title: 'Ha' })
    expect(q.getState()).toMatchObject({ status: 'pending', isDirty: true })
    timers.advance(1999)
    expect(s.calls).toHaveLength(0)
    timers.advance(1)
    expect(s.calls).toHaveLength(1)
    expect(s.calls[0]).toMatchObject({ values: { title: 'Ha', body: 'World' }, ifMatch: '"v1"' })
    expect(q.getState().status).toBe('saving')
    s.calls[0]?.answer.resolve({ etag: '"v2"' })
    await tick()
    expect(q.getState()).toMatchObject({ status: 'saved', isDirty: false, etag: '"v2"', lastSavedAt: 2000 })
  })

  it('does not save when the values return to the saved ones', () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    q.edit({ ...loaded, title: 'x' })
    q.edit({ ...loaded })
    timers.advance(5000)
    expect(s.calls).toHaveLength(0)
    expect(q.getState()).toMatchObject({ status: 'idle', isDirty: false })
  })

  it('never runs two saves at once; edits during a save coalesce into one next save with the latest values and ETag', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    q.edit({ ...loaded, title: 'a' })
    const first = q.flush()
    expect(s.calls).toHaveLength(1)
    q.edit({ ...loaded, title: 'ab' })
    q.edit({ ...loaded, title: 'abc' })
    timers.advance(2000) // the autosave comes due while the first save is still out
    void q.flush() // and Ctrl+S too
    expect(s.calls).toHaveLength(1)
    s.calls[0]?.answer.resolve({ etag: '"v2"' })
    await tick()
    expect(s.calls).toHaveLength(2)
    expect(s.calls[1]).toMatchObject({ values: { title: 'abc' }, ifMatch: '"v2"' })
    s.calls[1]?.answer.resolve({ etag: '"v3"' })
    const state = await first
    expect(state).toMatchObject({ status: 'saved', isDirty: false, etag: '"v3"' })
    timers.advance(10_000)
    expect(s.calls).toHaveLength(2)
    expect(s.peak()).toBe(1)
  })

  it('flush() saves immediately and resolves with the result; a clean flush sends nothing', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    expect(await q.flush()).toMatchObject({ status: 'idle' })
    q.edit({ ...loaded, body: 'changed' })
    const done = q.flush()
    expect(s.calls).toHaveLength(1)
    expect(timers.pending()).toBe(0) // the autosave it replaced is gone
    s.calls[0]?.answer.resolve({ etag: '"v2"' })
    expect((await done).status).toBe('saved')
  })
})

describe('createSaveQueue: conflicts and failures', () => {
  it('a 412 stops the queue, reports current and never retries; resolveConflict saves the merge with the new ETag', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const conflicts: unknown[] = []
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers, onConflict: (c) => conflicts.push(c.current) })
    q.edit({ ...loaded, title: 'mine' })
    const done = q.flush()
    const current = { title: 'theirs', body: 'World' }
    s.calls[0]?.answer.reject(new AtriumError({ status: 412, problem: { code: 'EDIT_CONFLICT', current } }))
    const state = await done
    expect(state.status).toBe('conflict')
    expect(state.conflict?.current).toEqual(current)
    expect(state.conflict?.sent).toEqual({ title: 'mine', body: 'World' })
    expect(conflicts).toEqual([current])
    // Typing goes on; nothing is sent, not by autosave, not by Ctrl+S.
    q.edit({ ...loaded, title: 'mine!' })
    timers.advance(60_000)
    await q.flush()
    expect(s.calls).toHaveLength(1)
    expect(q.getState()).toMatchObject({ status: 'conflict', values: { title: 'mine!' } })

    const resolved = q.resolveConflict({ etag: '"v9"', base: current, values: { title: 'mine!', body: 'World' } })
    expect(s.calls).toHaveLength(2)
    expect(s.calls[1]).toMatchObject({ ifMatch: '"v9"', values: { title: 'mine!' } })
    s.calls[1]?.answer.resolve({ etag: '"v10"' })
    expect(await resolved).toMatchObject({ status: 'saved', etag: '"v10"', conflict: undefined })
  })

  it('other errors are reported, keep the unsaved values, and the next edit or retry() saves again', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const errors: unknown[] = []
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers, onError: (e) => errors.push(e) })
    q.edit({ ...loaded, title: 'kept' })
    const done = q.flush()
    const failure = new AtriumError({ status: 0, problem: { title: 'Network error' } })
    s.calls[0]?.answer.reject(failure)
    expect(await done).toMatchObject({ status: 'error', isDirty: true, values: { title: 'kept' }, etag: '"v1"', error: failure })
    expect(errors).toEqual([failure])
    timers.advance(10_000)
    expect(s.calls).toHaveLength(1) // no silent retry loop
    const again = q.retry()
    expect(s.calls[1]).toMatchObject({ values: { title: 'kept' }, ifMatch: '"v1"' })
    s.calls[1]?.answer.resolve({ etag: '"v2"' })
    expect(await again).toMatchObject({ status: 'saved', error: undefined })
  })

  it('a 429 holds autosave back for its Retry-After', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    q.edit({ ...loaded, title: 'a' })
    const done = q.flush()
    s.calls[0]?.answer.reject(new AtriumError({ status: 429, problem: { code: 'RATE_LIMITED' }, retryAfter: 30 }))
    await done
    expect(q.getState().retryAt).toBe(30_000)
    q.edit({ ...loaded, title: 'ab' })
    timers.advance(29_999)
    expect(s.calls).toHaveLength(1)
    timers.advance(1)
    expect(s.calls).toHaveLength(2)
  })
})

describe('createSaveQueue: state and lifecycle', () => {
  it('reports status changes to subscribers in order; unsubscribe stops them', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers, debounceMs: 500 })
    const seen: SaveStatus[] = []
    const off = q.subscribe((st) => {
      if (seen[seen.length - 1] !== st.status) seen.push(st.status)
    })
    q.edit({ ...loaded, title: 'x' })
    timers.advance(500)
    s.calls[0]?.answer.resolve({ etag: '"v2"' })
    await tick()
    expect(seen).toEqual(['pending', 'saving', 'saved'])
    const snap = q.getState()
    expect(q.getState()).toBe(snap) // a stable snapshot between changes (useSyncExternalStore)
    off()
    q.edit({ ...loaded, title: 'y' })
    expect(seen).toEqual(['pending', 'saving', 'saved'])
  })

  it('reset() drops a pending autosave and ignores the answer of a save sent before it', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    q.edit({ ...loaded, title: 'a' })
    void q.flush()
    q.reset({ values: { title: 'reloaded', body: '' }, etag: '"v7"' })
    s.calls[0]?.answer.resolve({ etag: '"stale"' })
    await tick()
    expect(q.getState()).toMatchObject({ etag: '"v7"', isDirty: false, values: { title: 'reloaded' } })
    q.edit({ title: 'reloaded!', body: '' })
    timers.advance(2000)
    expect(s.calls[1]).toMatchObject({ ifMatch: '"v7"' })
  })

  it('dispose() stops timers and ignores late answers', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue({ save: s.save, initialValues: loaded, etag: '"v1"', timers })
    q.edit({ ...loaded, title: 'a' })
    void q.flush()
    q.edit({ ...loaded, title: 'ab' })
    const seen: unknown[] = []
    q.subscribe((st) => seen.push(st))
    q.dispose()
    s.calls[0]?.answer.resolve({ etag: '"v2"' })
    await tick()
    timers.advance(5000)
    expect(s.calls).toHaveLength(1)
    expect(seen).toEqual([])
    expect(q.getState().etag).toBe('"v1"')
  })
  it('retire() (a new record created: its editor takes over) sends nothing more, yet keeps what is typed', async () => {
    const timers = manualTimers()
    const s = controlledSave<Form>()
    const q = createSaveQueue<Form>({ save: s.save, initialValues: { title: '', body: '' }, etag: undefined, timers, onSaved: () => q.retire() })
    q.edit({ title: 'New', body: 'a' })
    const created = q.flush()
    q.edit({ title: 'New', body: 'ab' })
    void q.flush() // asked while the create is in flight: it must not POST a second record
    s.calls[0]!.answer.resolve({ etag: '"v1"' })
    await created
    q.edit({ title: 'New', body: 'abc' })
    timers.advance(5000)
    await q.flush()
    await tick()
    expect(s.calls).toHaveLength(1)
    expect(q.getState()).toMatchObject({ isDirty: true, values: { body: 'abc' }, savedValues: { body: 'a' }, etag: '"v1"' })
    expect(timers.pending()).toBe(0)
  })
})
