import type { TObject } from 'typebox'
import type { ReadDb } from '../db/client.js'
import type { Ctx } from './context.js'
import type { EventType } from './events.js'

/** Where a record lives: its owning site and every site that carries it (shared content). null: not site-bound. */
export interface RecordScope {
  siteId: string | null
  siteIds: string[]
}

/** Finds the site(s) of a record; undefined when unknown or soft-deleted. Site liveness is checked centrally. */
export type ScopeResolver = (db: ReadDb, id: string) => Promise<RecordScope | undefined>

/**
 * How field values of a record are restored (POST /audit/history/revert): `body` is the module's own update body
 * (the restorable fields are its properties, each old value is checked against it), `apply` runs the module's own
 * update service with those fields, so the revert gets the same rules, cache refresh and events as an update.
 * The module's mutate() records it as action `Revert` (core/mutation.ts asRevert).
 */
export interface RevertHook {
  readonly body: TObject
  apply(ctx: Ctx, id: string, values: Record<string, unknown>): Promise<unknown>
}

/**
 * One definition per entity: its name (audit entity_type), how messages name it, the webhook events it
 * fires, and where its records live (for `record()` access). Defined by the module that owns the entity and
 * registered explicitly from src/modules/index.ts.
 */
export interface Entity<E extends EventType = EventType> {
  readonly name: string
  readonly label: string
  readonly events: readonly E[]
  /** null: the entity is never addressed by id in a path (locales, settings). */
  readonly scope: ScopeResolver | null
  /**
   * The record-version handle (core/content-version.ts) under which its scope may be remembered: every write
   * that can change the scope (delete) bumps it. Unset: the scope is resolved on every request.
   */
  readonly scopeHandle: ((id: string) => string) | null
}

export interface EntitySpec<E extends EventType> {
  name: string
  /** Defaults to the name with underscores as spaces ("blog_localization" → "blog localization"). */
  label?: string
  events?: readonly E[]
  scope?: ScopeResolver
  scopeHandle?: (id: string) => string
}

export function defineEntity<E extends EventType = never>(spec: EntitySpec<E>): Entity<E> {
  return Object.freeze({
    name: spec.name,
    label: spec.label ?? spec.name.replace(/_/g, ' '),
    events: Object.freeze([...(spec.events ?? [])]),
    scope: spec.scope ?? null,
    scopeHandle: spec.scopeHandle ?? null,
  })
}

const registry = new Map<string, Entity>()

/** Registers the entities of every module (src/modules/index.ts); a name defined twice is a start-up error. */
export function registerEntities(list: readonly Entity[]): void {
  for (const e of list) {
    const known = registry.get(e.name)
    if (known && known !== e) throw new Error(`entity "${e.name}" is defined twice`)
    registry.set(e.name, e)
  }
}

export const isRegistered = (e: Entity): boolean => registry.get(e.name) === e

/** The scope resolver of a registered, addressable entity (the start-up guard checks this for every record() route). */
export function scopeOf(e: Entity): ScopeResolver {
  if (!isRegistered(e)) throw new Error(`entity "${e.name}" is not registered (src/modules/index.ts)`)
  if (!e.scope) throw new Error(`entity "${e.name}" has no scope resolver`)
  return e.scope
}

/** An entity whose change history may be reverted, and how (listed in src/modules/index.ts). */
export interface Revertable {
  readonly entity: Entity
  readonly hook: RevertHook
}

const reverts = new Map<string, RevertHook>()

/**
 * Registers the revert hooks (src/modules/index.ts). They are kept apart from the entity because a hook runs the
 * module's update service, which itself imports the entity.
 */
export function registerReverts(list: readonly Revertable[]): void {
  for (const r of list) reverts.set(r.entity.name, r.hook)
}

/** The revert hook of a registered entity, or undefined when its changes cannot be reverted. */
export const revertOf = (e: Entity): RevertHook | undefined => reverts.get(e.name)

export const registeredEntities = (): Entity[] => [...registry.values()]

/** A registered entity by its audit name (entity_type), or undefined. */
export const entityNamed = (name: string): Entity | undefined => registry.get(name)
