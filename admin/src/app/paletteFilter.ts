import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight'

type SpotlightActions = SpotlightActionData | SpotlightActionGroupData

/** Content hits come from the site search for this very query (ranked, stemmed, any locale): they are never filtered again. */
export const CONTENT_PREFIX = 'content-'

function flat(data: SpotlightActions[]): (SpotlightActionData & { group?: string })[] {
  return data.flatMap((item) => ('actions' in item ? item.actions.map((a: SpotlightActionData) => ({ ...a, group: item.group })) : [item]))
}

function words(a: SpotlightActionData): string {
  const keywords = Array.isArray(a.keywords) ? a.keywords.join(' ') : (a.keywords ?? '')
  return `${a.label ?? ''} ${a.description ?? ''} ${keywords}`.toLowerCase()
}

/**
 * Screens, sites and actions match when every word of the query is in their label, description or keywords (so
 * "new post" finds "New post" and "article" finds Posts by its synonyms); label matches come first. Groups keep the
 * order of `data`.
 */
export function paletteFilter(query: string, data: SpotlightActions[]): SpotlightActions[] {
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const items = flat(data)
  const kept = items.filter((a) => a.id.startsWith(CONTENT_PREFIX) || terms.every((term) => words(a).includes(term)))
  const inLabel = (a: SpotlightActionData) => terms.every((term) => (a.label ?? '').toLowerCase().includes(term))
  const ordered = [...kept].sort((a, b) => Number(inLabel(b)) - Number(inLabel(a)))
  const groups = new Map<string, SpotlightActionData[]>()
  for (const a of ordered) {
    const { group, ...action } = a
    const key = group ?? ''
    groups.set(key, [...(groups.get(key) ?? []), action])
  }
  const order = data.map((item): string => ('actions' in item ? item.group : ''))
  return order.filter((g, i) => order.indexOf(g) === i && groups.has(g)).map((g) => ({ group: g, actions: groups.get(g)! }))
}
