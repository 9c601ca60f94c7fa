import { Type, type Static } from 'typebox'
import { reviewBody } from '../../http/content-schemas.js'
import { Int, Uuid } from '../../http/schemas.js'
import { BlogListItem } from './schemas.js'
import { SIMILAR_DEFAULT_LIMIT, SIMILAR_MAX_LIMIT } from './similar.rules.js'

/* Wire schemas of the workflow routes (review), the feed and similar blogs. */

export { REVIEW_ACTIONS } from '../../http/content-schemas.js'
export const ReviewBody = reviewBody('blog')
export type ReviewBody = Static<typeof ReviewBody>

export const SiteBlogParams = Type.Object({ site_id: Uuid, id: Uuid })
export type SiteBlogParams = Static<typeof SiteBlogParams>

export const SimilarQuery = Type.Object({
  limit: Int({ minimum: 1, maximum: SIMILAR_MAX_LIMIT, default: SIMILAR_DEFAULT_LIMIT }),
  locale: Type.Optional(
    Type.String({ minLength: 2, maxLength: 35, description: 'Locale code filling title/subtitle/excerpt; the default locale when absent or missing' }),
  ),
})
export type SimilarQuery = Static<typeof SimilarQuery>

export const SimilarBlog = Type.Object(
  {
    ...BlogListItem.properties,
    score: Type.Integer({ description: '3 per shared tag + 2 per shared category + 3 for the same primary category + 1 for the same author' }),
  },
  { $id: 'SimilarBlog' },
)
export type SimilarBlog = Static<typeof SimilarBlog>

export const RssDocument = Type.String({ description: 'RSS 2.0 document (application/rss+xml)' })
export const NotModified = Type.Null({ description: 'Not modified: the If-None-Match ETag is current' })
