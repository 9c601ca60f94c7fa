import { AtriumError, recordTag } from '@atrium-cms/client'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  localeConflictOf,
  heldTag,
  isDirty,
  loadedTexts,
  resolvedTexts,
  savedTexts,
  storedChanged,
  textsOf,
  theirTexts,
  wireTexts,
  type LocaleRecord,
} from './localeTexts.js'

type F = 'title' | 'description'
const names: F[] = ['title', 'description']
const loc = (over: Partial<LocaleRecord<F>> = {}): LocaleRecord<F> & { created_at: string } => ({
  id: 'l1',
  locale_id: 'en',
  title: 'Price list',
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
})
const conflict412 = (current: unknown, etag?: string) =>
  new AtriumError({ status: 412, problem: { code: 'EDIT_CONFLICT', title: 'Edit conflict', current }, etag })

describe('locale texts', () => {
  it('shows a record as texts and sends them trimmed, empty as null', () => {
    expect(textsOf(names, loc())).toEqual({ title: 'Price list', description: '' })
    expect(textsOf(names, undefined)).toEqual({ title: '', description: '' })
    expect(wireTexts(names, { title: '  Prices ', description: '   ' })).toEqual({ title: 'Prices', description: null })
  })

  it('holds the version it loaded; its If-Match is the record tag as the server computes it', async () => {
    const s = loadedTexts(names, loc())
    // src/core/versions.ts: canonical JSON (sorted keys, undefined left out), SHA-256, 22 base64url characters, quoted.
    const canonical =
      '{"created_at":"2026-01-01T00:00:00.000Z","description":null,"id":"l1","locale_id":"en","title":"Price list","updated_at":"2026-01-01T00:00:00.000Z"}'
    const expected = `"${createHash('sha256').update(canonical).digest('base64url').slice(0, 22)}"`
    expect(await recordTag(loc())).toBe(expected)
    expect(await heldTag(s)).toBe(expected)
    expect(await heldTag({ ...s, etag: '"from-answer"' })).toBe('"from-answer"')
    expect(await heldTag(loadedTexts(names, undefined))).toBeUndefined()
  })

  it('a reload shows the new record in an untouched form', () => {
    const s = loadedTexts(names, loc())
    const theirs = loc({ title: 'Prices', updated_at: '2026-01-02T00:00:00.000Z' })
    expect(storedChanged(names, s, theirs)).toEqual(loadedTexts(names, theirs))
    expect(storedChanged(names, s, loc())).toBe(s)
  })

  it('a reload never drops typed text, and keeps the version it was typed on (its save meets the 412)', () => {
    const typed = { ...loadedTexts(names, loc()), values: { title: 'Price list 2026', description: '' } }
    expect(isDirty(names, typed)).toBe(true)
    expect(storedChanged(names, typed, loc({ title: 'Prices', updated_at: '2026-01-02T00:00:00.000Z' }))).toBe(typed)
    const withConflict = { ...loadedTexts(names, loc()), conflict: { current: loc({ title: 'Prices' }), etag: '"t"' } }
    expect(storedChanged(names, withConflict, loc({ title: 'Prices' }))).toBe(withConflict)
    // A reload that does not list the record yet (a create's refetch still under way) keeps the held one.
    const created = { ...loadedTexts(names, loc()), etag: '"new"' }
    expect(storedChanged(names, created, undefined)).toBe(created)
  })

  it('after a save the answer and its ETag are the held version; text typed while it ran stays', () => {
    const sent = { title: 'Price list 2026', description: '' }
    const answer = { data: loc({ title: 'Price list 2026', updated_at: '2026-01-03T00:00:00.000Z' }), etag: '"a2"' }
    const s = { ...loadedTexts(names, loc()), values: sent }
    expect(savedTexts(names, s, sent, answer)).toEqual({ base: answer.data, etag: '"a2"', values: sent, conflict: undefined })
    const more = { ...s, values: { title: 'Price list 2026 (net)', description: '' } }
    expect(savedTexts(names, more, sent, answer).values).toEqual(more.values)
    expect(isDirty(names, savedTexts(names, more, sent, answer))).toBe(true)
  })

  it('reads a 412 EDIT_CONFLICT with the current record and its tag; other failures are not conflicts', () => {
    const current = loc({ title: 'Prices' })
    expect(localeConflictOf(conflict412(current, '"c1"'))).toEqual({ current, etag: '"c1"' })
    expect(localeConflictOf(conflict412(null))).toBeUndefined()
    expect(localeConflictOf(new AtriumError({ status: 400, problem: { code: 'VALIDATION_FAILED' } }))).toBeUndefined()
    expect(localeConflictOf(new Error('boom'))).toBeUndefined()
  })

  it('keep mine saves the merge on their version; discarding mine shows theirs', () => {
    const current = loc({ title: 'Prices', description: 'Of 2026', updated_at: '2026-01-02T00:00:00.000Z' })
    const s = { ...loadedTexts(names, loc()), values: { title: 'Price list 2026', description: '' }, conflict: { current, etag: '"c1"' } }
    const merged = { title: 'Price list 2026', description: 'Of 2026' }
    expect(resolvedTexts(s, merged)).toEqual({ base: current, etag: '"c1"', values: merged, conflict: undefined })
    expect(theirTexts(names, s)).toEqual({ base: current, etag: '"c1"', values: { title: 'Prices', description: 'Of 2026' }, conflict: undefined })
    const none = loadedTexts(names, loc())
    expect(resolvedTexts(none, merged)).toBe(none)
    expect(theirTexts(names, none)).toBe(none)
  })
})
