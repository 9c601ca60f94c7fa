/** Folders in tree order (parents before children, siblings by display_order then name), each with its depth. */
export function treeOrder<F extends { id: string; parent_id: string | null; name: string; display_order: number }>(
  folders: readonly F[],
): Array<F & { depth: number }> {
  const children = new Map<string | null, F[]>()
  const ids = new Set(folders.map((f) => f.id))
  for (const f of folders) {
    // A parent outside the list (deleted, or another page of folders) puts the folder at the top level.
    const parent = f.parent_id !== null && ids.has(f.parent_id) ? f.parent_id : null
    children.set(parent, [...(children.get(parent) ?? []), f])
  }
  const out: Array<F & { depth: number }> = []
  const seen = new Set<string>()
  const walk = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name))
    for (const f of list) {
      if (seen.has(f.id)) continue
      seen.add(f.id)
      out.push({ ...f, depth })
      walk(f.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}
