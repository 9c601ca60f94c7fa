/*
 * A menu's item tree and the moves the editor offers (pure: no React, no API). Keyboard and drag both end in moveTo;
 * the result is sent whole as the API's all-or-nothing reorder (toReorder).
 */

export interface FlatItem {
  id: string
  parent_id: string | null
  display_order: number
}

export interface TreeNode<T extends FlatItem> {
  item: T
  children: TreeNode<T>[]
}

export type Tree<T extends FlatItem> = TreeNode<T>[]

export type Move = 'up' | 'down' | 'indent' | 'outdent'

/** The menu's items as a tree: siblings by display_order (then id, for a stable order); an unknown parent makes a root. */
export function buildTree<T extends FlatItem>(items: readonly T[]): Tree<T> {
  const nodes = new Map(items.map((item) => [item.id, { item, children: [] as TreeNode<T>[] }]))
  const roots: TreeNode<T>[] = []
  for (const node of nodes.values()) {
    const parent = node.item.parent_id === null ? undefined : nodes.get(node.item.parent_id)
    if (parent && !isWithin(node, parent.item.id)) parent.children.push(node)
    else roots.push(node)
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort((a, b) => a.item.display_order - b.item.display_order || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0))
    list.forEach((n) => sort(n.children))
  }
  sort(roots)
  return roots
}

function isWithin<T extends FlatItem>(node: TreeNode<T>, id: string): boolean {
  return node.item.id === id || node.children.some((c) => isWithin(c, id))
}

export interface Position {
  parentId: string | null
  index: number
  /** Siblings, this one included. */
  count: number
  depth: number
}

/** Where an item sits: its parent, its index among its siblings, how many they are, its depth (0 for a root). */
export function positionOf<T extends FlatItem>(tree: Tree<T>, id: string): Position | undefined {
  const walk = (list: TreeNode<T>[], parentId: string | null, depth: number): Position | undefined => {
    for (let i = 0; i < list.length; i++) {
      const n = list[i]!
      if (n.item.id === id) return { parentId, index: i, count: list.length, depth }
      const found = walk(n.children, n.item.id, depth + 1)
      if (found) return found
    }
    return undefined
  }
  return walk(tree, null, 0)
}

export function findNode<T extends FlatItem>(tree: Tree<T>, id: string): TreeNode<T> | undefined {
  for (const n of tree) {
    if (n.item.id === id) return n
    const found = findNode(n.children, id)
    if (found) return found
  }
  return undefined
}

const siblingsOf = <T extends FlatItem>(tree: Tree<T>, parentId: string | null): TreeNode<T>[] | undefined =>
  parentId === null ? tree : findNode(tree, parentId)?.children

/** The tree without one node (and its subtree), and that node. */
function detach<T extends FlatItem>(tree: Tree<T>, id: string): [Tree<T>, TreeNode<T> | undefined] {
  let taken: TreeNode<T> | undefined
  const walk = (list: TreeNode<T>[]): TreeNode<T>[] =>
    list.flatMap((n) => {
      if (n.item.id === id) {
        taken = n
        return []
      }
      return [{ ...n, children: walk(n.children) }]
    })
  const rest = walk(tree)
  return [rest, taken]
}

/**
 * Moves an item (with its subtree) under `parentId` (null: the root) at `index` among the new siblings (counted
 * without the item). Refuses (returns the tree unchanged) an unknown item or parent, or a parent inside the item's own
 * subtree: a reorder never makes a cycle.
 */
export function moveTo<T extends FlatItem>(tree: Tree<T>, id: string, parentId: string | null, index: number): Tree<T> {
  const node = findNode(tree, id)
  if (!node) return tree
  if (parentId !== null && isWithin(node, parentId)) return tree
  const [rest, taken] = detach(tree, id)
  if (!taken) return tree
  const insert = (list: TreeNode<T>[]): TreeNode<T>[] => {
    const at = Math.max(0, Math.min(index, list.length))
    return [...list.slice(0, at), taken, ...list.slice(at)]
  }
  if (parentId === null) return insert(rest)
  if (!findNode(rest, parentId)) return tree
  const walk = (list: TreeNode<T>[]): TreeNode<T>[] =>
    list.map((n) => (n.item.id === parentId ? { ...n, children: insert(n.children) } : { ...n, children: walk(n.children) }))
  return walk(rest)
}

/** Which keyboard moves an item allows where it is now. */
export function allowedMoves<T extends FlatItem>(tree: Tree<T>, id: string): Record<Move, boolean> {
  const p = positionOf(tree, id)
  if (!p) return { up: false, down: false, indent: false, outdent: false }
  return { up: p.index > 0, down: p.index < p.count - 1, indent: p.index > 0, outdent: p.parentId !== null }
}

/**
 * The keyboard moves: up and down among its siblings; indent makes it the last child of the sibling above; outdent
 * makes it the sibling right after its parent. Not allowed where it is: the tree unchanged.
 */
export function applyMove<T extends FlatItem>(tree: Tree<T>, id: string, move: Move): Tree<T> {
  const p = positionOf(tree, id)
  if (!p || !allowedMoves(tree, id)[move]) return tree
  if (move === 'up') return moveTo(tree, id, p.parentId, p.index - 1)
  if (move === 'down') return moveTo(tree, id, p.parentId, p.index + 1)
  if (move === 'indent') {
    const above = siblingsOf(tree, p.parentId)![p.index - 1]!
    return moveTo(tree, id, above.item.id, above.children.length)
  }
  const parent = positionOf(tree, p.parentId!)!
  return moveTo(tree, id, parent.parentId, parent.index + 1)
}

/**
 * Drag and drop: the item takes the place of `overId` among that one's siblings (as arrayMove does within one list:
 * moving down it lands after `over`, moving up before it; from another list, just before it).
 */
export function dropOn<T extends FlatItem>(tree: Tree<T>, id: string, overId: string): Tree<T> {
  if (id === overId) return tree
  const over = positionOf(tree, overId)
  if (!over || !positionOf(tree, id)) return tree
  return moveTo(tree, id, over.parentId, over.index)
}

export interface FlatRow<T extends FlatItem> {
  item: T
  depth: number
  parentId: string | null
  index: number
  count: number
}

/** The tree in reading order with each row's depth (what the editor renders, and what drag sorts over). */
export function flatten<T extends FlatItem>(tree: Tree<T>): FlatRow<T>[] {
  const out: FlatRow<T>[] = []
  const walk = (list: TreeNode<T>[], parentId: string | null, depth: number) =>
    list.forEach((n, index) => {
      out.push({ item: n.item, depth, parentId, index, count: list.length })
      walk(n.children, n.item.id, depth + 1)
    })
  walk(tree, null, 0)
  return out
}

/** The body of POST /menus/{menu_id}/items/reorder: every item once, its parent and its index among its siblings. */
export function toReorder<T extends FlatItem>(tree: Tree<T>): { items: { id: string; parent_id: string | null; display_order: number }[] } {
  return { items: flatten(tree).map((r) => ({ id: r.item.id, parent_id: r.parentId, display_order: r.index })) }
}
