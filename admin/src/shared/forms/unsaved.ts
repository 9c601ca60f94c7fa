/**
 * Which parts of the open screen hold unsaved edits. A screen made of several forms (site settings: general, locales,
 * options; a record's texts, one form a locale) registers each part: leaving is guarded while any part is dirty, and
 * saving one part never clears another's.
 */
export interface UnsavedRegistry {
  /** Marks a part dirty or clean; `false` forgets it (a part unmounting is clean). */
  set(part: string, dirty: boolean): void
  any(): boolean
  subscribe(listener: () => void): () => void
}

export function createUnsavedRegistry(): UnsavedRegistry {
  const dirty = new Set<string>()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((l) => l())
  return {
    set(part, isDirty) {
      if (isDirty === dirty.has(part)) return
      if (isDirty) dirty.add(part)
      else dirty.delete(part)
      notify()
    },
    any: () => dirty.size > 0,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The admin's one registry: the shell's LeaveGuard reads it, every form writes it (useUnsavedEdits). */
export const unsaved = createUnsavedRegistry()
