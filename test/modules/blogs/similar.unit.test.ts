import { describe, expect, it } from 'vitest'
import { rankSimilar, similarityScore, type SimilarCandidate, type SimilarityProfile } from '../../../src/modules/blogs/similar.rules.js'
import { BLOGS, DELETED_CATEGORIES, DELETED_TAGS, EXPECTED, NOW, SOURCE, type FixtureBlog } from './similar-fixture.js'

const profile = (id: string, p: Partial<SimilarityProfile> = {}): SimilarityProfile => ({
  id,
  tagIds: [],
  categoryIds: [],
  primaryCategoryId: null,
  author: '',
  ...p,
})

describe('similarityScore', () => {
  const src = profile('src', { tagIds: ['t1', 't2', 't3'], categoryIds: ['c1', 'c2'], primaryCategoryId: 'c1', author: 'Ann' })
  it.each<[string, Partial<SimilarityProfile>, number]>([
    ['nothing shared', { tagIds: ['t9'], categoryIds: ['c9'], primaryCategoryId: 'c9', author: 'Bob' }, 0],
    ['one shared tag', { tagIds: ['t1'] }, 3],
    ['three shared tags', { tagIds: ['t3', 't2', 't1', 't8'] }, 9],
    ['one shared category, not primary on either side', { categoryIds: ['c2'] }, 2],
    ['shared category that is primary only on the candidate', { categoryIds: ['c2'], primaryCategoryId: 'c2' }, 2],
    ['shared category that is the source primary but not the candidate primary', { categoryIds: ['c1', 'c9'], primaryCategoryId: 'c9' }, 2],
    ['same primary category: shared (2) + primary (3)', { categoryIds: ['c1'], primaryCategoryId: 'c1' }, 5],
    ['same author', { author: 'Ann' }, 1],
    ['author compared exactly', { author: 'ann' }, 0],
    ['everything', { tagIds: ['t1', 't2', 't3'], categoryIds: ['c1', 'c2'], primaryCategoryId: 'c1', author: 'Ann' }, 9 + 4 + 3 + 1],
    ['duplicate ids count once', { tagIds: ['t1', 't1'], categoryIds: ['c2', 'c2'] }, 5],
  ])('%s → %i', (_name, candidate, expected) => {
    expect(similarityScore(src, profile('x', candidate))).toBe(expected)
  })

  it('an empty author matches nobody, not even another empty author', () => {
    expect(similarityScore(profile('a'), profile('b'))).toBe(0)
  })

  it('an unset (null) author matches nobody, not even another unset author', () => {
    expect(similarityScore(profile('a', { author: null }), profile('b', { author: null }))).toBe(0)
    expect(similarityScore(profile('a', { author: null, tagIds: ['t1'] }), profile('b', { author: null, tagIds: ['t1'] }))).toBe(3)
  })

  it('no primary on either side gives no primary bonus', () => {
    expect(similarityScore(profile('a', { categoryIds: ['c1'] }), profile('b', { categoryIds: ['c1'] }))).toBe(2)
  })
})

/** What the database holds for the fixture, as the pure scorer sees it: deleted taxonomy counts for nobody. */
function asProfile(b: FixtureBlog): SimilarCandidate {
  const primary = b.primary !== null && !DELETED_CATEGORIES.includes(b.primary) ? b.primary : null
  return {
    id: b.key,
    tagIds: b.tags.filter((x) => !DELETED_TAGS.includes(x)),
    categoryIds: b.categories.filter((x) => !DELETED_CATEGORIES.includes(x)),
    primaryCategoryId: primary,
    author: b.author,
    status: b.status,
    publishEnd: b.expired ? new Date(Date.parse(NOW) - 86_400_000) : null,
    publishedDate: b.publishedDate,
    publishedAt: b.publishedAt === null ? null : new Date(b.publishedAt),
  }
}

describe('rankSimilar on the hand-built fixture', () => {
  // Candidates are what the site carries: foreign blogs and deleted ones are not in its set.
  const candidates = [SOURCE, ...BLOGS].filter((b) => b.placement !== 'foreign' && !b.deleted).map(asProfile)
  const now = new Date(NOW)

  it('orders by score, then published_date newest first (nulls last), then published_at; max 10', () => {
    expect(rankSimilar(asProfile(SOURCE), candidates, now, 10).map((s) => [s.id, s.score])).toEqual(EXPECTED.slice(0, 10))
    expect(rankSimilar(asProfile(SOURCE), candidates, now, 100).map((s) => [s.id, s.score])).toEqual(EXPECTED)
  })

  it('defaults to 3 and honours smaller limits', () => {
    expect(rankSimilar(asProfile(SOURCE), candidates, now).map((s) => s.id)).toEqual(['A', 'F', 'B'])
    expect(rankSimilar(asProfile(SOURCE), candidates, now, 1).map((s) => s.id)).toEqual(['A'])
  })

  it('never returns the source, unpublished, expired or zero-score blogs', () => {
    const ids = rankSimilar(asProfile(SOURCE), candidates, now, 100).map((s) => s.id)
    for (const excluded of ['src', 'Dr', 'R', 'Exp', 'G', 'H']) expect(ids).not.toContain(excluded)
  })

  it('an expired blog counts again before its publish_end', () => {
    const before = new Date(Date.parse(NOW) - 2 * 86_400_000)
    expect(rankSimilar(asProfile(SOURCE), candidates, before, 100).map((s) => s.id)).toContain('Exp')
  })

  it('empty when nothing is shared', () => {
    expect(rankSimilar(profile('lonely'), candidates, now, 10)).toEqual([])
  })

  it('breaks complete ties by id so the order is total', () => {
    const twin = (id: string): SimilarCandidate => ({ ...asProfile(BLOGS[0]!), id })
    expect(rankSimilar(asProfile(SOURCE), [twin('b'), twin('a'), twin('c')], now, 10).map((s) => s.id)).toEqual(['a', 'b', 'c'])
  })
})
