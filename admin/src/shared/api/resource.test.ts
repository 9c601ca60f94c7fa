import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The notice is Mantine's; here its offer is caught so a test can press Undo or let it close.
const offers: Array<{ onUndo: (id: string) => void; onClose: () => void }> = []
vi.mock('../ui/UndoNotice', () => ({
  showUndoNotice: (o: { onUndo: (id: string) => void; onClose: () => void }) => (offers.push(o), 'notice'),
  showUndone: vi.fn(),
}))
const client = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }))
vi.mock('./client', () => ({ api: () => client }))

const { removeWithUndo, resource, singleton, siteGet, withoutRow } = await import('./resource')

const notice = { title: 'Deleted', text: '/a', undoLabel: 'Undo', undoneTitle: 'Not deleted', undoneText: '/a', closeLabel: 'Close', ms: 5000 }
const page = (ids: string[]) => ({ data: ids.map((id) => ({ id })), meta: { total: ids.length, page: 1 } })
const ids = (qc: QueryClient, key: unknown[]) => (qc.getQueryData<{ data: Array<{ id: string }> }>(key)?.data ?? []).map((r) => r.id)
const settled = () => new Promise((r) => setTimeout(r, 0))

afterEach(() => void (offers.length = 0))

/** An answer of the client as openapi-fetch gives it: the data, and a response carrying `etag`. */
const answer = (data: unknown, etag?: string) => ({ data, response: new Response(null, { headers: etag ? { etag } : {} }) })
/** A hook under a QueryClient of its own, whose invalidations are watched. */
function withClient<T>(hook: () => T, queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })) {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
  return { ...renderHook(hook, { wrapper }), invalidate, queryClient }
}
const conflict = () => Object.assign(new Error('conflict'), { name: 'AtriumError', status: 412, code: 'EDIT_CONFLICT', errors: [] })

describe('withoutRow', () => {
  it('drops the record from a page (and its total) or an array, and leaves anything else as it is', () => {
    expect(withoutRow(page(['a', 'b']), 'a')).toEqual({ data: [{ id: 'b' }], meta: { total: 1, page: 1 } })
    expect(withoutRow([{ id: 'a' }, { id: 'b' }], 'b')).toEqual([{ id: 'a' }])
    const same = page(['a'])
    expect(withoutRow(same, 'z')).toBe(same)
    expect(withoutRow({ id: 'a', name: 'x' }, 'a')).toEqual({ id: 'a', name: 'x' })
    expect(withoutRow(undefined, 'a')).toBeUndefined()
  })
})

describe('siteGet', () => {
  it("asks the site's path with the query, keys the answer by site and query, and keeps the last answer while the next loads", async () => {
    client.GET.mockResolvedValue({ data: { total: 3 } })
    const report = siteGet(['analytics', 'report'], '/api/v1/sites/{site_id}/analytics/report')
    const options = report('s1', { days: 7 })
    expect(options.queryKey).toEqual(['site', 's1', 'analytics', 'report', { days: 7 }])
    expect(await new QueryClient().fetchQuery(options)).toEqual({ total: 3 })
    expect(client.GET).toHaveBeenCalledWith('/api/v1/sites/{site_id}/analytics/report', { params: { path: { site_id: 's1' }, query: { days: 7 } } })
    const placeholder = options.placeholderData as (previous: unknown) => unknown
    expect(placeholder({ total: 1 })).toEqual({ total: 1 })
  })
})

describe('resource params', () => {
  it("fills a parent's path parameter beside the site's and ends the keys with it", async () => {
    client.GET.mockResolvedValue({ data: [{ id: 'i1' }] })
    const items = resource({
      key: 'items',
      within: 'navigation',
      list: '/api/v1/menus/{menu_id}/items',
      item: '/api/v1/navigation/{id}',
      params: { menu_id: 'm1' },
    })
    expect(items.key('s1')).toEqual(['site', 's1', 'navigation', 'items', 'm1'])
    const options = items.list('s1')
    expect(options.queryKey).toEqual(['site', 's1', 'navigation', 'items', 'm1', 'list', {}])
    expect(await new QueryClient().fetchQuery(options)).toEqual([{ id: 'i1' }])
    expect(client.GET).toHaveBeenLastCalledWith('/api/v1/menus/{menu_id}/items', { params: { path: { menu_id: 'm1' }, query: {} } })
  })
})

