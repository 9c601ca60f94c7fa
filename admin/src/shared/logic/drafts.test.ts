import { describe, expect, it } from 'vitest'
import { createDraftStore, draftKey, keyvalBackend, memoryBackend, newDraftRecord, parseDraftKey, shouldOffer, type Draft, type DraftKey } from './drafts.js'

const key: DraftKey = { siteId: 's1', recordId: 'b1', locale: 'de' }
const T0 = Date.parse('2026-11-27T09:00:00Z')

function setup(start = T0) {
  let now = start
  const backend = memoryBackend()
  const store = createDraftStore(backend, { now: () => now })
  return { backend, store, at: (ms: number) => (now = ms) }
}

describe('draft keys', () => {
  it('separate site, record and locale, and survive odd characters', () => {
    const k = { siteId: 's|1', recordId: newDraftRecord('blog'), locale: 'pt-BR' }
    expect(parseDraftKey(draftKey(k))).toEqual(k)
    expect(draftKey(key)).not.toBe(draftKey({ ...key, locale: 'en' }))
    expect(parseDraftKey('something-else')).toBeUndefined()
  })
})

describe('draft store', () => {
  it('saves, loads and discards per site, record and locale', async () => {
    const { store } = setup()
    await store.save(key, { title: 'Hallo' }, { updatedAt: '2026-11-27T08:00:00Z', etag: '"v1"' })
    await store.save({ ...key, locale: 'en' }, { title: 'Hello' })
    expect(await store.load(key)).toMatchObject({ values: { title: 'Hallo' }, savedAt: T0, baseEtag: '"v1"' })
    expect((await store.load({ ...key, locale: 'en' }))?.values).toEqual({ title: 'Hello' })
    await store.discard(key)
    expect(await store.load(key)).toBeUndefined()
    expect(await store.load({ ...key, locale: 'en' })).toBeDefined()
  })

  it('stores a copy: later mutation of the form object does not change the draft', async () => {
    const { store } = setup()
    const values = { title: 'a' }
    await store.save(key, values)
    values.title = 'b'
    expect((await store.load(key))?.values).toEqual({ title: 'a' })
  })

  it('offers a draft that differs and is newer than the record', async () => {
    const { store, at } = setup()
    at(Date.parse('2026-11-27T09:10:00Z'))
    await store.save(key, { title: 'Hallo Welt' }, { updatedAt: '2026-11-27T09:00:00Z' })
    const loaded = { values: { title: 'Hallo' }, updatedAt: '2026-11-27T09:00:00Z' }
    expect(await store.offer(key, loaded)).toMatchObject({ draft: { values: { title: 'Hallo Welt' } }, recordChangedSince: false })
    // Same values as the record: nothing to offer.
    expect(await store.offer(key, { ...loaded, values: { title: 'Hallo Welt' } })).toBeUndefined()
    // The record was saved after the draft: the draft is stale.
    expect(await store.offer(key, { ...loaded, updatedAt: '2026-11-27T09:11:00Z' })).toBeUndefined()
    // Saved elsewhere after the draft began, but before its last write: offered, flagged.
    expect(await store.offer(key, { ...loaded, updatedAt: '2026-11-27T09:05:00Z' })).toMatchObject({ recordChangedSince: true })
  })

  it('offers a new record draft with nothing to compare', async () => {
    const { store } = setup()
    const k = { siteId: 's1', recordId: newDraftRecord('blog'), locale: 'en' }
    await store.save(k, { title: 'Draft' })
    expect((await store.offer(k, undefined))?.draft.values).toEqual({ title: 'Draft' })
  })

  it('lists per site newest first, prunes old drafts, clears only drafts', async () => {
    const { store, backend, at } = setup()
    await store.save(key, { n: 1 })
    at(T0 + 1000)
    await store.save({ ...key, recordId: 'b2' }, { n: 2 })
    await store.save({ ...key, siteId: 's2' }, { n: 3 })
    await backend.set('unrelated', 'keep me')
    await backend.set(draftKey({ ...key, recordId: 'junk' }), { not: 'a draft' })
    expect((await store.list('s1')).map((d: Draft) => d.key.recordId)).toEqual(['b2', 'b1'])
    expect(await store.list()).toHaveLength(3)
    at(T0 + 10_000)
    expect(await store.prune(9_500)).toBe(1)
    expect(await store.load(key)).toBeUndefined()
    await store.clearAll()
    expect(await backend.keys()).toEqual(['unrelated'])
  })
})

describe('shouldOffer', () => {
  it('compares structurally and ignores an unreadable updated_at', () => {
    const d: Draft<{ a: number[] }> = { key, values: { a: [1, 2] }, savedAt: T0, v: 1 }
    expect(shouldOffer(d, { values: { a: [1, 2] }, updatedAt: 'nonsense' })).toBe(false)
    expect(shouldOffer(d, { values: { a: [2, 1] }, updatedAt: 'nonsense' })).toBe(true)
  })
})

describe('keyvalBackend', () => {
  it('adapts a get/set/del/keys store and skips non-string keys', async () => {
    const m = new Map<unknown, unknown>([[42, 'numeric key']])
    const backend = keyvalBackend({
      get: (k) => Promise.resolve(m.get(k)),
      set: (k, v) => Promise.resolve(void m.set(k, v)),
      del: (k) => Promise.resolve(void m.delete(k)),
      keys: () => Promise.resolve([...m.keys()]),
    })
    const store = createDraftStore(backend, { now: () => T0 })
    await store.save(key, { title: 'x' })
    expect(await backend.keys()).toEqual([draftKey(key)])
    await store.discard(key)
    expect(await backend.keys()).toEqual([])
    expect(m.size).toBe(1)
  })
})
