import { isAtriumError, toFormError } from './errors'

/** A save's failure, when it is a 412 EDIT_CONFLICT carrying the record as it is now, with its tag when the answer had one. */
export function editConflictOf<R extends object>(error: unknown): { current: R; etag: string | undefined } | undefined {
  if (error === null || error === undefined) return undefined
  const f = toFormError(error)
  if (f.code !== 'EDIT_CONFLICT' || typeof f.current !== 'object' || f.current === null) return undefined
  return { current: f.current as R, etag: isAtriumError(error) ? error.etag : undefined }
}
