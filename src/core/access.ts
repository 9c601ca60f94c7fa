import { forbidden, notFound } from '../http/errors.js'
import type { Ctx } from './context.js'
import { LEVEL_RANK, REQUIREMENT_LEVEL, ROLES_SATISFYING, ROLE_LEVEL, atLeast } from './levels.js'
import type { Level, Principal, Requirement } from './principal.js'
import { forgetVersion, listVersionKey, recordVersionKey, requestVersions, siteVersionKey } from './content-version.js'
import { scopeOf, type Entity, type RecordScope } from './entities.js'
import type { LRUCache } from 'lru-cache'
import { boundedMap, type Bounds } from '../platform/bounded.js'
import { detached } from '../platform/strings.js'

/** The caller's effective level on a site, or null when it has no access to it at all. */
export function levelOnSite(p: Principal, siteId: string | null): Level | null {
  switch (p.kind) {
    case 'api_key':
      if (p.siteId !== null && p.siteId !== siteId) return null
      return p.permission
    case 'user': {
      if (p.isSystemAdmin) return 'Master'
      if (siteId === null) return null
      const role = p.memberships.get(siteId)
      return role ? ROLE_LEVEL[role] : null
    }
    case 'system':
      return 'Master'
    case 'anonymous':
      return null
  }
}

/** Whether a caller with some access to the site meets the requirement there. */
export function satisfies(p: Principal, siteId: string | null, need: Requirement): boolean {
  switch (p.kind) {
    case 'api_key': {
      const lvl = levelOnSite(p, siteId)
      return lvl !== null && atLeast(lvl, REQUIREMENT_LEVEL[need])
    }
    case 'user': {
      if (p.isSystemAdmin) return true
      const role = siteId === null ? undefined : p.memberships.get(siteId)
      return role !== undefined && ROLES_SATISFYING[need].includes(role)
    }
    case 'system':
      return true
    case 'anonymous':
      return false
  }
}

/** Global level of a caller regardless of site (API-key permission; Master for system admins). */
export function globalLevel(p: Principal): Level | null {
  if (p.kind === 'api_key') return p.permission
  if (p.kind === 'system') return 'Master'
  if (p.kind === 'user') {
    if (p.isSystemAdmin) return 'Master'
    let best: Level | null = null
    for (const role of p.memberships.values()) {
      const l = ROLE_LEVEL[role]
      if (!best || LEVEL_RANK[l] > LEVEL_RANK[best]) best = l
    }
    return best
  }
  return null
}

/** True when the caller is not limited to particular sites (unscoped key, system admin, system). */
export function isUnscoped(p: Principal): boolean {
  return p.kind === 'system' || (p.kind === 'api_key' && p.siteId === null) || (p.kind === 'user' && p.isSystemAdmin)
}

/** Sites where a caller meets `need` (default Read): undefined for unscoped callers (all), else its key's site or its memberships. */
export function visibleSiteIds(p: Principal, need: Requirement = 'Read'): string[] | undefined {
  if (isUnscoped(p)) return undefined
  if (p.kind === 'api_key') return p.siteId && satisfies(p, p.siteId, need) ? [p.siteId] : []
  if (p.kind === 'user') return [...p.memberships.keys()].filter((s) => satisfies(p, s, need))
  return []
}

const siteIsLive = (ctx: Ctx, siteId: string) => ctx.deps.sites.isLive(siteId)

/**
 * Site access: 404 when the site does not exist, is deleted or lies outside the caller's reach;
 * 403 when the caller reaches it with too little permission.
 */
export function requireSite(ctx: Ctx, siteId: string, need: Requirement): Promise<void> | undefined {
  if (levelOnSite(ctx.principal, siteId) === null) notFound('site')
  const decide = () => {
    if (!satisfies(ctx.principal, siteId, need)) forbidden(`This needs ${need} on the site`)
  }
  // Decided at once when the site is known live (nearly always): no promise on every request's path.
  if (ctx.deps.sites.knownLive(siteId)) {
    decide()
    return undefined
  }
  return siteIsLive(ctx, siteId).then((live) => {
    if (!live) notFound('site')
    decide()
  })
}

/**
 * Record access through the entity's scope resolver. Unknown and soft-deleted records, records whose owning
 * site is deleted and records outside the caller's reach are one 404. Reads work through any live carrying
 * site; anything above Read needs the requirement on the owning site: a caller that can read the record
 * through a carrying site but lacks the role on the owner gets 403.
 */
export async function requireRecord(ctx: Ctx, entity: Entity, id: string, need: Requirement, load?: ScopeLoad): Promise<RecordScope> {
  const found = (await resolveScope(ctx, entity, id, load)) ?? notFound(entity)
  // Known live sites (nearly always) are decided without another promise on every record request's path.
  const live = liveScope(ctx, found)
  const scope = (live instanceof Promise ? await live : live) ?? notFound(entity)
  const p = ctx.principal
  const candidates = scope.siteId === null ? [null] : scope.siteIds
  const reachable = candidates.filter((s) => levelOnSite(p, s) !== null)
  if (reachable.length === 0) notFound(entity)
  const isRead = REQUIREMENT_LEVEL[need] === 'Read'
  const ok = isRead ? reachable.some((s) => satisfies(p, s, need)) : satisfies(p, scope.siteId, need)
  if (!ok) forbidden(`This needs ${need} on the ${entity.label}'s ${isRead ? '' : 'owning '}site`)
  return scope
}

