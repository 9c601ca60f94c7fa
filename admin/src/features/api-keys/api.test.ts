import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }))
vi.mock('../../shared/api/client', () => ({ api: () => client }))

const { keyQueries, useKeyActions } = await import('./api')

describe("API keys' queries", () => {
  it("all start with the resource's key", () => {
    const resourceKey = keyQueries.list('s', {}).queryKey.slice(0, 1)
    expect(resourceKey).toEqual(['api-keys'])
    for (const q of [keyQueries.detail('k'), keyQueries.daily('k', 30), keyQueries.latest('k')]) expect(q.queryKey.slice(0, 1)).toEqual(resourceKey)
  })

  it("a block, unblock or revoke refreshes the key's usage reports with its list and detail", async () => {
    for (const action of ['block', 'unblock', 'revoke'] as const) {
      const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
      const keys = [keyQueries.list('s', {}), keyQueries.detail('k'), keyQueries.daily('k', 30), keyQueries.latest('k')].map((q) => q.queryKey)
      for (const key of keys) queryClient.setQueryData(key, {} as never)
      const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
      const { result } = renderHook(() => useKeyActions(), { wrapper })
      client.POST.mockResolvedValueOnce({ data: { id: 'k' } })
      const mutation = result.current[action] as { mutateAsync: (v: unknown) => Promise<unknown> }
      await act(() => mutation.mutateAsync(action === 'block' ? { id: 'k', reason: '' } : 'k'))
      for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, `${action}: ${JSON.stringify(key)}`).toBe(true)
    }
  })
})
