import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scheduleUndoable } from './undoable'

describe('undoable action', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs once the delay has passed', async () => {
    const run = vi.fn(() => Promise.resolve())
    const u = scheduleUndoable(run, 5000)
    await vi.advanceTimersByTimeAsync(4999)
    expect(run).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    await expect(u.done).resolves.toBe('ran')
    expect(u.undo()).toBe(false)
  })

  it('never runs when undone in time', async () => {
    const run = vi.fn(() => Promise.resolve())
    const u = scheduleUndoable(run, 5000)
    expect(u.undo()).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(run).not.toHaveBeenCalled()
    await expect(u.done).resolves.toBe('undone')
    await u.flush()
    expect(run).not.toHaveBeenCalled()
  })

  it('flush runs it at once, exactly once; a failure rejects done', async () => {
    const run = vi.fn(() => Promise.reject(new Error('403')))
    const u = scheduleUndoable(run, 5000)
    const done = u.done.catch((e: Error) => e.message)
    await u.flush()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(run).toHaveBeenCalledTimes(1)
    await expect(done).resolves.toBe('403')
  })
})
