import type { FieldValues, Path, UseFormReturn, UseFormSetError, UseFormSetFocus } from 'react-hook-form'
import { toFormError } from '../logic/errors'

/**
 * Puts a failed save's field errors on the form's fields (react-hook-form) and focuses the first invalid one; the
 * values typed stay as they are. Returns true when at least one error found its field (the alert then need not
 * repeat them).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  setFocus?: UseFormSetFocus<T>,
): boolean {
  const fe = toFormError(error, { fieldOrder: fields })
  const placed = Object.entries(fe.fieldErrors)
  for (const [field, message] of placed) {
    const target = fields.find((f) => field === f || field.startsWith(`${f}.`))
    if (target) setError(target, { type: 'server', message })
  }
  const first = fields.find((f) => fe.firstInvalidField !== undefined && (fe.firstInvalidField === f || fe.firstInvalidField.startsWith(`${f}.`)))
  if (first && setFocus) setFocus(first)
  return placed.length > 0
}

/**
 * Puts a failed call's field errors on a react-hook-form form's fields and focuses the first (admin.md "Forms and
 * errors"); the typed values stay. `fields` are the form's field names in display order; `rename` maps an API field
 * name onto a form field (e.g. `organization` shown as `company`).
 */
export function applyFormErrors<V extends FieldValues>(
  form: UseFormReturn<V>,
  error: unknown,
  fields: ReadonlyArray<Path<V>>,
  rename: Record<string, Path<V>> = {},
): void {
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
