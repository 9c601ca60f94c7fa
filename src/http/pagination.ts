import { Type, type Static, type TProperties, type TSchema } from 'typebox'
import { Int } from './schemas.js'

const MAX_PAGE = 1_000_000

/** Query schema for page/per_page lists plus a list's own filters; per_page default differs per resource (a long list of small records pages wider). */
export function PageQuerySchema<T extends TProperties = Record<never, never>>(defaultPerPage = 10, filters?: T) {
  return Type.Object({
    page: Int({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    per_page: Int({ minimum: 1, maximum: 100, default: defaultPerPage }),
    ...((filters ?? {}) as T),
  })
}
export const PageQuery = PageQuerySchema(10)
export type PageQuery = Static<typeof PageQuery>

export const PageMeta = Type.Object(
  {
    page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    total_pages: Type.Integer(),
  },
  { $id: 'PageMeta' },
)
export type PageMeta = Static<typeof PageMeta>

/** `$id` of a list wrapper: `<item $id><suffix>` (BlogListItemPage), so it is a named OpenAPI component. */
function wrapperId(item: TSchema, suffix: string): { $id: string } | Record<never, never> {
  const id = (item as { $id?: unknown }).$id
  return typeof id === 'string' ? { $id: `${id}${suffix}` } : {}
}

/**
 * The one paginated response shape: `{ data, meta: { page, per_page, total, total_pages } }`.
 * An item with an `$id` (`BlogListItem`) names the page (`BlogListItemPage`).
 */
export function Paginated<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: PageMeta }, wrapperId(item, 'Page'))
}

export interface Page<T> {
  data: T[]
  meta: PageMeta
}

/** SQL limit/offset for a page. */
export function pageWindow(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page }
}

/** Builds the response; a page past the end is an empty data array with the true totals. */
export function paginate<T>(rows: T[], total: number, q: PageQuery): Page<T> {
  return {
    data: rows,
    meta: { page: q.page, per_page: q.per_page, total, total_pages: Math.ceil(total / q.per_page) },
  }
}

/** limit/offset style (featured blogs, key usage). */
export function LimitOffsetQuerySchema(defaultLimit: number, maxLimit: number) {
  return Type.Object({
    limit: Int({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
    offset: Int({ minimum: 0, maximum: 10_000_000, default: 0 }),
  })
}
export const LimitOffsetMeta = Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }, { $id: 'OffsetPageMeta' })
/** `{ data, meta: { limit, offset, total } }`; an item with an `$id` names it `<item $id>OffsetPage`. */
export function LimitOffsetPage<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: LimitOffsetMeta }, wrapperId(item, 'OffsetPage'))
}
