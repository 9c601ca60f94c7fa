import { etagOf, type paths } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { api } from './client'
import { listAll } from './listAll'
import { ifMatch } from './wire'

/*
 * One resource's queries and mutations from its paths (as Ghost's admin-x-framework builds them), typed by the
 * client's generated schema: the record, list, create and update bodies are those the API declares for the paths.
 * Keys start with ['site', siteId, key], so switching sites never shows stale data and every write invalidates the
 * resource's lists coarsely. What is not a plain list/get/create/update/remove/reorder stays explicit in the
 * feature's api.ts, written with `useSiteMutation` where it only needs the invalidation.
 */

type Method = 'get' | 'post' | 'put' | 'delete'
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>
type PathWith<M extends Method> = { [P in keyof paths]-?: [NonNullable<paths[P][M]>] extends [never] ? never : P }[keyof paths]
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never
type Answer<O> = O extends { responses: infer Rs } ? Json<Rs[200 & keyof Rs]> | Json<Rs[201 & keyof Rs]> : never
type BodyOf<O> = O extends { requestBody?: infer B } ? Json<NonNullable<B>> : never
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never
/** A list answers a page (`{ data, meta }`) or a plain array. */
type RowOf<L> = L extends { data: (infer T)[] } ? T : L extends (infer T)[] ? T : never

export interface Loaded<R> {
  data: R
  etag: string | undefined
}

interface Spec<L extends PathWith<'get'>, I extends PathWith<'get'>, C extends PathWith<'post'>, R extends PathWith<'post'>> {
  /** The key segment after ['site', siteId]. */
  key: string
  /** GET of the site's records: `{site_id}` in the path. */
  list: L
  /** The record's path (`{id}`): GET with its ETag, PUT with If-Match, DELETE. */
  item: I
  /** POST creating a record: with `{site_id}` in the path, or else the site in the body's `site_ids`. */
  create?: C
  /** POST of the new order (`{site_id}` in the path); applied optimistically to the list. */
  reorder?: R
}

type Call = (path: string, init: object) => Promise<{ data?: unknown; response: Response }>
/** The client's calls with the path as a plain string: the types come from the spec's paths instead. */
const loose = () => api() as unknown as Record<'GET' | 'POST' | 'PUT' | 'DELETE', Call>
const siteParams = (path: string, siteId: string) => (path.includes('{site_id}') ? { path: { site_id: siteId } } : {})

export function resource<L extends PathWith<'get'>, I extends PathWith<'get'>, C extends PathWith<'post'> = never, R extends PathWith<'post'> = never>(
  spec: Spec<L, I, C, R>,
) {
  type ListAnswer = Answer<Op<L, 'get'>>
  type Row = RowOf<ListAnswer>
  type Item = Answer<Op<I, 'get'>>
  type ListQuery = QueryOf<Op<L, 'get'>>
  type CreateBody = Omit<BodyOf<Op<C, 'post'>>, 'site_ids'>
  // A PATCH-like body is generated as `{...} | unknown` (its "at least one field" rule): a partial create body then.
  type PutBody = BodyOf<NonNullable<paths[I]['put']>>
  type UpdateBody = unknown extends PutBody ? ([C] extends [never] ? Record<string, unknown> : Partial<CreateBody>) : PutBody
  type ReorderBody = BodyOf<Op<R, 'post'>>

  const key = (siteId: string) => ['site', siteId, spec.key] as const
  const fetchList = async (siteId: string, query: object) =>
    (await loose().GET(spec.list, { params: { ...siteParams(spec.list, siteId), query } })).data as ListAnswer

  const self = {
    key,
    /** One answer of the list (a page, or the whole array where the API answers one), kept while the next loads. */
    list: (siteId: string, query?: ListQuery) =>
      queryOptions({
        queryKey: [...key(siteId), 'list', query ?? {}] as QueryKey,
        queryFn: () => fetchList(siteId, query ?? {}),
        placeholderData: (previous: ListAnswer | undefined) => previous,
      }),
    /** Every record of a paginated list (100 a page), for screens that search or count the whole set. */
    all: (siteId: string, query?: Omit<ListQuery, 'page' | 'per_page'>) =>
      queryOptions({
        queryKey: [...key(siteId), 'all', query ?? {}] as QueryKey,
        queryFn: () => listAll<Row>(async (page) => ({ data: await fetchList(siteId, { ...query, page, per_page: 100 }) })),
      }),
    /** The record as GET by id answers it, with the ETag an edit sends back in If-Match. */
    get: async (id: string): Promise<Loaded<Item>> => {
      const res = await loose().GET(spec.item, { params: { path: { id } } })
      return { data: res.data as Item, etag: etagOf(res) }
    },
    useMutations: (siteId: string) => {
      const queryClient = useQueryClient()
      const onSettled = () => queryClient.invalidateQueries({ queryKey: key(siteId) })
      const listKey = self.list(siteId).queryKey
      const m = {
        create: useMutation({
          mutationFn: async (body: CreateBody) => {
            const path = spec.create!
            const init = path.includes('{site_id}') ? { params: siteParams(path, siteId), body } : { body: { site_ids: [siteId], ...body } }
            return (await loose().POST(path, init)).data as Item
          },
          onSettled,
        }),
        update: useMutation({
          mutationFn: async ({ id, body, etag }: { id: string; body: UpdateBody; etag: string | undefined }) =>
            (await loose().PUT(spec.item, { params: { path: { id }, header: ifMatch(etag) }, body })).data as Item,
          onSettled,
        }),
        remove: useMutation({
          mutationFn: async (id: string) => void (await loose().DELETE(spec.item, { params: { path: { id } } })),
          onSettled,
        }),
        /** Optimistic (admin.md): the list shows `rows` at once, and goes back to the server's if the reorder fails. */
        reorder: useMutation({
          mutationFn: async ({ body }: { rows: Row[]; body: ReorderBody }) =>
            void (await loose().POST(spec.reorder!, { params: siteParams(spec.reorder!, siteId), body })),
          onMutate: async ({ rows }) => {
            await queryClient.cancelQueries({ queryKey: listKey })
            const before = queryClient.getQueryData(listKey)
            queryClient.setQueryData(listKey, rows as ListAnswer)
            return { before }
          },
          onError: (_e, _v, ctx) => queryClient.setQueryData(listKey, ctx?.before),
          onSettled,
        }),
      }
      /** A form's save: an update of the record it was opened with (If-Match its ETag), else a create. */
      const save = (record: { id: string } | undefined, body: CreateBody & UpdateBody, etag: string | undefined) =>
        record ? m.update.mutateAsync({ id: record.id, body, etag }) : m.create.mutateAsync(body)
      return { ...m, save, invalidate: onSettled }
    },
  }
  return self
}

/** A write that is not plain CRUD (block a key, send a test): its call, then the site's (or any) key invalidated. */
export function useSiteMutation<V, T>(queryKey: QueryKey, mutationFn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) })
}
