import { etagOf, type Schemas } from '@atrium-cms/client'
import { api } from '../api/client'
import { ifMatch } from '../api/wire'
import type { ContentStatus } from './roles'
import type { Versioned, WorkflowAdapter } from './useWorkflowAction'

/*
 * The editors' writes (decisions.md "Wire format"): every write of a loaded record sends If-Match with the tag of the
 * version the form holds, and takes the answer's tag for the next one. Blogs and pages are the two content types of
 * the server's workflow kit (src/core/content-workflow.ts): the same routes under /blogs and /pages, so one read,
 * update and review serves both editors.
 */

/** An answer's record with its ETag. */
export const versioned = <T>(res: { data?: T; response: Response }): Versioned<T> => ({ data: res.data!, etag: etagOf(res) })

interface Content {
  blogs: { record: Schemas['Blog']; update: Schemas['UpdateBlogBody'] }
  pages: { record: Schemas['Page']; update: Schemas['UpdatePageBody'] }
}
/** The path segment of a content type on the workflow kit. */
export type ContentKind = keyof Content
export type ContentRecord<K extends ContentKind> = Content[K]['record']
export type ContentUpdate<K extends ContentKind> = Content[K]['update']

/** GET /{kind}/{id}: the record and its tag. */
export async function getContent<K extends ContentKind>(kind: K, id: string): Promise<Versioned<ContentRecord<K>>> {
  const k: ContentKind = kind
  return versioned(await api().GET(`/api/v1/${k}/{id}`, { params: { path: { id } } }))
}

/** PUT /{kind}/{id} with If-Match: a partial update. */
export async function updateContent<K extends ContentKind>(
  kind: K,
  id: string,
  body: ContentUpdate<K>,
  etag: string | undefined,
): Promise<Versioned<ContentRecord<K>>> {
  const k: ContentKind = kind
  return versioned(await api().PUT(`/api/v1/${k}/{id}`, { params: { path: { id }, header: ifMatch(etag) }, body }))
}

/** POST /{kind}/{id}/review with If-Match: approve, or request changes with an optional comment. */
export async function reviewContent<K extends ContentKind>(
  kind: K,
  id: string,
  action: 'Approve' | 'RequestChanges',
  comment: string,
  etag: string | undefined,
): Promise<Versioned<ContentRecord<K>>> {
  const k: ContentKind = kind
  const body = { action, ...(comment.trim() !== '' ? { comment } : {}) }
  return versioned(await api().POST(`/api/v1/${k}/{id}/review`, { params: { path: { id }, header: ifMatch(etag) }, body }))
}

/** The workflow of one blog or page (useWorkflowAction): read, status changes and reviews of the record, all with If-Match. */
export function contentWorkflow<K extends ContentKind, V>(
  kind: K,
  id: string,
  siteId: string,
  valuesOf: (record: ContentRecord<K>) => V,
): WorkflowAdapter<ContentRecord<K>, V> {
  return {
    get: () => getContent(kind, id),
    setStatus: (status: ContentStatus, etag) => updateContent(kind, id, { status } as ContentUpdate<K>, etag),
    review: (action, comment, etag) => reviewContent(kind, id, action, comment, etag),
    valuesOf,
    listKey: ['site', siteId, kind],
  }
}
