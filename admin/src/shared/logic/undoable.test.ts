import { describe, expect, it, vi } from 'vitest'
import { createUndoable } from './undoable'

describe('undoable action', () => {
  it('runs only when let go, exactly once', async () => {
    const run = vi.fn(() => Promise.resolve())
    const u = createUndoable(run)
    await Promise.resolve()
    expect(run).not.toHaveBeenCalled()
    await u.flush()
    await u.flush()
    expect(run).toHaveBeenCalledTimes(1)
    await expect(u.done).resolves.toBe('ran')
    expect(u.undo()).toBe(false)
  })

  it('never runs once undone', async () => {
    const run = vi.fn(() => Promise.resolve())
    const u = createUndoable(run)
    expect(u.undo()).toBe(true)
    expect(u.undo()).toBe(false)
    await u.flush()
    expect(run).not.toHaveBeenCalled()
    await expect(u.done).resolves.toBe('undone')
  })

  it('a failure rejects done', async () => {
    const u = createUndoable(() => Promise.reject(new Error('403')))
    const done = u.done.catch((e: Error) => e.message)
    await u.flush()
    await expect(done).resolves.toBe('403')
  })
})
