/*
 * The category tree and term usage, built from what the API gives: root categories (GET /sites/{id}/categories), the
 * children of each (GET /categories/{id}/children), published counts (GET .../categories/blog-counts), and the
 * tags and categories each post carries (BlogListItem.tags / .categories, any status).
 */

export interface CategoryLike {
  id: string
  parent_id: string | null
  name: string
  slug: string
}

export interface TreeNode<C extends CategoryLike> {
  category: C
  depth: number
  children: Array<TreeNode<C>>
}

/** Nests a flat list by parent_id, keeping the given order among siblings; a category whose parent is missing is a root. */
export function buildTree<C extends CategoryLike>(flat: readonly C[]): Array<TreeNode<C>> {
  const ids = new Set(flat.map((c) => c.id))
  const byParent = new Map<string | null, C[]>()
  for (const c of flat) {
    const parent = c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null
    byParent.set(parent, [...(byParent.get(parent) ?? []), c])
  }
  const make = (parent: string | null, depth: number, seen: Set<string>): Array<TreeNode<C>> =>
    (byParent.get(parent) ?? []).filter((c) => !seen.has(c.id)).map((c) => ({ category: c, depth, children: make(c.id, depth + 1, new Set([...seen, c.id])) }))
  return make(null, 0, new Set())
}

/** The tree in display order, depth-first (for a parent picker with indentation). */
export function flatten<C extends CategoryLike>(tree: ReadonlyArray<TreeNode<C>>): Array<TreeNode<C>> {
  return tree.flatMap((n) => [n, ...flatten(n.children)])
}

/** A category and everything below it: none of these can become its parent (the server refuses a cycle too). */
export function selfAndDescendants<C extends CategoryLike>(tree: ReadonlyArray<TreeNode<C>>, id: string): Set<string> {
  const node = flatten(tree).find((n) => n.category.id === id)
  return new Set(node ? flatten([node]).map((n) => n.category.id) : [id])
}

/** How many posts carry each term (any status), from the posts' own tag and category lists. */
export function usageCounts(posts: ReadonlyArray<{ tags: ReadonlyArray<{ id: string }>; categories: ReadonlyArray<{ id: string }> }>): {
  tags: Map<string, number>
  categories: Map<string, number>
} {
  const tags = new Map<string, number>()
  const categories = new Map<string, number>()
  for (const p of posts) {
    for (const t of p.tags) tags.set(t.id, (tags.get(t.id) ?? 0) + 1)
    for (const c of p.categories) categories.set(c.id, (categories.get(c.id) ?? 0) + 1)
  }
  return { tags, categories }
}