/**
 * Scopes remembered per process (and per shared cache, like the read cache) under their record's version, for
 * entities with a scopeHandle: no query per request. Versions are never constant (content-version.ts sets an absent one
 * to a fresh stamp); an unreadable one (cache down: "miss-…") is not trusted.
 */
type KnownScope = { version: string; scope: RecordScope }
const scopesByCache = new WeakMap<object, LRUCache<string, KnownScope>>()
/** Record scopes remembered: 50,000 records at about 250 bytes each (handle, version, site ids, overhead). */
export const SCOPE_BOUNDS: Bounds = { maxEntries: 50_000, maxBytes: 32 * 1024 * 1024 }
/** Site ids are UUIDs: 36 characters and an array slot. */
const scopeBytes = (k: KnownScope) => k.version.length + 40 * k.scope.siteIds.length + 36

/** The record scopes this process remembers for a cache (tests read their bounds). */
export function rememberedScopes(cache: object): LRUCache<string, KnownScope> {
  let scopes = scopesByCache.get(cache)
  if (!scopes) {
    // Least recently used out first: a hot record is never pushed out by a sweep of others (it was emptied whole).
    scopes = boundedMap<KnownScope>(SCOPE_BOUNDS, scopeBytes)
    scopesByCache.set(cache, scopes)
  }
  return scopes
}

/**
 * A route's own way to find a record's scope when it is not remembered: the statement that loads the route's answer,
 * when that answer carries the record's sites (the blog detail: one statement on a miss instead of the scope's and
 * then the answer's). It must find exactly what the entity's scope resolver finds (live records only), and keep what
 * it loaded for the handler, which runs only once access is granted.
 */
export type ScopeLoad = (ctx: Ctx, id: string) => Promise<RecordScope | undefined>

async function resolveScope(ctx: Ctx, entity: Entity, id: string, load?: ScopeLoad): Promise<RecordScope | undefined> {
  const lookup = () => (load ? load(ctx, id) : scopeOf(entity)(ctx.db, id))
  if (!entity.scopeHandle) return lookup()
  const handle = entity.scopeHandle(id)
  const scopes = rememberedScopes(ctx.deps.cache)
  const known = scopes.get(handle)
  // The cached answer that usually follows is keyed by the owning site's version and its record's or list's
  // (core/read-cache.ts): those are asked in the same round trip. A record not remembered is most likely on the
  // site of the caller's key (a frontend's key is scoped to its site): its versions are asked ahead too.
  const p = ctx.principal
  const site = known ? known.scope.siteId : p.kind === 'api_key' ? p.siteId : null
  const ahead = site ? [siteVersionKey(site), listVersionKey(site)] : []
  const [version] = await requestVersions(ctx, [recordVersionKey(handle), ...ahead])
  if (known && known.version === version) return known.scope
  const scope = await lookup()
  if (scope && version !== undefined && version !== '0' && !version.startsWith('miss-')) {
    scopes.set(detached(handle), { version, scope })
  }
  // An id that names nothing keeps no version (a flood of made-up ids leaves nothing behind; see read-cache.ts).
  if (!scope) await forgetVersion(ctx.deps, recordVersionKey(handle))
  return scope
}

/** The scope without carrying sites that were deleted; undefined when the owning site itself is deleted. A promise only when a site's liveness must be looked up. */
function liveScope(ctx: Ctx, scope: RecordScope): RecordScope | undefined | Promise<RecordScope | undefined> {
  if (scope.siteId === null) return scope
  const owner = scope.siteId
  const others = scope.siteIds.filter((s) => s !== owner)
  if (ctx.deps.sites.knownLive(owner) && others.every((s) => ctx.deps.sites.knownLive(s))) return { siteId: owner, siteIds: [owner, ...others] }
  return Promise.all([owner, ...others].map((s) => siteIsLive(ctx, s))).then((live) =>
    live[0] ? { siteId: owner, siteIds: [owner, ...others.filter((_, i) => live[i + 1])] } : undefined,
  )
}

/** For routes whose target site comes from the body (POST /blogs site_ids): every id must be reachable. */
export async function requireSites(ctx: Ctx, siteIds: string[], need: Requirement): Promise<void> {
  for (const s of siteIds) await requireSite(ctx, s, need)
}

/** Requirement on the caller's global level (e.g. key management): 403 below it. */
export function requireLevel(ctx: Ctx, need: Level): Level {
  const lvl = globalLevel(ctx.principal)
  if (lvl === null || !atLeast(lvl, need)) forbidden(`This needs ${need} permission`)
  return lvl as Level
}
