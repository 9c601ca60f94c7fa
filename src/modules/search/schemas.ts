import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Nullable, NullableTimestamp, Uuid } from '../../http/schemas.js'

/* Wire format of site search. */

export const SEARCH_TYPES = ['blog', 'page', 'document'] as const
export const MAX_QUERY_CHARS = 200

export const SearchQuery = PageQuerySchema(10, {
  q: Type.String({
    maxLength: 1000,
    description: `The search text, 1–${MAX_QUERY_CHARS} characters after trimming; web-search syntax ("quoted phrase", or, -word), never a syntax error`,
  }),
  locale: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 35,
      description: "A locale code of the site (default: the site's default locale); its language picks stemming and stop words",
    }),
  ),
  types: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated subset of blog, page, document (default: all)' })),
})
export type SearchQuery = Static<typeof SearchQuery>

export const SearchHit = Type.Object(
  {
    type: Type.Union([Type.Literal('blog'), Type.Literal('page'), Type.Literal('document')]),
    id: Uuid,
    slug: Nullable(Type.String({ description: 'Blogs: the slug; null for pages and documents' })),
    route: Nullable(Type.String({ description: 'Pages: the route in this site; null for blogs and documents' })),
    title: Nullable(
      Type.String({ description: "Blogs and documents: the localization's title; pages: the first section title (display order) in the locale" }),
    ),
    snippet: Nullable(
      Type.String({
        description:
          'HTML-safe excerpt of the matched text: matches wrapped in <mark>…</mark>, everything else HTML-escaped; null when the hit has no text besides its title',
      }),
    ),
    rank: Type.Number({ description: 'Relevance (ts_rank; higher is better); hits are ordered by it' }),
    published_at: NullableTimestamp,
  },
  { $id: 'SearchHit' },
)
export type SearchHit = Static<typeof SearchHit>
