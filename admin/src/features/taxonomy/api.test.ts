import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }))
vi.mock('../../shared/api/client', () => ({ api: () => client }))

const { sharedQueries } = await import('../../shared/api/queries')
const { taxonomyQueries, useTaxonomyMutations } = await import('./api')

const page = <T>(data: T[]) => ({ data: { data, meta: { page: 1, per_page: 100, total: data.length, total_pages: 1 } } })

/** The mutations under a client whose cache already holds the site's category tree (as the post editor left it). */
function withTree() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const tree = sharedQueries.categoryTree('s').queryKey
  queryClient.setQueryData(tree, [{ id: 'c1', name: 'Garden', parent_id: null }] as never)
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
  const stale = () => queryClient.getQueryState(tree)?.isInvalidated
  return { ...renderHook(() => useTaxonomyMutations('s'), { wrapper }), stale }
}

describe('the category tree', () => {
  it("is the shared query (one cache entry with the post editor's), fetched roots first, then each level's children", async () => {
    expect(taxonomyQueries.categories('s').queryKey).toEqual(sharedQueries.categoryTree('s').queryKey)
    expect(taxonomyQueries.categories('s').queryKey).toEqual(['site', 's', 'taxonomy', 'categories', 'tree'])
    client.GET.mockImplementation((path: string, init: { params: { path: { parent_id?: string } } }) => {
      if (path === '/api/v1/sites/{site_id}/categories') return Promise.resolve(page([{ id: 'c1' }]))
      return Promise.resolve({ data: init.params.path.parent_id === 'c1' ? [{ id: 'c2' }] : [] })
    })
    expect(await new QueryClient().fetchQuery(taxonomyQueries.categories('s'))).toEqual([{ id: 'c1' }, { id: 'c2' }])
  })

  it('is refreshed by a category saved, deleted or merged on the taxonomy screen', async () => {
    const saved = withTree()
    client.POST.mockResolvedValueOnce({ data: { id: 'c2' } })
    await act(() => saved.result.current.save('category', undefined, { name: 'Bulbs', slug: '' }, undefined))
    expect(saved.stale()).toBe(true)

    const deleted = withTree()
    client.DELETE.mockResolvedValueOnce({ data: undefined })
    await act(() => deleted.result.current.deleteCategory.mutateAsync('c1'))
    expect(deleted.stale()).toBe(true)

    const merged = withTree()
    client.POST.mockResolvedValueOnce({ data: { id: 'c1' } })
    await act(() => merged.result.current.merge.mutateAsync({ kind: 'category', id: 'c2', intoId: 'c1' }))
    expect(merged.stale()).toBe(true)
  })
})

/** The mutations under a client whose cache already holds the site's tags (as the post editor left them). */
function withTags() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const tags = sharedQueries.allTags('s').queryKey
  queryClient.setQueryData(tags, [{ id: 't1', name: 'Roses' }] as never)
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
  const stale = () => queryClient.getQueryState(tags)?.isInvalidated
  return { ...renderHook(() => useTaxonomyMutations('s'), { wrapper }), stale }
}

describe('the tag list', () => {
  it("is the shared query (one cache entry with the post editor's and the post list's), under the taxonomy group", () => {
    expect(taxonomyQueries.tags('s').queryKey).toEqual(sharedQueries.allTags('s').queryKey)
    expect(taxonomyQueries.tags('s').queryKey.slice(0, 4)).toEqual(['site', 's', 'taxonomy', 'tags'])
  })

  it('is refreshed by a tag saved, deleted or merged on the taxonomy screen', async () => {
    const saved = withTags()
    client.POST.mockResolvedValueOnce({ data: { id: 't2' } })
    await act(() => saved.result.current.save('tag', undefined, { name: 'Tulips', slug: '' }, undefined))
    expect(saved.stale()).toBe(true)

    const edited = withTags()
    client.PUT.mockResolvedValueOnce({ data: { id: 't1', name: 'Rose' } })
    await act(() => edited.result.current.save('tag', { id: 't1' }, { name: 'Rose', slug: '' }, '"v1"'))
    expect(edited.stale()).toBe(true)

    const deleted = withTags()
    client.DELETE.mockResolvedValueOnce({ data: undefined })
    await act(() => deleted.result.current.deleteTag.mutateAsync('t1'))
    expect(deleted.stale()).toBe(true)

    const merged = withTags()
    client.POST.mockResolvedValueOnce({ data: { id: 't1' } })
    await act(() => merged.result.current.merge.mutateAsync({ kind: 'tag', id: 't2', intoId: 't1' }))
    expect(merged.stale()).toBe(true)
  })
})
