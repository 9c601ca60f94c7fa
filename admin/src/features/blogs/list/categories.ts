/*
 * The category filter's options: the site's categories as one flat list in tree order (each parent followed by its
 * children, siblings in the order the API gives: display_order, then name), indented by depth. The API answers every
 * live category with its parent_id (GET /sites/{site_id}/categories/blog-counts); a category whose parent is not in
 * the list counts as a root, and a cycle (never made by the API) cannot loop.
 */
export interface CategoryNode {
  id: string
  parent_id: string | null
  name: string
}

export interface CategoryOption {
  value: string
  label: string
  depth: number
}

/** Indentation of a nested option's label (an em space per level keeps the label readable to a screen reader). */
const INDENT = '\u2003'

export function categoryOptions(rows: readonly CategoryNode[]): CategoryOption[] {
  const ids = new Set(rows.map((r) => r.id))
  const children = new Map<string | null, CategoryNode[]>()
  for (const r of rows) {
    const parent = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null
    children.set(parent, [...(children.get(parent) ?? []), r])
  }
  const out: CategoryOption[] = []
  const seen = new Set<string>()
  const visit = (node: CategoryNode, depth: number) => {
    if (seen.has(node.id)) return
    seen.add(node.id)
    out.push({ value: node.id, label: `${INDENT.repeat(depth)}${node.name}`, depth })
    for (const child of children.get(node.id) ?? []) visit(child, depth + 1)
  }
  for (const root of children.get(null) ?? []) visit(root, 0)
  // Members of a cycle have no root above them: list them flat rather than lose them.
  for (const r of rows) visit(r, 0)
  return out
}
