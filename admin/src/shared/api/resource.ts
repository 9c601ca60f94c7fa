import { etagOf, type paths } from '@atrium-cms/client'
import { partialMatchKey, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { isAtriumError } from '../logic/errors'
import { createHeldUndoable, type Undoable } from '../logic/undoable'
import { showUndoNotice, showUndone } from '../ui/UndoNotice'
import { api } from './client'
import { listAll } from './listAll'
import { heldIfMatch, ifMatch, type Held } from './wire'

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
/** Omit over each member of a union (a create body that is one of several shapes keeps each shape). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
/** The record of a path: its GET's answer, or its PUT's where the API has no GET by id (a site's member). */
type RecordAt<I extends keyof paths> = [NonNullable<paths[I]['get']>] extends [never] ? Answer<NonNullable<paths[I]['put']>> : Answer<Op<I, 'get'>>
/** A list answers a page (`{ data, meta }`) or a plain array. */
type RowOf<L> = L extends { data: (infer T)[] } ? T : L extends (infer T)[] ? T : never

export interface Loaded<R> {
  data: R
  etag: string | undefined
}

interface Spec<L extends PathWith<'get'>, I extends PathWith<'get'> | PathWith<'put'>, C extends PathWith<'post'>, R extends PathWith<'post'>> {
  /** The key segment after ['site', siteId] (after `within`, when given). */
  key: string
  /**
   * Records not of one site (API keys: GET /api-keys filters by site): the keys start with `key` alone, and the list
   * path names no site (the site goes in the query, where the screen wants it).
   */
  unscoped?: boolean
  /** Keys every write refreshes besides the resource's own (members: ['me'], whose roles a member's change alters). */
  alsoRefresh?: readonly QueryKey[]
  /** A group the resource's keys sit in (['site', siteId, within, key]); every write refreshes the whole group. */
  within?: string
  /** Where a create without `{site_id}` in its path names the site: `site_ids` (shared records, the default) or `site_id`. */
  createSite?: 'site_ids' | 'site_id'
  /** GET of the site's records: `{site_id}` in the path. */
  list: L
  /**
   * The record's path (`{id}`, and `{site_id}` for records named within their site): GET with its ETag, PUT with
   * If-Match, DELETE. A path without GET (a member) has no `get`; its record is what the PUT answers.
   */
  item: I
  /** POST creating a record: with `{site_id}` (or `params`) in the path, or else the site in the body's `site_ids`. */
  create?: C
  /** POST of the new order (`{site_id}` in the path); applied optimistically to the list. */
  reorder?: R
  /**
   * Path parameters besides the site (`{ menu_id }` for one menu's items): filled in wherever a path names them, and
   * their values end the keys, so each parent's records have keys of their own.
   */
  params?: Record<string, string>
  /**
   * Only a write that succeeded refreshes the keys (not a refused one): a screen that holds the record's ETag from its
   * query keeps meeting the conflict instead of quietly taking the newer version's ETag for its next save.
   */
  refreshOnSuccessOnly?: boolean
}

type Call = (path: string, init: object) => Promise<{ data?: unknown; response: Response }>
/** The client's calls with the path as a plain string: the types come from the spec's paths instead. */
const loose = () => api() as unknown as Record<'GET' | 'POST' | 'PUT' | 'DELETE', Call>
const siteParams = (path: string, siteId: string, more: Record<string, string> = {}) => {
  const named = Object.entries({ site_id: siteId, ...more }).filter(([name]) => path.includes(`{${name}}`))
  return named.length > 0 ? { path: Object.fromEntries(named) } : {}
}
/** The record's path parameters: its id, and its site where the path names one. */
const itemParams = (path: string, id: string, siteId?: string) => ({ path: { id, ...(siteId !== undefined && siteParams(path, siteId).path) } })

export function resource<
  L extends PathWith<'get'>,
  I extends PathWith<'get'> | PathWith<'put'>,
  C extends PathWith<'post'> = never,
  R extends PathWith<'post'> = never,
>(spec: Spec<L, I, C, R>) {
  type ListAnswer = Answer<Op<L, 'get'>>
  type Row = RowOf<ListAnswer>
  type Item = RecordAt<I>
  type ListQuery = QueryOf<Op<L, 'get'>>
  type CreateBody = OmitEach<BodyOf<Op<C, 'post'>>, 'site_ids' | 'site_id'>
  // A PATCH-like body is generated as `{...} | unknown` (its "at least one field" rule): a partial create body then.
  type PutBody = BodyOf<NonNullable<paths[I]['put']>>
  type UpdateBody = unknown extends PutBody ? ([C] extends [never] ? Record<string, unknown> : Partial<CreateBody>) : PutBody
  type ReorderBody = BodyOf<Op<R, 'post'>>

  const scope = (siteId: string) => (spec.unscoped ? [] : ['site', siteId])
  const key = (siteId: string) =>
    [...scope(siteId), ...(spec.within ? [spec.within, spec.key] : [spec.key]), ...Object.values(spec.params ?? {})] as readonly string[]
  const pathParams = (path: string, siteId: string) => siteParams(path, siteId, spec.params)
  /** What every write invalidates: the resource's keys, or its whole group. */
  const settles = (siteId: string) => (spec.within ? [...scope(siteId), spec.within] : key(siteId))
  const deleteItem = async (id: string, siteId?: string) => void (await loose().DELETE(spec.item, { params: itemParams(spec.item, id, siteId) }))
  const fetchList = async (siteId: string, query: object) =>
    (await loose().GET(spec.list, { params: { ...pathParams(spec.list, siteId), query } })).data as ListAnswer

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
      const refresh = () =>
        Promise.all([settles(siteId), ...(spec.alsoRefresh ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined)
      const onSettled = (_data: unknown, error: unknown) => (error && spec.refreshOnSuccessOnly ? undefined : refresh())
      const listKey = self.list(siteId).queryKey
      const m = {
        create: useMutation({
          mutationFn: async (body: CreateBody) => {
            const path = spec.create!
            const site = spec.createSite === 'site_id' ? { site_id: siteId } : { site_ids: [siteId] }
            const init = path.includes('{') ? { params: pathParams(path, siteId), body } : { body: { ...site, ...body } }
            return (await loose().POST(path, init)).data as Item
          },
          onSettled,
        }),
        update: useMutation({
          mutationFn: async ({ id, body, etag }: { id: string; body: UpdateBody; etag: string | undefined }) =>
            (await loose().PUT(spec.item, { params: { ...itemParams(spec.item, id, siteId), header: ifMatch(etag) }, body })).data as Item,
          onSettled,
        }),
        remove: useMutation({ mutationFn: (id: string) => deleteItem(id, siteId), onSettled }),
        /** Optimistic (admin.md): the list shows `rows` at once, and goes back to the server's if the reorder fails. */
        reorder: useMutation({
          mutationFn: async ({ body }: { rows: Row[]; body: ReorderBody }) =>
            void (await loose().POST(spec.reorder!, { params: pathParams(spec.reorder!, siteId), body })),
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
      /** Delete with undo (see `removeWithUndo`): the row leaves the lists at once, the DELETE goes when Undo is no longer offered. */
      const removeLater = (id: string, notice: UndoNotice, on?: RemoveOutcome) =>
        removeWithUndo(queryClient, key(siteId), id, () => deleteItem(id, siteId), notice, on)
      return { ...m, save, removeWithUndo: removeLater, invalidate: refresh }
    },
  }
  return self
}

/**
 * A site's read-only answer that is no record list (a report, a search, a log page): the GET of a `{site_id}` path
 * with its query, keyed ['site', siteId, ...key, query] and kept on screen while the next query loads.
 */
export function siteGet<P extends PathWith<'get'>>(key: readonly string[], path: P) {
  type Answer_ = Answer<Op<P, 'get'>>
  return (siteId: string, query?: QueryOf<Op<P, 'get'>>) =>
    queryOptions({
      queryKey: ['site', siteId, ...key, query ?? {}] as QueryKey,
      queryFn: async () => (await loose().GET(path, { params: { ...siteParams(path, siteId), query: query ?? {} } })).data as Answer_,
      placeholderData: (previous: Answer_ | undefined) => previous,
    })
}

/**
 * A site's one record read with GET and saved with PUT + If-Match on the same `{site_id}` path (the site's settings, its
 * AI configuration), keyed ['site', siteId, ...key]. The query answers the record with its ETag; a save sends the held
 * version's tag (`Held`: the answer's, else computed from the record) and puts the saved record and its new ETag in the
 * cache only when it succeeded, so a refused save (412) leaves the form, its typing and its version as they were.
 * `orNull`: the API answers 404 until the record is first saved; the query then answers null (and does not retry).
 */
export function singleton<P extends PathWith<'get'> & PathWith<'put'>, N extends boolean = false>(spec: { key: readonly string[]; path: P; orNull?: N }) {
  type Item = Answer<Op<P, 'get'>>
  type PutBody = BodyOf<Op<P, 'put'>>
  type Got = Loaded<Item> | (N extends true ? null : never)
  const key = (siteId: string) => ['site', siteId, ...spec.key] as readonly string[]
  const query = (siteId: string) =>
    queryOptions({
      queryKey: key(siteId),
      queryFn: async (): Promise<Got> => {
        try {
          const res = await loose().GET(spec.path, { params: siteParams(spec.path, siteId) })
          return { data: res.data as Item, etag: etagOf(res) }
        } catch (e) {
          if (spec.orNull && isAtriumError(e) && e.status === 404) return null as Got
          throw e
        }
      },
      ...(spec.orNull ? { retry: false } : {}),
    })
  return {
    key,
    query,
    /** Save `body` over the held version (none: the record is not created yet, no If-Match). */
    useSave: (siteId: string) => {
      const queryClient = useQueryClient()
      return useMutation({
        mutationFn: async ({ body, held }: { body: PutBody; held: Held<Item> | undefined }): Promise<Loaded<Item>> => {
          const res = await loose().PUT(spec.path, { params: { ...siteParams(spec.path, siteId), header: ifMatch(await heldIfMatch(held)) }, body })
          return { data: res.data as Item, etag: etagOf(res) }
        },
        onSuccess: (saved) => queryClient.setQueryData(query(siteId).queryKey, saved as Got),
      })
    },
  }
}

/** A list answer (a page `{ data, meta }` or an array of records) without the record `id`; the same answer when it has no such row. */
export function withoutRow<T>(answer: T, id: string): T {
  const isIt = (r: unknown) => typeof r === 'object' && r !== null && (r as { id?: unknown }).id === id
  if (Array.isArray(answer)) return answer.some(isIt) ? (answer.filter((r) => !isIt(r)) as T) : answer
  const page = answer as { data?: unknown; meta?: { total?: unknown } } | null
  if (typeof page !== 'object' || page === null || !Array.isArray(page.data) || !page.data.some(isIt)) return answer
  const data = page.data.filter((r) => !isIt(r))
  const meta = page.meta && typeof page.meta.total === 'number' ? { meta: { ...page.meta, total: page.meta.total - (page.data.length - data.length) } } : {}
  return { ...page, data, ...meta } as T
}

/** Records deleted with undo whose DELETE has not gone yet (id → the key of the lists they left). */
const pendingRemovals = new Map<string, QueryKey>()
const watchedClients = new WeakSet<QueryClient>()

/** Lists fetched again while a delete waits (a refetch, another write's invalidation) leave out its record too. */
function keepPendingOut(queryClient: QueryClient) {
  if (watchedClients.has(queryClient)) return
  watchedClients.add(queryClient)
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    const query: { queryKey: QueryKey; state: { data: unknown } } = event.query
    const data = hidePending(query.queryKey, query.state.data)
    if (data !== query.state.data) queryClient.setQueryData(query.queryKey, data)
  })
}

function hidePending(queryKey: QueryKey, answer: unknown): unknown {
  let data = answer
  for (const [id, key] of pendingRemovals) if (partialMatchKey(queryKey, key)) data = withoutRow(data, id)
  return data
}

/** What the notice offering Undo says (the feature's words), and how long it stays unless hovered or focused. */
export interface UndoNotice {
  title: string
  text: string
  undoLabel: string
  /** After Undo: the notice turns into this, closed by its button (`closeLabel`). */
  undoneTitle: string
  undoneText: string
  closeLabel: string
  ms: number
}

export interface RemoveOutcome {
  /** Undo, or a DELETE the server refused: the record is back in the lists. */
  kept?: () => void
  /** The DELETE was refused (after `kept`). */
  failed?: (e: unknown) => void
}

/**
 * Delete with undo (admin.md, "Optimistic updates"; shared/logic/undoable): the record leaves every cached list under
 * `listsKey` at once, a notice offers Undo, and the DELETE (`run`) is sent only when the notice closes (Atrium has no
 * restore endpoint). Undo, or a refused DELETE, puts the lists back as they were and refetches them.
 */
export function removeWithUndo(
  queryClient: QueryClient,
  listsKey: QueryKey,
  id: string,
  run: () => Promise<void>,
  notice: UndoNotice,
  on: RemoveOutcome = {},
): Undoable {
  keepPendingOut(queryClient)
  // The lists that held the record, as they were (lists fetched while the delete waits leave it out: keepPendingOut).
  const before = queryClient.getQueriesData<unknown>({ queryKey: listsKey }).filter(([, data]) => withoutRow(data, id) !== data)
  pendingRemovals.set(id, listsKey)
  for (const [key, data] of before) queryClient.setQueryData(key, withoutRow(data, id))
  /** Undone: the lists as they were (less the other deletes still waiting). Sent or refused: as the server has them. */
  const settle = (how: 'undone' | 'ran' | 'refused') => {
    pendingRemovals.delete(id)
    if (how !== 'ran') for (const [key, data] of before) queryClient.setQueryData(key, hidePending(key, data))
    if (how !== 'undone') void queryClient.invalidateQueries({ queryKey: listsKey })
    if (how !== 'ran') on.kept?.()
  }
  const job = createHeldUndoable(run)
  showUndoNotice({
    title: notice.title,
    text: notice.text,
    undoLabel: notice.undoLabel,
    ms: notice.ms,
    onClose: () => void job.flush(),
    onUndo: (noticeId) => {
      if (!job.undo()) return
      showUndone(noticeId, { title: notice.undoneTitle, text: notice.undoneText, closeLabel: notice.closeLabel })
      settle('undone')
    },
  })
  job.done.then(
    (r) => {
      if (r === 'ran') settle('ran')
    },
    (e: unknown) => {
      settle('refused')
      on.failed?.(e)
    },
  )
  return job
}

/** A write that is not plain CRUD (block a key, send a test): its call, then the site's (or any) key invalidated. */
export function useSiteMutation<V, T>(queryKey: QueryKey, mutationFn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) })
}
