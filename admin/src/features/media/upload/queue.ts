/*
 * The upload queue's state, framework-free: every chosen file is one item that moves queued → uploading → done,
 * duplicate (the site already had these bytes: the API answered 200 with the existing record) or failed. A file over
 * the site's `max_upload_bytes` is refused when it is added and never sent; the server's 413 (the limit changed, or
 * it counts differently) ends as a failed item all the same. One item's failure never touches another.
 */

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'duplicate' | 'failed' | 'refused'

/** Why an item failed, for the UI to word: a refused size, or the API's problem (title, code, request id). */
export type UploadProblem =
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'empty' }
  | { kind: 'api'; status: number; code: string; title: string; requestId: string | undefined; messageKey: string }

export interface UploadItem {
  id: string
  name: string
  size: number
  /** The browser's idea of the type (image/png); the server detects the real one from the bytes. */
  type: string
  status: UploadStatus
  /** Bytes sent so far (uploading), for the progress bar. */
  loaded: number
  mediaId?: string
  problem?: UploadProblem
}

export interface NewFile {
  id: string
  name: string
  size: number
  type: string
}

export type UploadAction =
  | { type: 'add'; files: NewFile[]; maxBytes: number | undefined }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; loaded: number }
  | { type: 'done'; id: string; mediaId: string; duplicate: boolean }
  | { type: 'failed'; id: string; problem: UploadProblem }
  | { type: 'retry'; id: string }
  | { type: 'dismiss'; id: string }
  | { type: 'clearFinished' }

/** Whether a file may be sent: not empty, and not over the site's limit (unknown limit: the server decides). */
export function checkSize(size: number, maxBytes: number | undefined): UploadProblem | undefined {
  if (size === 0) return { kind: 'empty' }
  if (maxBytes !== undefined && size > maxBytes) return { kind: 'tooLarge', limit: maxBytes }
  return undefined
}

const update = (items: UploadItem[], id: string, f: (i: UploadItem) => UploadItem): UploadItem[] => items.map((i) => (i.id === id ? f(i) : i))

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [
        ...items,
        ...action.files.map((f): UploadItem => {
          const problem = checkSize(f.size, action.maxBytes)
          return { ...f, status: problem ? 'refused' : 'queued', loaded: 0, ...(problem ? { problem } : {}) }
        }),
      ]
    case 'start':
      return update(items, action.id, (i) => (i.status === 'queued' ? { ...i, status: 'uploading', loaded: 0 } : i))
    case 'progress':
      return update(items, action.id, (i) => (i.status === 'uploading' ? { ...i, loaded: Math.min(action.loaded, i.size) } : i))
    case 'done':
      return update(items, action.id, (i) => {
        const { problem: _gone, ...rest } = i
        return { ...rest, status: action.duplicate ? 'duplicate' : 'done', loaded: i.size, mediaId: action.mediaId }
      })
    case 'failed':
      return update(items, action.id, (i) => ({ ...i, status: 'failed', problem: action.problem }))
    case 'retry':
      return update(items, action.id, (i) => {
        if (i.status !== 'failed') return i
        const { problem: _gone, ...rest } = i
        return { ...rest, status: 'queued', loaded: 0 }
      })
    case 'dismiss':
      return items.filter((i) => i.id !== action.id || i.status === 'uploading')
    case 'clearFinished':
      return items.filter((i) => i.status === 'queued' || i.status === 'uploading')
  }
}

/** The queued items to start now so that at most `concurrency` upload at once, in the order they were added. */
export function nextToStart(items: UploadItem[], concurrency: number): string[] {
  const running = items.filter((i) => i.status === 'uploading').length
  const free = Math.max(0, concurrency - running)
  return items
    .filter((i) => i.status === 'queued')
    .slice(0, free)
    .map((i) => i.id)
}

export interface UploadSummary {
  total: number
  pending: number
  done: number
  duplicate: number
  failed: number
}

export function summarize(items: UploadItem[]): UploadSummary {
  const count = (...s: UploadStatus[]) => items.filter((i) => s.includes(i.status)).length
  return { total: items.length, pending: count('queued', 'uploading'), done: count('done'), duplicate: count('duplicate'), failed: count('failed', 'refused') }
}

/** 0–100 for a progress bar. */
export const percentOf = (i: UploadItem): number =>
  i.status === 'done' || i.status === 'duplicate' ? 100 : i.size === 0 ? 0 : Math.round((i.loaded / i.size) * 100)
