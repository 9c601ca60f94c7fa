import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../shared/i18n/i18n'

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }))
vi.mock('../../shared/api/client', () => ({ api: () => client }))

// The save-conflict helpers register their messages when imported: i18next first.
await initI18n()
const { documentQueries, useSaveFolder, useUpdateDocument } = await import('./api')

function setup<T>(hook: () => T) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
  return { ...renderHook(hook, { wrapper }), invalidate }
}

describe('documents on the resource factory', () => {
  it('keys the list by site, folder and page, and the detail by the document', () => {
    expect(documentQueries.list('s', 'f', 2).queryKey).toEqual(['site', 's', 'documents', 'list', { page: 2, per_page: 20, folder_id: 'f' }])
    expect(documentQueries.folders('s').queryKey).toEqual(['site', 's', 'documents', 'folders', 'list', {}])
    expect(documentQueries.detail('s', 'd').queryKey).toEqual(['site', 's', 'documents', 'detail', 'd'])
  })

  it('sends the update with If-Match and refreshes the documents only when it succeeded (a conflict keeps the loaded ETag)', async () => {
    const { result, invalidate } = setup(() => useUpdateDocument('s'))
    client.PUT.mockRejectedValueOnce(Object.assign(new Error('conflict'), { status: 412 }))
    await act(() => result.current.mutateAsync({ id: 'd', etag: '"v1"', body: { document_type: 'x' } }).catch(() => undefined))
    expect(client.PUT).toHaveBeenCalledWith('/api/v1/documents/{id}', {
      params: { path: { id: 'd' }, header: { 'if-match': '"v1"' } },
      body: { document_type: 'x' },
    })
    expect(invalidate).not.toHaveBeenCalled()
    client.PUT.mockResolvedValueOnce({ data: { id: 'd' } })
    await act(() => result.current.mutateAsync({ id: 'd', etag: '"v1"', body: { document_type: 'x' } }))
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['site', 's', 'documents'] })
  })

  it("creates a folder in the site's path, and updates a held one with its If-Match", async () => {
    const { result, invalidate } = setup(() => useSaveFolder('s'))
    client.POST.mockResolvedValueOnce({ data: { id: 'f1' } })
    await act(() => result.current.mutateAsync({ body: { name: 'A', parent_id: null } }))
    expect(client.POST).toHaveBeenCalledWith('/api/v1/sites/{site_id}/document-folders', {
      params: { path: { site_id: 's' } },
      body: { name: 'A', parent_id: null },
    })
    client.PUT.mockResolvedValueOnce({ data: { id: 'f1' } })
    const held = { record: { id: 'f1' } as never, etag: '"f"' }
    await act(() => result.current.mutateAsync({ held, body: { name: 'B', parent_id: null } }))
    expect(client.PUT).toHaveBeenLastCalledWith('/api/v1/document-folders/{id}', {
      params: { path: { id: 'f1' }, header: { 'if-match': '"f"' } },
      body: { name: 'B', parent_id: null },
    })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['site', 's', 'documents'] })
  })
})