describe('removeWithUndo', () => {
  it('hides the row at once, sends nothing on Undo and shows the row again', async () => {
    const qc = new QueryClient()
    qc.setQueryData(['site', 's', 'pages', 'list', {}], page(['a', 'b']))
    const run = vi.fn(() => Promise.resolve())
    const kept = vi.fn()
    removeWithUndo(qc, ['site', 's', 'pages'], 'a', run, notice, { kept })
    expect(ids(qc, ['site', 's', 'pages', 'list', {}])).toEqual(['b'])
    offers[0]!.onUndo('notice')
    await settled()
    expect(run).not.toHaveBeenCalled()
    expect(kept).toHaveBeenCalled()
    expect(ids(qc, ['site', 's', 'pages', 'list', {}])).toEqual(['a', 'b'])
  })

  it('sends the DELETE when the notice closes; a list fetched meanwhile still leaves the row out', async () => {
    const qc = new QueryClient()
    const key = ['site', 's', 'pages', 'list', {}]
    qc.setQueryData(key, page(['a', 'b']))
    const run = vi.fn(() => Promise.resolve())
    removeWithUndo(qc, ['site', 's', 'pages'], 'a', run, notice)
    // A refetch answers the row again (the DELETE has not gone): the list keeps it hidden.
    await qc.fetchQuery({ queryKey: key, queryFn: () => page(['a', 'b']) })
    expect(ids(qc, key)).toEqual(['b'])
    offers[0]!.onClose()
    await settled()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('puts the row back and reports a refused DELETE', async () => {
    const qc = new QueryClient()
    const key = ['site', 's', 'pages', 'list', {}]
    qc.setQueryData(key, page(['a', 'b', 'c']))
    const failed = vi.fn()
    removeWithUndo(qc, ['site', 's', 'pages'], 'a', () => Promise.reject(new Error('403')), notice, { failed })
    // A second delete still waiting stays hidden when the first comes back.
    removeWithUndo(qc, ['site', 's', 'pages'], 'c', () => Promise.resolve(), notice)
    offers[0]!.onClose()
    await settled()
    expect(failed).toHaveBeenCalledWith(new Error('403'))
    expect(ids(qc, key)).toEqual(['a', 'b'])
  })
})

describe('singleton', () => {
  const settings = singleton({ key: ['settings'], path: '/api/v1/sites/{site_id}/settings' })

  it("reads the site's one record with its ETag, keyed by site", async () => {
    client.GET.mockResolvedValueOnce(answer({ timezone: 'UTC' }, '"v1"'))
    const options = settings.query('s1')
    expect(options.queryKey).toEqual(['site', 's1', 'settings'])
    expect(await new QueryClient().fetchQuery(options)).toEqual({ data: { timezone: 'UTC' }, etag: '"v1"' })
    expect(client.GET).toHaveBeenLastCalledWith('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: 's1' } } })
  })

  it('answers null for a record not saved yet (404) when told so, and fails on any other error', async () => {
    const ai = singleton({ key: ['ai', 'config'], path: '/api/v1/sites/{site_id}/ai/config', orNull: true })
    client.GET.mockRejectedValueOnce(Object.assign(new Error('none'), { name: 'AtriumError', status: 404, code: 'NOT_FOUND', errors: [] }))
    expect(await new QueryClient().fetchQuery(ai.query('s1'))).toBeNull()
    client.GET.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'AtriumError', status: 403, code: 'FORBIDDEN', errors: [] }))
    await expect(new QueryClient().fetchQuery(ai.query('s1'))).rejects.toThrow('no')
  })

  it("saves with the held version's If-Match and caches the answer; a refused save leaves the cache as it was", async () => {
    const { result, queryClient } = withClient(() => settings.useSave('s1'))
    const loaded = { data: { timezone: 'UTC' }, etag: '"v1"' }
    queryClient.setQueryData(settings.query('s1').queryKey, loaded as never)
    client.PUT.mockRejectedValueOnce(conflict())
    const held = { record: loaded.data as never, etag: '"v1"' }
    await act(() => result.current.mutateAsync({ body: { timezone: 'Europe/Berlin' }, held }).catch(() => undefined))
    expect(client.PUT).toHaveBeenLastCalledWith('/api/v1/sites/{site_id}/settings', {
      params: { path: { site_id: 's1' }, header: { 'if-match': '"v1"' } },
      body: { timezone: 'Europe/Berlin' },
    })
    expect(queryClient.getQueryData(settings.query('s1').queryKey)).toEqual(loaded)
    client.PUT.mockResolvedValueOnce(answer({ timezone: 'Europe/Berlin' }, '"v2"'))
    await act(() => result.current.mutateAsync({ body: { timezone: 'Europe/Berlin' }, held }))
    expect(queryClient.getQueryData(settings.query('s1').queryKey)).toEqual({ data: { timezone: 'Europe/Berlin' }, etag: '"v2"' })
  })

  it('sends no If-Match for a record not created yet', async () => {
    const ai = singleton({ key: ['ai', 'config'], path: '/api/v1/sites/{site_id}/ai/config', orNull: true })
    const { result } = withClient(() => ai.useSave('s1'))
    client.PUT.mockResolvedValueOnce(answer({ id: 'c' }, '"v1"'))
    const body = { provider_name: 'x', base_url: 'https://x', model: 'm' } as never
    await act(() => result.current.mutateAsync({ body, held: undefined }))
    expect(client.PUT).toHaveBeenLastCalledWith('/api/v1/sites/{site_id}/ai/config', { params: { path: { site_id: 's1' }, header: {} }, body })
  })
})

