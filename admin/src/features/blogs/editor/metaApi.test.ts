import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }))
vi.mock('../../../shared/api/client', () => ({ api: () => client }))

const { categoryResource, sharedQueries, tagResource } = await import('../../../shared/api/queries')
const { metaQueries } = await import('./metaApi')

describe("the post editor's category tree", () => {
  it("is the taxonomy screen's query (shared/api/queries): one cache entry serves both", () => {
    expect(metaQueries.categories('s').queryKey).toEqual(sharedQueries.categoryTree('s').queryKey)
    // The editor's picker reads it fresh enough for a minute; the taxonomy screen refetches on opening.
    expect(metaQueries.categories('s').staleTime).toBe(60_000)
  })

  it('is refreshed by a change of the categories (the taxonomy screen writes through the category resource)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    const tree = metaQueries.categories('s').queryKey
    queryClient.setQueryData(tree, [{ id: 'c1', name: 'Garden' }] as never)
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
    const { result } = renderHook(() => categoryResource.useMutations('s'), { wrapper })
    client.PUT.mockResolvedValueOnce({ data: { id: 'c1', name: 'Gardens' } })
    await act(() => result.current.update.mutateAsync({ id: 'c1', body: { name: 'Gardens' }, etag: '"v1"' }))
    expect(queryClient.getQueryState(tree)?.isInvalidated).toBe(true)
  })
})

describe("the post editor's tag list", () => {
  it("is the taxonomy screen's query (shared/api/queries), by name: one cache entry serves both", () => {
    expect(metaQueries.tags('s').queryKey).toEqual(sharedQueries.allTags('s').queryKey)
    expect(metaQueries.tags('s').staleTime).toBe(60_000)
    const select = metaQueries.tags('s').select!
    expect(select([{ name: 'b' }, { name: 'a' }] as never).map((t) => t.name)).toEqual(['a', 'b'])
  })

  it('holds a tag created in the editor, for the taxonomy screen too (the picker adds it to the shared entry)', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(metaQueries.tags('s').queryKey, [{ id: 't1', name: 'Roses' }] as never)
    // What the picker's inline create does with the new tag (TaxonomyPanel's takenId).
    queryClient.setQueryData(metaQueries.tags('s').queryKey, (old) => [...(old ?? []), { id: 't2', name: 'Asters' }] as never)
    expect(queryClient.getQueryData(sharedQueries.allTags('s').queryKey)).toEqual([
      { id: 't1', name: 'Roses' },
      { id: 't2', name: 'Asters' },
    ])
  })

  it('is refreshed by a change of the tags (the taxonomy screen writes through the tag resource)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    const tags = metaQueries.tags('s').queryKey
    queryClient.setQueryData(tags, [{ id: 't1', name: 'Roses' }] as never)
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
    const { result } = renderHook(() => tagResource.useMutations('s'), { wrapper })
    client.DELETE.mockResolvedValueOnce({ data: undefined })
    await act(() => result.current.remove.mutateAsync('t1'))
    expect(queryClient.getQueryState(tags)?.isInvalidated).toBe(true)
  })
})
