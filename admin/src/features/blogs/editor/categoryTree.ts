/** A category with its depth in the site's tree, in display order (parents before their children). */
export interface TreeRow<C> {
  category: C
  depth: number
}

/**
 * The tree flattened depth-first: roots in the order given, each followed by its children (in the order given).
 * A category whose parent is not in the list is shown as a root; cycles cannot hang it.
 */
export function flattenTree<C extends { id: string; parent_id: string | null }>(categories: C[]): TreeRow<C>[] {
  const ids = new Set(categories.map((c) => c.id))
  const children = new Map<string | null, C[]>()
  for (const c of categories) {
    const parent = c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null
    children.set(parent, [...(children.get(parent) ?? []), c])
  }
  const out: TreeRow<C>[] = []
  const seen = new Set<string>()
  const walk = (parent: string | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.id)) continue
      seen.add(c.id)
      out.push({ category: c, depth })
      walk(c.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** The next display order after the given ones (attachments go to the end). */
export const nextOrder = (orders: number[]): number => (orders.length === 0 ? 0 : Math.max(...orders) + 1)

/** Each category's path from its root, "Garden › Bulbs" (a parent not in the list ends the path; cycles cannot hang it). */
export function categoryPaths<C extends { id: string; name: string; parent_id: string | null }>(categories: C[]): Map<string, string> {
  const byId = new Map(categories.map((c) => [c.id, c]))
  const out = new Map<string, string>()
  for (const c of categories) {
    const names = [c.name]
    const seen = new Set([c.id])
    let parent = c.parent_id === null ? undefined : byId.get(c.parent_id)
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id)
      names.unshift(parent.name)
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id)
    }
    out.set(c.id, names.join(' › '))
  }
  return out
}
