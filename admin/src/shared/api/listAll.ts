import { allPages, type PageOf } from '@atrium-cms/client'

/** Every item of a paginated list (100 a page, the API's maximum), for screens that search or count the whole set. */
export async function listAll<T>(fetchPage: (page: number) => Promise<{ data?: PageOf<T> | undefined }>): Promise<T[]> {
  const out: T[] = []
  for await (const item of allPages(fetchPage)) out.push(item)
  return out
}