describe('resource unscoped and alsoRefresh', () => {
  it('keys records of no one site by the resource alone, and lists them with the query only', async () => {
    const keys = resource({ key: 'api-keys', unscoped: true, list: '/api/v1/api-keys', item: '/api/v1/api-keys/{id}' })
    expect(keys.key('s1')).toEqual(['api-keys'])
    client.GET.mockResolvedValueOnce({ data: page(['k']) })
    const options = keys.list('s1', { site_id: 's1', page: 1 })
    expect(options.queryKey).toEqual(['api-keys', 'list', { site_id: 's1', page: 1 }])
    await new QueryClient().fetchQuery(options)
    expect(client.GET).toHaveBeenLastCalledWith('/api/v1/api-keys', { params: { query: { site_id: 's1', page: 1 } } })
  })

  it("updates a record with no GET (a member) in its site's path, and refreshes the other keys named", async () => {
    const members = resource({
      key: 'members',
      list: '/api/v1/sites/{site_id}/members',
      item: '/api/v1/sites/{site_id}/members/{id}',
      create: '/api/v1/sites/{site_id}/members',
      alsoRefresh: [['me']],
    })
    const { result, invalidate } = withClient(() => members.useMutations('s1'))
    client.PUT.mockResolvedValueOnce({ data: { id: 'm1', role: 'Editor' } })
    await act(() => result.current.update.mutateAsync({ id: 'm1', body: { role: 'Editor' }, etag: undefined }))
    expect(client.PUT).toHaveBeenLastCalledWith('/api/v1/sites/{site_id}/members/{id}', {
      params: { path: { id: 'm1', site_id: 's1' }, header: {} },
      body: { role: 'Editor' },
    })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['site', 's1', 'members'] })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] })
    client.POST.mockResolvedValueOnce({ data: { id: 'm2' } })
    await act(() => result.current.create.mutateAsync({ idp_user_id: 'u2', role: 'Author' }))
    expect(client.POST).toHaveBeenLastCalledWith('/api/v1/sites/{site_id}/members', {
      params: { path: { site_id: 's1' } },
      body: { idp_user_id: 'u2', role: 'Author' },
    })
  })
})
