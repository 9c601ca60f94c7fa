/*
 * Similar-blog scoring as a pure function. The endpoint computes the same
 * thing in SQL (workflow.queries.ts similarBlogIds); this is the reference the unit test holds the SQL to.
 */

/** Points per shared signal. A shared primary category counts as shared category (2) plus the primary bonus (3). */
export const SIMILAR_POINTS = { tag: 3, category: 2, primaryCategory: 3, author: 1 } as const

export const SIMILAR_DEFAULT_LIMIT = 3
export const SIMILAR_MAX_LIMIT = 10

/** What the score looks at: a blog's live tags and categories, its primary category and author. */
export interface SimilarityProfile {
  id: string
  tagIds: readonly string[]
  categoryIds: readonly string[]
  primaryCategoryId: string | null
  /** Free-text author; an unset (null) or empty author matches nobody. */
  author: string | null
}

export interface SimilarCandidate extends SimilarityProfile {
  status: string
  /** Published only until then (null: no end). */
  publishEnd: Date | null
  /** YYYY-MM-DD or null; newer first among equal scores, nulls last. */
  publishedDate: string | null
  publishedAt: Date | null
}

export interface Scored {
  id: string
  score: number
}

const shared = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a)
  return new Set(b.filter((x) => set.has(x))).size
}

/** Score of a candidate against the source: 3 per shared tag, 2 per shared category, 3 for the same primary category, 1 for the same author. */
export function similarityScore(source: SimilarityProfile, candidate: SimilarityProfile): number {
  let score = SIMILAR_POINTS.tag * shared(source.tagIds, candidate.tagIds) + SIMILAR_POINTS.category * shared(source.categoryIds, candidate.categoryIds)
  if (source.primaryCategoryId !== null && source.primaryCategoryId === candidate.primaryCategoryId) score += SIMILAR_POINTS.primaryCategory
  if (source.author !== null && source.author !== '' && source.author === candidate.author) score += SIMILAR_POINTS.author
  return score
}

const time = (d: Date | null) => (d === null ? Number.NEGATIVE_INFINITY : d.getTime())

/** Descending with nulls last (PostgreSQL `desc nulls last`). */
function desc<T extends string | number>(a: T | null, b: T | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? 1 : -1
}

const isPublished = (c: SimilarCandidate, now: Date) => c.status === 'Published' && (c.publishEnd === null || c.publishEnd.getTime() > now.getTime())

/**
 * Candidates published at `now` (status Published, publish_end not passed) other than the source, with a
 * positive score, by score descending, then published_date newest first (then published_at newest first,
 * then id, so the order is total), at most `limit`.
 */
export function rankSimilar(source: SimilarityProfile, candidates: readonly SimilarCandidate[], now: Date, limit = SIMILAR_DEFAULT_LIMIT): Scored[] {
  return candidates
    .filter((c) => c.id !== source.id && isPublished(c, now))
    .map((c) => ({ c, score: similarityScore(source, c) }))
    .filter((x) => x.score > 0)
    .sort(
      (x, y) =>
        y.score - x.score ||
        desc(x.c.publishedDate, y.c.publishedDate) ||
        desc(time(x.c.publishedAt), time(y.c.publishedAt)) ||
        (x.c.id < y.c.id ? -1 : x.c.id > y.c.id ? 1 : 0),
    )
    .slice(0, limit)
    .map((x) => ({ id: x.c.id, score: x.score }))
}
