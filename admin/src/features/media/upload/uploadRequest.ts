import type { Schemas } from '@atrium-cms/client'
import { sendWithProgress, type SendOptions } from '../../../shared/api/upload'

/*
 * POST /media/upload with upload progress (shared/api/upload.ts says why that is an XMLHttpRequest).
 *
 * The form fields go before the file: the server reads `site_ids` (and so the size limit) before the bytes. A file's
 * replacement (PUT /media/{id}/file) goes the same way.
 */

export type Media = Schemas['Media']

export interface UploadOptions {
  siteId: string
  folderId?: string | undefined
  file: Blob
  fileName: string
  onProgress?: (loaded: number) => void
  signal?: AbortSignal
}

export interface UploadAnswer {
  media: Media
  /** false: the site already had these bytes (200 with the existing record) */
  created: boolean
}

const sendForm = (o: Omit<SendOptions, 'unreachable' | 'cancelled'>) =>
  sendWithProgress<Media>({ ...o, unreachable: 'The upload did not reach the server', cancelled: 'The upload was cancelled' })

export async function uploadMedia(o: UploadOptions): Promise<UploadAnswer> {
  const form = new FormData()
  form.append('site_ids', JSON.stringify([o.siteId]))
  if (o.folderId) form.append('folder_id', o.folderId)
  form.append('file', o.file, o.fileName)
  const { status, body } = await sendForm({ method: 'POST', path: '/api/v1/media/upload', body: form, onProgress: o.onProgress, signal: o.signal })
  return { media: body, created: status === 201 }
}

export interface ReplaceOptions {
  mediaId: string
  file: Blob
  fileName: string
  /** The record's ETag as the editor saw it (If-Match): a change made elsewhere meanwhile is a 412, not overwritten. */
  ifMatch: string | undefined
  onProgress?: (loaded: number) => void
  signal?: AbortSignal
}

/** PUT /media/{id}/file with progress: the record keeps its id, folder, texts and uses; it answers the record. */
export async function replaceMediaFile(o: ReplaceOptions): Promise<Media> {
  const form = new FormData()
  form.append('file', o.file, o.fileName)
  const path = `/api/v1/media/${encodeURIComponent(o.mediaId)}/file`
  const headers: Record<string, string> = o.ifMatch ? { 'if-match': o.ifMatch } : {}
  return (await sendForm({ method: 'PUT', path, body: form, headers, onProgress: o.onProgress, signal: o.signal })).body
}
