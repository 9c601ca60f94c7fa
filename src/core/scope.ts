import type { ReadDb } from '../db/client.js'

/** Where a record lives: its owning site and every site that carries it (shared content). null: not site-bound. */
export interface RecordScope {
  siteId: string | null
  siteIds: string[]
}

export type ScopeResolver = (db: ReadDb, id: string) => Promise<RecordScope | undefined>

const resolvers = new Map<string, ScopeResolver>()

/** Each module registers how to find the site(s) of its records; record() access uses it. */
export function registerScope(entity: string, resolver: ScopeResolver): void {
  resolvers.set(entity, resolver)
}

export function scopeResolver(entity: string): ScopeResolver {
  const r = resolvers.get(entity)
  if (!r) throw new Error(`no scope resolver registered for entity "${entity}"`)
  return r
}

export const hasScopeResolver = (entity: string) => resolvers.has(entity)
