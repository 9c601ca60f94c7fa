import { editConflictOf } from '../logic/editConflict'
import { ConflictView } from './ConflictView'
import type { Held } from '../api/wire'

// The held version and its If-Match live with the wire rules (the factory's singleton saves with them too).
export { heldIfMatch, type Held } from '../api/wire'

/**
 * A one-record form's save that met a 412 EDIT_CONFLICT (a dialog: a folder, a consent group or item): both versions
 * field by field (ConflictView), nothing otherwise. "Save merged" hands the merge and their version (to hold, and to
 * send its tag as If-Match); "discard mine" hands their values. What was typed stays in the form until then.
 */
export function SaveConflict<V extends object, R extends object>({
  error,
  title,
  base,
  mine,
  valuesOf,
  label,
  onResolve,
  onTakeTheirs,
}: {
  /** The save's error: shown only when it is an edit conflict. */
  error: unknown
  title: string
  /** The values of the version the form was loaded from. */
  base: V
  /** What the form holds now. */
  mine: V
  valuesOf: (record: R) => V
  label: (field: string) => string
  onResolve: (merged: V, theirs: Held<R>) => void
  onTakeTheirs: (values: V, theirs: Held<R>) => void
}) {
  const c = editConflictOf<R>(error)
  if (!c) return null
  const held = { record: c.current, etag: c.etag }
  const updatedAt = (c.current as { updated_at?: unknown }).updated_at
  return (
    <ConflictView
      key={c.etag ?? JSON.stringify(c.current)}
      title={title}
      savedAt={typeof updatedAt === 'string' ? updatedAt : undefined}
      base={base}
      mine={mine}
      theirs={valuesOf(c.current)}
      label={label}
      onResolve={(merged) => onResolve(merged, held)}
      onCancel={() => onTakeTheirs(valuesOf(c.current), held)}
    />
  )
}

/**
 * SaveConflict's two answers for a form that holds its values and version in state and saves with `send`: "save
 * merged" takes the merge and their version and sends it; "discard mine" clears the error and takes their values.
 */
export function settleWith<V, R>(form: { setValues: (v: V) => void; setHeld: (h: Held<R>) => void; send: (v: V, h: Held<R>) => void; clearError: () => void }) {
  return {
    onResolve: (merged: V, theirs: Held<R>) => {
      form.setValues(merged)
      form.setHeld(theirs)
      form.send(merged, theirs)
    },
    onTakeTheirs: (values: V, theirs: Held<R>) => {
      form.clearError()
      form.setValues(values)
      form.setHeld(theirs)
    },
  }
}

/** Is this save's error one SaveConflict shows (so the form's error alert stays out of its way)? */
export const isSaveConflict = (error: unknown): boolean => editConflictOf(error) !== undefined
