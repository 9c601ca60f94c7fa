import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { toFormError } from '../logic/errors'

/**
 * Puts a failed call's field errors on a react-hook-form form's fields and focuses the first (admin.md "Forms and
 * errors"); the typed values stay. `fields` are the form's field names in display order; `rename` maps an API field
 * name onto a form field (e.g. `organization` shown as `company`).
 */
export function applyFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown, fields: ReadonlyArray<Path<V>>, rename: Record<string, Path<V>> = {}): void {
  const fe = toFormError(error, { fieldOrder: [...fields, ...Object.keys(rename)] })
  let first: Path<V> | undefined
  for (const f of [...fields, ...Object.keys(rename)]) {
    const msg = Object.entries(fe.fieldErrors).find(([p]) => p === f || p.startsWith(`${f}.`))?.[1]
    if (msg === undefined) continue
    const target = rename[f] ?? (f as Path<V>)
    form.setError(target, { type: 'server', message: msg })
    first ??= target
  }
  if (first !== undefined) form.setFocus(first)
}
