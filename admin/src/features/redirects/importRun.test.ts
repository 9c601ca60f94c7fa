import { describe, expect, it } from 'vitest'
import { runImport } from './importRun'
import type { RedirectInput } from './rules'

const row = (s: string): RedirectInput => ({ source_path: s, destination_path: '/to', status_code: 301, is_active: true })

describe('runImport', () => {
  it('creates every row in order and reports progress', async () => {
    const made: string[] = []
    const progress: number[] = []
    const out = await runImport([row('/a'), row('/b')], {
      create: (v) => (made.push(v.source_path), Promise.resolve({ id: v.source_path })),
      remove: () => Promise.resolve(),
      onProgress: (d) => progress.push(d),
    })
    expect(out).toEqual({ ok: true, created: 2 })
    expect(made).toEqual(['/a', '/b'])
    expect(progress).toEqual([1, 2])
  })

  it('on a refused row deletes what it created, newest first, and keeps nothing', async () => {
    const live = new Set<string>()
    const removed: string[] = []
    const out = await runImport([row('/a'), row('/b'), row('/c'), row('/d')], {
      create: (v) => {
        if (v.source_path === '/c') return Promise.reject(new Error('409'))
        live.add(v.source_path)
        return Promise.resolve({ id: v.source_path })
      },
      remove: (id) => (removed.push(id), live.delete(id), Promise.resolve()),
    })
    expect(out).toMatchObject({ ok: false, failedIndex: 2, rolledBack: 2, notRolledBack: [] })
    expect(removed).toEqual(['/b', '/a'])
    expect(live.size).toBe(0)
  })

  it('names the records it could not delete again', async () => {
    const out = await runImport([row('/a'), row('/b')], {
      create: (v) => (v.source_path === '/b' ? Promise.reject(new Error('boom')) : Promise.resolve({ id: 'id-a' })),
      remove: () => Promise.reject(new Error('403')),
    })
    expect(out).toMatchObject({ ok: false, failedIndex: 1, rolledBack: 0, notRolledBack: ['id-a'] })
  })
})
