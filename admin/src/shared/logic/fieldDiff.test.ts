import { describe, expect, it } from 'vitest'
import { chooseAll, conflictsOf, diffThree, keepMine, mergeThree, takeTheirs, unresolved, chooseValue } from './fieldDiff.js'

const base = {
  id: 'b1',
  slug: 'hello',
  is_featured: false,
  publish_start: null as string | null,
  tag_ids: ['t1', 't2'],
  updated_at: '2026-11-27T09:00:00Z',
  localizations: [
    { id: 'l-en', locale: 'en', title: 'Hello', excerpt: 'An intro', body: 'Body en' },
    { id: 'l-de', locale: 'de', title: 'Hallo', excerpt: null as string | null, body: 'Body de' },
  ],
}
type Rec = typeof base
const clone = (r: Rec): Rec => structuredClone(r)

describe('diffThree on a flat record', () => {
  it('reports who changed what, and conflicts only where both changed differently', () => {
    const mine = { ...clone(base), slug: 'hello-mine', is_featured: true }
    const theirs = { ...clone(base), slug: 'hello-theirs', publish_start: '2026-12-01T08:00:00Z', updated_at: '2026-11-27T09:05:00Z' }
    const d = diffThree(base, mine, theirs)
    expect(d.map((x) => [x.path, x.mineChanged, x.theirsChanged, x.conflict])).toEqual([
      ['slug', true, true, true],
      ['is_featured', true, false, false],
      ['publish_start', false, true, false],
    ])
    expect(d[0]?.kind).toBe('text')
    expect(d[1]?.kind).toBe('value')
  })

  it('both sides making the same change is no conflict', () => {
    const mine = { ...clone(base), slug: 'same' }
    const theirs = { ...clone(base), slug: 'same' }
    expect(conflictsOf(diffThree(base, mine, theirs))).toEqual([])
  })
})

describe('nested records', () => {
  it('matches localizations by locale, not by position', () => {
    const mine = clone(base)
    mine.localizations[1]!.title = 'Hallo Welt' // de title
    const theirs = clone(base)
    theirs.localizations.reverse() // the server answers them in another order
    theirs.localizations[1]!.excerpt = 'An intro, edited' // en excerpt
    const d = diffThree(base, mine, theirs)
    expect(d.map((x) => [x.path, x.mineChanged, x.theirsChanged, x.conflict])).toEqual([
      ['localizations[en].excerpt', false, true, false],
      ['localizations[de].title', true, false, false],
    ])
    const merged = mergeThree(base, mine, theirs)
    const de = merged.localizations.find((l) => l.locale === 'de')
    const en = merged.localizations.find((l) => l.locale === 'en')
    expect(de?.title).toBe('Hallo Welt')
    expect(en?.excerpt).toBe('An intro, edited')
  })

  it('keys by locale when the items carry no id; a locale added on one side comes along whole', () => {
    const strip = (r: Rec) => ({ ...r, localizations: r.localizations.map(({ id: _id, ...l }) => l) })
    const b = strip(clone(base))
    const mine = strip(clone(base))
    mine.localizations.push({ locale: 'fr', title: 'Bonjour', excerpt: null, body: '' })
    const theirs = strip(clone(base))
    const d = diffThree(b, mine, theirs)
    expect(d.map((x) => [x.path, x.mineChanged, x.theirsChanged])).toEqual([['localizations[fr]', true, false]])
    expect(mergeThree(b, mine, theirs).localizations.map((l) => l.locale)).toEqual(['en', 'de', 'fr'])
  })

  it('treats id arrays as sets: both sides add and remove without conflict', () => {
    const mine = { ...clone(base), tag_ids: ['t1', 't2', 't3'] } // + t3
    const theirs = { ...clone(base), tag_ids: ['t2', 't4'] } // − t1, + t4
    const d = diffThree(base, mine, theirs)
    expect(d).toHaveLength(1)
    expect(d[0]).toMatchObject({
      path: 'tag_ids',
      kind: 'set',
      conflict: false,
      set: { mineAdded: ['t3'], mineRemoved: [], theirsAdded: ['t4'], theirsRemoved: ['t1'] },
    })
    expect(mergeThree(base, mine, theirs).tag_ids).toEqual(['t2', 't4', 't3'])
    // Reordering a set is no change.
    expect(diffThree(base, { ...clone(base), tag_ids: ['t2', 't1'] }, base)).toEqual([])
    // Taking one side for a set takes that set exactly.
    expect(mergeThree(base, mine, theirs, takeTheirs({}, 'tag_ids')).tag_ids).toEqual(['t2', 't4'])
  })

  it('ignores ids and timestamps, and any path the caller names', () => {
    const theirs = { ...clone(base), updated_at: 'later', id: 'other' }
    expect(diffThree(base, base, theirs)).toEqual([])
    expect(diffThree(base, { ...clone(base), slug: 'x' }, base, { ignore: ['slug'] })).toEqual([])
    expect(mergeThree(base, base, theirs).updated_at).toBe('later')
  })
})

describe('choices and merge', () => {
  const mine = { ...clone(base), slug: 'mine', is_featured: true }
  mine.localizations[0]!.body = 'Body en, my edit'
  const theirs = { ...clone(base), slug: 'theirs' }
  theirs.localizations[0]!.body = 'Body en, their edit'
  const diffs = diffThree(base, mine, theirs)

  it('lists conflicts until each has a choice', () => {
    expect(conflictsOf(diffs).map((d) => d.path)).toEqual(['slug', 'localizations[en].body'])
    let choices = keepMine({}, 'slug')
    expect(unresolved(diffs, choices).map((d) => d.path)).toEqual(['localizations[en].body'])
    choices = takeTheirs(choices, 'localizations[en].body')
    expect(unresolved(diffs, choices)).toEqual([])
    const merged = mergeThree(base, mine, theirs, choices)
    expect(merged.slug).toBe('mine')
    expect(merged.is_featured).toBe(true) // only mine changed it
    expect(merged.localizations[0]?.body).toBe('Body en, their edit')
  })

  it('a value of my own (text copied across and edited) wins over both', () => {
    const merged = mergeThree(base, mine, theirs, chooseValue({}, 'localizations[en].body', 'Body en, both edits'))
    expect(merged.localizations[0]?.body).toBe('Body en, both edits')
  })

  it('chooseAll, and the fallback for conflicts left open', () => {
    expect(mergeThree(base, mine, theirs, chooseAll(diffs, 'theirs')).slug).toBe('theirs')
    expect(mergeThree(base, mine, theirs).slug).toBe('mine')
    expect(mergeThree(base, mine, theirs, {}, { fallback: 'theirs' }).slug).toBe('theirs')
    // Non-conflicting changes of both sides survive every choice.
    expect(mergeThree(base, mine, theirs, chooseAll(diffs, 'theirs')).is_featured).toBe(true)
  })

  it('takes theirs for a field only they changed unless told to keep mine (revert theirs)', () => {
    const t2 = { ...clone(base), is_featured: true }
    expect(mergeThree(base, base, t2).is_featured).toBe(true)
    expect(mergeThree(base, base, t2, keepMine({}, 'is_featured')).is_featured).toBe(false)
  })
})
