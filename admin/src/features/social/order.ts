/*
 * Reordering social links: the new order as the API's reorder body (POST /sites/{site_id}/social/reorder,
 * `{ items: [{ id, display_order }] }`), positions 0, 1, 2, … in list order.
 */

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const out = [...list]
  const [item] = out.splice(from, 1)
  out.splice(to, 0, item as T)
  return out
}

export function reorderBody(list: ReadonlyArray<{ id: string }>): { items: Array<{ id: string; display_order: number }> } {
  return { items: list.map((l, i) => ({ id: l.id, display_order: i })) }
}
