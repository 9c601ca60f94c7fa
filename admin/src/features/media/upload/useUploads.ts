import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { toFormError } from '../../../shared/logic/errors'
import { mediaKeys } from '../api'
import { nextToStart, uploadReducer, type UploadProblem } from './queue'
import { uploadMedia, type Media } from './uploadRequest'

/** Two files at a time: progress stays readable and one slow file does not hold the rest back. */
const CONCURRENCY = 2
let seq = 0

/** The API's answer as the item keeps it: the message chosen by code (shared/logic/errors.ts), title and request id. */
function problemOf(e: unknown): UploadProblem {
  const f = toFormError(e)
  return {
    kind: 'api',
    status: f.status,
    code: f.code,
    title: f.title ?? (e instanceof Error ? e.message : String(e)),
    requestId: f.requestId,
    messageKey: f.formMessageKey,
  }
}

/**
 * Runs the upload queue (queue.ts) of one place (the library, or the picker): files are checked against the site's
 * `max_upload_bytes` as they are added, sent two at a time, and each ends on its own (done, duplicate or failed);
 * the media list refreshes as files land. `onUploaded` hears of every file now in the library (new or existing).
 */
export function useUploads(siteId: string, folderId: string | undefined, maxBytes: number | undefined, onUploaded?: (m: Media) => void) {
  const [items, dispatch] = useReducer(uploadReducer, [])
  const files = useRef(new Map<string, File>())
  const aborts = useRef(new Map<string, AbortController>())
  const qc = useQueryClient()
  const heard = useRef(onUploaded)
  heard.current = onUploaded

  const add = useCallback(
    (list: Iterable<File>) => {
      const added = [...list].map((f) => {
        const id = `u${++seq}`
        files.current.set(id, f)
        return { id, name: f.name, size: f.size, type: f.type }
      })
      if (added.length > 0) dispatch({ type: 'add', files: added, maxBytes })
    },
    [maxBytes],
  )

  useEffect(() => {
    for (const id of nextToStart(items, CONCURRENCY)) {
      const file = files.current.get(id)
      // Started already (the effect may run again before the 'start' lands), or dismissed.
      if (!file || aborts.current.has(id)) continue
      dispatch({ type: 'start', id })
      const abort = new AbortController()
      aborts.current.set(id, abort)
      uploadMedia({ siteId, folderId, file, fileName: file.name, signal: abort.signal, onProgress: (loaded) => dispatch({ type: 'progress', id, loaded }) })
        .then(({ media, created }) => {
          dispatch({ type: 'done', id, mediaId: media.id, duplicate: !created })
          files.current.delete(id)
          void qc.invalidateQueries({ queryKey: mediaKeys.lists(siteId) })
          heard.current?.(media)
        })
        .catch((e: unknown) => {
          if (e instanceof DOMException && e.name === 'AbortError') return
          dispatch({ type: 'failed', id, problem: problemOf(e) })
        })
        .finally(() => aborts.current.delete(id))
    }
  }, [items, siteId, folderId, qc])

  // Leaving the screen stops what is still being sent.
  useEffect(() => () => aborts.current.forEach((a) => a.abort()), [])

  return {
    items,
    add,
    retry: (id: string) => dispatch({ type: 'retry', id }),
    dismiss: (id: string) => {
      files.current.delete(id)
      dispatch({ type: 'dismiss', id })
    },
    clearFinished: () => dispatch({ type: 'clearFinished' }),
  }
}
