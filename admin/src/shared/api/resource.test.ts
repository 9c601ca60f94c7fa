import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The notice is Mantine's; here its offer is caught so a test can press Undo or let it close.
const offers: Array<{ onUndo: (id: string) => void; onClose: () => void }> = []
vi.mock('../ui/UndoNotice', () => ({
  showUndoNotice: (o: { onUndo: (id: string) => void; onClose: () => void }) => (offers.push(o), 'notice'),
  showUndone: vi.fn(),
}))
const client = vi.hoisted(() => ({ GET: vi.fn() }))
vi.mock('./client', () => ({ api: () => client }))

const { removeWithUndo, resource, siteGet, withoutRow } = await import('./resource')

const notice = { title: 'Deleted', text: '/a', undoLabel: 'Undo', undoneTitle: 'Not deleted', undoneText: '/a', closeLabel: 'Close', ms: 5000 }
const page = (ids: string[]) => ({ data: ids.map((id) => ({ id })), meta: { total: ids.length, page: 1 } })
const ids = (qc: QueryClient, key: unknown[]) => (qc.getQueryData<{ data: Array<{ id: string }> }>(key)?.data ?? []).map((r) => r.id)
const settled = () => new Promise((r) => setTimeout(r, 0))

afterEach(() => void (offers.length = 0))

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
