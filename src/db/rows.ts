/** node-postgres returns { rows }, PGlite returns { rows } too; this keeps the call sites driver-neutral. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return (result as { rows?: T[] }).rows ?? []
}
