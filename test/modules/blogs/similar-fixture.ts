/*
 * A hand-built similar-blogs fixture shared by the unit test (pure scorer) and the HTTP test (SQL): both must
 * produce EXPECTED exactly. Scores by hand, source = tags t1 t2 t3 t5, categories c1 (primary) c2 c4, author Ann;
 * t5 and c4 are soft-deleted, so they count for nobody.
 */

export const NOW = '2025-06-01T00:00:00.000Z'

export const TAGS = ['t1', 't2', 't3', 't4', 't5'] as const
export const CATEGORIES = ['c1', 'c2', 'c3', 'c4'] as const
export const DELETED_TAGS: readonly string[] = ['t5']
export const DELETED_CATEGORIES: readonly string[] = ['c4']

export interface FixtureBlog {
  key: string
  tags: string[]
  categories: string[]
  primary: string | null
  author: string
  status: 'Published' | 'Draft' | 'InReview'
  publishedDate: string | null
  publishedAt: string | null
  /** Where it lives: in the site (default), owned by another site and shared with it, or only in another site. */
  placement?: 'site' | 'shared' | 'foreign'
  deleted?: boolean
  /** publish_end already passed at NOW. */
  expired?: boolean
}

const pub = (key: string, date: string | null, at: string | null, p: Partial<FixtureBlog>): FixtureBlog => ({
  key,
  tags: [],
  categories: [],
  primary: null,
  author: '',
  status: 'Published',
  publishedDate: date,
  publishedAt: at,
  ...p,
})

export const SOURCE: FixtureBlog = pub('src', '2024-01-01', '2024-01-01T09:00:00.000Z', {
  tags: ['t1', 't2', 't3', 't5'],
  categories: ['c1', 'c2', 'c4'],
  primary: 'c1',
  author: 'Ann',
})

export const BLOGS: FixtureBlog[] = [
  // 2 tags (6) + c1 shared (2) + same primary c1 (3) = 11
  pub('A', '2024-01-10', '2024-01-10T09:00:00.000Z', { tags: ['t1', 't2'], categories: ['c1'], primary: 'c1', author: 'Bob' }),
  // t1 (3) + c2 (2; primary c2 is not the source's primary) + Ann (1) = 6
  pub('B', '2024-01-05', '2024-01-05T09:00:00.000Z', { tags: ['t1'], categories: ['c2'], primary: 'c2', author: 'Ann' }),
  // t2 (3) + c2 (2) + Ann (1) = 6, newer than B
  pub('F', '2024-02-10', '2024-02-10T09:00:00.000Z', { tags: ['t2'], categories: ['c2'], author: 'Ann' }),
  // t3 (3) + c1 not primary here (2) = 5
  pub('C', '2024-02-01', '2024-02-01T09:00:00.000Z', { tags: ['t3', 't4'], categories: ['c1', 'c3'], primary: 'c3' }),
  // t3 (3) = 3, dated
  pub('E2', '2024-01-20', '2024-01-20T09:00:00.000Z', { tags: ['t3'] }),
  // t1 (3) = 3, no published_date: after every dated 3
  pub('E', null, '2024-05-20T09:00:00.000Z', { tags: ['t1'] }),
  // c2 (2) each, same date: published_at decides (T2 later, so first)
  pub('T1', '2024-02-20', '2024-02-20T10:00:00.000Z', { categories: ['c2'] }),
  pub('T2', '2024-02-20', '2024-02-20T12:00:00.000Z', { categories: ['c2', 'c3'], primary: 'c3' }),
  // Ann (1): owned by another site and shared with this one
  pub('S', '2024-04-01', '2024-04-01T09:00:00.000Z', { author: 'Ann', placement: 'shared' }),
  // Ann (1)
  pub('D', '2024-03-01', '2024-03-01T09:00:00.000Z', { author: 'Ann' }),
  // Ann (1), oldest: the 11th match, cut off by the maximum limit of 10
  pub('Z', '2023-12-01', '2023-12-01T09:00:00.000Z', { author: 'Ann' }),
  // score 0: nothing shared (t4, c3, another author)
  pub('G', '2024-03-05', '2024-03-05T09:00:00.000Z', { tags: ['t4'], categories: ['c3'], primary: 'c3', author: 'Bob' }),
  // score 0: shares only the deleted tag t5 and the deleted category c4
  pub('H', '2024-03-06', '2024-03-06T09:00:00.000Z', { tags: ['t5'], categories: ['c4'], primary: 'c4' }),
  // excluded although they share a lot: not published, deleted, expired, or not carried by the site
  pub('Dr', null, null, { tags: ['t1', 't2', 't3'], categories: ['c1'], primary: 'c1', author: 'Ann', status: 'Draft' }),
  pub('R', null, null, { tags: ['t1', 't2'], categories: ['c1'], primary: 'c1', author: 'Ann', status: 'InReview' }),
  pub('Del', '2024-03-10', '2024-03-10T09:00:00.000Z', { tags: ['t1', 't2'], author: 'Ann', deleted: true }),
  pub('Exp', '2024-03-11', '2024-03-11T09:00:00.000Z', { tags: ['t1', 't2'], author: 'Ann', expired: true }),
  pub('Foreign', '2024-03-12', '2024-03-12T09:00:00.000Z', { tags: ['t1'], author: 'Ann', placement: 'foreign' }),
]

/** The answer, best first: [key, score]. */
export const EXPECTED: Array<[string, number]> = [
  ['A', 11],
  ['F', 6],
  ['B', 6],
  ['C', 5],
  ['E2', 3],
  ['E', 3],
  ['T2', 2],
  ['T1', 2],
  ['S', 1],
  ['D', 1],
  ['Z', 1],
]
