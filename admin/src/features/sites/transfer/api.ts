import { type Schemas } from '@atrium-cms/client'
import { api } from '../../../shared/api/client'
import { fileNameOf, saveAsFile } from '../../../shared/api/download'
import { networkError, sendWithProgress } from '../../../shared/api/upload'

export type ImportReport = Schemas['SiteImportReport']

/**
 * POST /sites/{site_id}/export read as a stream, so the screen can count the bytes as they come (the archive is
 * written while it is sent: no length is known up front). The bytes are handed to the browser as one file once the
 * archive is complete; a connection that ends early never leaves a truncated file behind.
 */
export async function downloadExport(siteId: string, fallbackName: string, onProgress: (bytes: number) => void, signal: AbortSignal) {
  const r = await api().POST('/api/v1/sites/{site_id}/export', { params: { path: { site_id: siteId } }, parseAs: 'stream', cache: 'no-store', signal })
  const stream = r.data as unknown as ReadableStream<Uint8Array> | null
  if (!stream) throw networkError('The archive did not arrive')
  const reader = stream.getReader()
  const parts: Uint8Array[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    bytes += value.byteLength
    onProgress(bytes)
  }
  const name = fileNameOf(r.response.headers.get('content-disposition'), fallbackName)
  saveAsFile(new Blob(parts as BlobPart[], { type: 'application/gzip' }), name, 60_000)
  return { name, bytes }
}

export interface ImportOptions {
  file: Blob
  /** The new site's slug; empty: the archived one. */
  as: string
  dryRun: boolean
  /** Bytes sent so far; `done` once the whole archive is up and the server is checking or writing it. */
  onProgress: (sent: number, done: boolean) => void
  signal: AbortSignal
}

/**
 * POST /sites/import with upload progress (shared/api/upload.ts); failures come out as the client's AtriumError, so
 * the screen shows them like any other call's.
 */
export async function importArchive(o: ImportOptions): Promise<ImportReport> {
  const query = new URLSearchParams({ dry_run: String(o.dryRun) })
  if (o.as !== '') query.set('as', o.as)
  const answer = await sendWithProgress<ImportReport>({
    method: 'POST',
    path: `/api/v1/sites/import?${query.toString()}`,
    body: o.file,
    headers: { 'content-type': 'application/gzip' },
    onProgress: (sent) => o.onProgress(sent, false),
    onSent: () => o.onProgress(o.file.size, true),
    signal: o.signal,
    unreachable: 'The archive did not reach the server',
    cancelled: 'The import was cancelled',
  })
  return answer.body
}
