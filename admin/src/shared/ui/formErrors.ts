import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form'
import { toFormError } from '../logic/errors'

/**
 * Puts a failed save's field errors on the form's fields (react-hook-form) and focuses the first invalid one; the
 * values typed stay as they are. Returns true when at least one error found its field (the alert then need not
 * repeat them).
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>, setFocus?: UseFormSetFocus<T>): boolean {
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
