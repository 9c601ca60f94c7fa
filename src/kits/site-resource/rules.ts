import { and, asc, count, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { TSchema } from 'typebox'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ReadDb, Tx } from '../../db/client.js'
import { conflict, notFound } from '../../http/errors.js'
import { paginate, pageWindow, type Page, type PageQuery } from '../../http/pagination.js'
import type { Ctx } from '../../core/context.js'
import type { Entity } from '../../core/entities.js'
import type { Requirement } from '../../core/principal.js'
import type { EventType } from '../../core/events.js'
import { mutate, type DomainEvent, type ReaderImpact } from '../../core/mutation.js'
import { reorderRows, type OrderedTable, type ReorderItem } from '../reorder/rules.js'
import { generatedSlug, slugCandidates } from '../../core/slugs.js'
import type { SiteOwnedTable } from '../../core/scopes.js'
import type { Tree } from './tree.js'

/*
 * The rules every site-owned resource shares (tags, categories, menus, redirects, social links, …): list with
 * pagination and filters, get, create in the body's site, partial update, soft or hard delete, slug unique per
 * site among live records, and each write through mutate() with its audit entry, change history, events and
 * reader refresh. A module states only what differs, through the hooks. kits/site-resource/routes.ts turns a
 * resource into ordinary Fastify routes.
 */

type Row<T extends SiteOwnedTable> = T['$inferSelect'] & { id: string; site_id: string }
type Values<T extends SiteOwnedTable> = Partial<T['$inferInsert']> & Record<string, unknown>

export interface SiteResourceSpec<T extends SiteOwnedTable, W> {
  entity: Entity
  table: T
  /** The wire form of a row (what GET answers and events carry). */
  present(row: Row<T>): W
  /** List order, ascending; end with the id so pages are stable. */
  order: AnyPgColumn[]
  /** Equality conditions of every list (null: IS NULL), e.g. `{ parent_id: null }` for roots only. */
  listWhere?: Record<string, string | number | boolean | null>
  /** Query-string parameters that filter the list by equality on the column of the same name. */
  queryFilters?: readonly string[]
  /** A list condition built from the query beyond equality (text search); from the module's queries file. */
  listFilter?(query: Record<string, unknown>): SQL | undefined
  /**
   * The slug column is unique per site among live records; without one in the body it is generated (slugs.ts
   * generatedSlug) from this field, or from the text this function gives, and made free with -2, -3, …
   */
  slugFrom?: string | ((values: Values<T>) => string | undefined)
  /** Other columns unique per site among live records (409 naming the value); `slug` is implied by slugFrom. */
  unique?: readonly string[]
  /** Fields named in audit metadata of create and delete and in the deleted event (default: name and slug when present). */
  auditFields?: readonly string[]
  /** Normalises written values (trimmed names); runs on create bodies and update patches. */
  normalize?(values: Values<T>): Values<T>
  /**
   * A tree on parent_id (`siteTree(table, {...})` from ./tree.ts): the kit locks the site's tree on moves and deletes,
   * checks the parent (400 on parent_id), and on delete moves the children up (each firing `*.updated` when the
   * entity has events), before the hooks below run.
   */
  tree?: Tree<Row<T>>
  /** Serialises writes that depend on other rows of the site: runs first in the transaction. */
  serialize?(tx: Tx, siteId: string, values: Values<T> | 'delete'): Promise<void>
  /** Rules checked in the transaction before a create or update is written (400s). */
  check?(tx: Tx, w: { siteId: string; values: Values<T>; before?: Row<T> }): Promise<void>
  /** Extra work in the delete transaction before the row goes (re-parenting children): events, metadata, other records' readers. */
  onDelete?(tx: Tx, before: Row<T>, now: Date, ctx: Ctx): Promise<{ events?: DomainEvent[]; metadata?: Record<string, unknown>; readers?: ReaderImpact }>
  /** Sites besides the owning one whose answers show the record (those carrying content tagged with it). */
  shownIn?(db: ReadDb, row: Row<T>): Promise<string[]>
  /**
   * The record's fields appear inside other records' answers (tag and category names in blog answers): a change
   * refreshes everything the showing sites answer, not only their lists.
   */
  embedded?: boolean
  /** A create without display_order goes last (max + 1 in the site) instead of taking the column default. */
  appendOrder?: boolean
  /** How kits/site-resource/routes.ts publishes it: plain data, so the resource is declared in one place. */
  routes: ResourceRoutesSpec
}

/** The HTTP side of a site-owned resource (see kits/site-resource/routes.ts). */
export interface ResourceRoutesSpec {
  /** URL segment: `/sites/{site_id}/<path>`, `/<path>`, `/<path>/{id}`. */
  path: string
  /** OpenAPI tag. */
  tag: string
  /** Request and answer schemas; the item's `$id` names the operations (Tag → listSiteTags, getTag, createTag, …). */
  schemas: { item: TSchema; create: TSchema; update: TSchema; listQuery: TSchema }
  /** Plural for operation ids when not `<$id>s` (Category → Categories). */
  plural?: string
  /** Requirements as role names (core/levels.ts); default Read to read, Author to write, delete like write. */
  need?: { read: Requirement; write: Requirement; delete?: Requirement }
  /** Extra description per operation (the generated summary stays). */
  docs?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete' | 'reorder', string>>
  /**
   * Where create takes the site: `body` (POST /<path> with `site_id`, like tags) or `path`
   * (POST /sites/{site_id}/<path>, like social links and redirects). Default body.
   */
  createIn?: 'body' | 'path'
  /** `all`: the site's list is a plain array in list order (small lists: social links); default paginated. */
  list?: 'page' | 'all'
  /**
   * Caches the site list answer (per query) under the site's list version (core/read-cache.ts). Only for resources
   * whose every write that changes a list goes through this kit (its writes name the site's lists in their readers).
   */
  cacheList?: boolean
  /** Adds POST /sites/{site_id}/<path>/reorder (`{ items: [{ id, display_order }] }`, 204); the table needs display_order. */
  reorder?: boolean
}

/** The usual normalisation: names are stored trimmed. */
export const trimName = <V extends Record<string, unknown>>(v: V): V => (typeof v.name === 'string' ? { ...v, name: v.name.trim() } : v)

export interface SiteResource<T extends SiteOwnedTable, W> {
  spec: SiteResourceSpec<T, W>
  list(ctx: Ctx, siteId: string, query: PageQuery & Record<string, unknown>): Promise<Page<W>>
  /** The whole list in list order (at most LIST_ALL_MAX), for small lists answered as a plain array. */
  listAll(ctx: Ctx, siteId: string, query: Record<string, unknown>): Promise<W[]>
  /** Reorders the site's live records (kits/reorder/rules.ts rules), all or nothing; fires `*.updated` for each named one. */
  reorder(ctx: Ctx, siteId: string, items: readonly ReorderItem[]): Promise<void>
  get(ctx: Ctx, id: string): Promise<W>
  create(ctx: Ctx, body: { site_id: string } & Record<string, unknown>): Promise<W>
  update(ctx: Ctx, id: string, body: Record<string, unknown>): Promise<W>
  remove(ctx: Ctx, id: string): Promise<void>
  /** The live row, for module code around the resource. */
  find(db: ReadDb, id: string): Promise<Row<T> | undefined>
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]))

/** Slugs of rows with a slug column: a change refreshes answers reached by the slug before and after (by-slug reads). */
const slugsOf = (...rows: object[]) => rows.flatMap((r) => ('slug' in r && typeof r.slug === 'string' ? [r.slug] : []))

/** What a change of one record means for readers of the sites showing it. */
function impactOf<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, entity: Entity, id: string, shown: string[], slugs: string[] = []) {
  return { records: [{ entity, id, siteIds: shown, slugs }], ...(spec.embedded ? { sites: shown } : { lists: shown }) }
}

/** The entity's `*.<suffix>` event; undefined for an entity that declares no events (document folders). */
function eventOf(entity: Entity, suffix: 'created' | 'updated' | 'deleted'): EventType | undefined {
  if (entity.events.length === 0) return undefined
  const type = entity.events.find((e) => e.endsWith(`.${suffix}`))
  if (!type) throw new Error(`entity "${entity.name}" declares no *.${suffix} event`)
  return type
}

/** The event of a write, none when the entity has no events. */
const eventList = (type: EventType | undefined, siteId: string, data: unknown): DomainEvent[] => (type ? [{ type, siteId, data }] : [])

/** Table access shared by the operations of one resource. */
function tableIo<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>) {
  const { entity, table } = spec
  const cols = getTableColumns(table) as Record<string, AnyPgColumn>
  const from = table as PgTable
  const live = (): SQL | undefined => (cols.deleted_at ? isNull(cols.deleted_at) : undefined)
  const slugCol = spec.slugFrom !== undefined ? cols.slug : undefined
  if (spec.slugFrom !== undefined && !slugCol) throw new Error(`${entity.name}: slugFrom needs a slug column`)
  const uniques = [...(slugCol ? ['slug'] : []), ...(spec.unique ?? [])]
  for (const u of uniques) if (!cols[u]) throw new Error(`${entity.name}: no column ${u} to keep unique`)
  return {
    entity,
    table,
    from,
    live,
    soft: cols.deleted_at !== undefined,
    slugFrom: slugCol ? spec.slugFrom : undefined,
    /** The text a generated slug comes from. */
    slugText(values: Values<T>): string | undefined {
      const from = spec.slugFrom
      if (from === undefined) return undefined
      const text = typeof from === 'function' ? from(values) : values[from]
      return typeof text === 'string' ? text : undefined
    },
    /**
     * base when no live record of the site uses it, else the first free "<base>-2", "-3", … Serialised per site and
     * base until the transaction ends (advisory lock), so concurrent creates of one name get distinct slugs.
     */
    async freeSlug(tx: Tx, siteId: string, base: string): Promise<string> {
      const col = slugCol as AnyPgColumn
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`atrium:slug:${entity.name}:${siteId}:${base.slice(0, 180)}`}, 0))`)
      const batch = 25
      for (let n = 1; ; n += batch) {
        const candidates = slugCandidates(base, n, batch)
        const rows = await tx
          .select({ slug: col })
          .from(from)
          .where(and(eq(table.site_id, siteId), inArray(col, candidates), live()))
        const taken = new Set(rows.map((r) => r.slug))
        const free = candidates.find((c) => !taken.has(c))
        if (free) return free
      }
    },
    auditFields: spec.auditFields ?? ['name', 'slug'].filter((k) => k in cols),
    events: { created: eventOf(entity, 'created'), updated: eventOf(entity, 'updated'), deleted: eventOf(entity, 'deleted') },
    normalize: (v: Values<T>) => (spec.normalize ? spec.normalize(v) : v),
    equals(field: string, value: unknown): SQL {
      const col = cols[field]
      if (!col) throw new Error(`${entity.name}: no column ${field}`)
      return value === null ? isNull(col) : eq(col, value)
    },
    async find(db: ReadDb, id: string): Promise<Row<T> | undefined> {
      const [row] = await db
        .select()
        .from(from)
        .where(and(eq(table.id, id), live()))
        .limit(1)
      return row as Row<T> | undefined
    },
    async lock(tx: Tx, id: string): Promise<Row<T> | undefined> {
      const [row] = await tx
        .select()
        .from(from)
        .where(and(eq(table.id, id), live()))
        .for('update')
      return row as Row<T> | undefined
    },
    /** 409 when a unique field being written is taken by another live record of the site. */
    async assertUnique(db: ReadDb, siteId: string, values: Values<T>, before?: Row<T>): Promise<void> {
      for (const field of uniques) {
        const value = values[field]
        if (value === undefined || value === null || (before && (before as Record<string, unknown>)[field] === value)) continue
        const [taken] = await db
          .select({ id: table.id })
          .from(from)
          .where(and(eq(table.site_id, siteId), eq(cols[field] as AnyPgColumn, value), live(), before ? ne(table.id, before.id) : undefined))
          .limit(1)
        if (taken) conflict(`A ${entity.label} with ${field} ${JSON.stringify(value)} already exists in this site`)
      }
    },
    /** Appends: the next display_order after the site's last live record (tables with display_order). */
    async nextOrder(db: ReadDb, siteId: string): Promise<number | undefined> {
      const col = cols.display_order
      if (!col) return undefined
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${col}), 0)::int + 1` })
        .from(from)
        .where(and(eq(table.site_id, siteId), live()))
      return row?.n ?? 1
    },
    async sitesShowing(db: ReadDb, row: Row<T>): Promise<string[]> {
      return [row.site_id, ...(spec.shownIn ? await spec.shownIn(db, row) : [])]
    },
  }
}
type Io<T extends SiteOwnedTable, W> = ReturnType<typeof tableIo<T, W>>

/** Lists this long at most are answered whole (`list: 'all'`); a site with more needs a paginated resource. */
export const LIST_ALL_MAX = 1000

function listWhere<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>, siteId: string, query: Record<string, unknown>) {
  const filters = (spec.queryFilters ?? []).filter((f) => query[f] !== undefined).map((f) => io.equals(f, query[f]))
  const fixed = Object.entries(spec.listWhere ?? {}).map(([f, v]) => io.equals(f, v))
  return and(eq(io.table.site_id, siteId), io.live(), ...fixed, ...filters, spec.listFilter?.(query))
}

function allLister<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  return async (ctx: Ctx, siteId: string, query: Record<string, unknown>): Promise<W[]> => {
    const rows = await ctx.db
      .select()
      .from(io.from)
      .where(listWhere(spec, io, siteId, query))
      .orderBy(...spec.order.map((c) => asc(c)))
      .limit(LIST_ALL_MAX)
    return (rows as Array<Row<T>>).map((r) => spec.present(r))
  }
}

function reorderer<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  const { entity } = io
  return async (ctx: Ctx, siteId: string, items: readonly ReorderItem[]): Promise<void> => {
    await mutate(ctx, { entity, action: 'Update' }, async (tx) => {
      const table = io.table as unknown as OrderedTable
      const placed = await reorderRows(tx, { table, scope: io.table.site_id, scopeValue: siteId, items, what: entity.label, now: ctx.clock.now() })
      const ids = placed.map((p) => p.id)
      const rows = ids.length > 0 ? ((await tx.select().from(io.from).where(inArray(io.table.id, ids))) as Array<Row<T>>) : []
      return {
        result: undefined,
        siteId,
        entityId: null,
        metadata: { reordered: placed },
        events: rows.flatMap((r) => eventList(io.events.updated, siteId, spec.present(r))),
        readers: { records: ids.map((id) => ({ entity, id, siteIds: [siteId] })), lists: [siteId] },
      }
    })
  }
}

function lister<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  return async (ctx: Ctx, siteId: string, query: PageQuery & Record<string, unknown>): Promise<Page<W>> => {
    const where = listWhere(spec, io, siteId, query)
    const { limit, offset } = pageWindow(query)
    const [rows, totals] = await Promise.all([
      ctx.db
        .select()
        .from(io.from)
        .where(where)
        .orderBy(...spec.order.map((c) => asc(c)))
        .limit(limit)
        .offset(offset),
      ctx.db.select({ n: count() }).from(io.from).where(where),
    ])
    return paginate(
      (rows as Array<Row<T>>).map((r) => spec.present(r)),
      totals[0]?.n ?? 0,
      query,
    )
  }
}

function creator<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  const { entity } = io
  const h = hooks(spec, io)
  return async (ctx: Ctx, body: { site_id: string } & Record<string, unknown>): Promise<W> => {
    const siteId = body.site_id
    const values = io.normalize(defined(body) as Values<T>)
    const generate = io.slugFrom !== undefined && values.slug === undefined
    const now = ctx.clock.now()
    return mutate(ctx, { entity, action: 'Create' }, async (tx) => {
      // A generated slug that is taken gets -2, -3, …; a slug the client sent stays a 409 (assertUnique).
      if (generate) Object.assign(values, { slug: await io.freeSlug(tx, siteId, generatedSlug(io.slugText(values), entity.name.replace(/_/g, '-'))) })
      await h.serialize(tx, siteId, values)
      await h.check(tx, { siteId, values })
      await io.assertUnique(tx, siteId, values)
      if (spec.appendOrder && values.display_order === undefined) Object.assign(values, defined({ display_order: await io.nextOrder(tx, siteId) }))
      const [inserted] = await tx
        .insert(io.from)
        .values({ ...values, site_id: siteId, created_at: now, updated_at: now } as never)
        .returning()
      const row = inserted as Row<T>
      const result = spec.present(row)
      return {
        result,
        siteId,
        entityId: row.id,
        metadata: pick(row, io.auditFields),
        events: eventList(io.events.created, siteId, result),
        readers: { records: [{ entity, id: row.id, siteIds: [siteId] }], lists: [siteId] },
      }
    })
  }
}

function updater<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  const { entity } = io
  const h = hooks(spec, io)
  return async (ctx: Ctx, id: string, body: Record<string, unknown>): Promise<W> => {
    const patch = io.normalize(defined(body) as Values<T>)
    return mutate(ctx, { entity, action: 'Update' }, async (tx) => {
      const current = (await io.find(tx, id)) ?? notFound(entity)
      await h.serialize(tx, current.site_id, patch)
      const before = (await io.lock(tx, id)) ?? notFound(entity)
      await h.check(tx, { siteId: before.site_id, values: patch, before })
      await io.assertUnique(tx, before.site_id, patch, before)
      const [updated] = await tx
        .update(io.from)
        .set({ ...patch, updated_at: ctx.clock.now() })
        .where(eq(io.table.id, id))
        .returning()
      const after = updated as Row<T>
      const result = spec.present(after)
      const shown = await io.sitesShowing(tx, after)
      return {
        result,
        siteId: after.site_id,
        entityId: id,
        before: spec.present(before) as object,
        after: result as object,
        events: eventList(io.events.updated, after.site_id, result),
        readers: impactOf(spec, entity, id, shown, slugsOf(before, after)),
      }
    })
  }
}

function remover<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  const { entity } = io
  const h = hooks(spec, io)
  return async (ctx: Ctx, id: string): Promise<void> => {
    await mutate(ctx, { entity, action: 'Delete' }, async (tx) => {
      const current = (await io.find(tx, id)) ?? notFound(entity)
      await h.serialize(tx, current.site_id, 'delete')
      const before = (await io.lock(tx, id)) ?? notFound(entity)
      const now = ctx.clock.now()
      const extra = await h.onDelete(tx, before, now, ctx)
      const shown = await io.sitesShowing(tx, before)
      if (io.soft) await tx.update(io.from).set({ deleted_at: now, updated_at: now }).where(eq(io.table.id, id))
      else await tx.delete(io.from).where(eq(io.table.id, id))
      const named = pick(before, io.auditFields)
      return {
        result: undefined,
        siteId: before.site_id,
        entityId: id,
        ...(io.soft ? { before: { deleted_at: null }, after: { deleted_at: now } } : {}),
        current: spec.present(before) as object,
        metadata: { ...named, ...extra.metadata },
        events: [...eventList(io.events.deleted, before.site_id, { id, site_id: before.site_id, ...named }), ...(extra.events ?? [])],
        readers: withReaders(impactOf(spec, entity, id, shown, slugsOf(before)), extra.readers),
      }
    })
  }
}

type DeleteExtra = { events?: DomainEvent[]; metadata?: Record<string, unknown>; readers?: ReaderImpact }

/** The tree's part of a write, then the module's hooks. */
function hooks<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>, io: Io<T, W>) {
  const tree = spec.tree
  return {
    async serialize(tx: Tx, siteId: string, values: Values<T> | 'delete'): Promise<void> {
      if (tree && (values === 'delete' || values.parent_id !== undefined)) await tree.lock(tx, siteId)
      await spec.serialize?.(tx, siteId, values)
    },
    async check(tx: Tx, w: { siteId: string; values: Values<T>; before?: Row<T> }): Promise<void> {
      await tree?.checkParent(tx, w)
      await spec.check?.(tx, w)
    },
    async onDelete(tx: Tx, before: Row<T>, now: Date, ctx: Ctx): Promise<DeleteExtra> {
      if (!tree) return (await spec.onDelete?.(tx, before, now, ctx)) ?? {}
      const parentId = (before as { parent_id?: string | null }).parent_id ?? null
      const moved = await tree.reparentChildren(tx, before.id, parentId, now)
      const own = (await spec.onDelete?.(tx, before, now, ctx)) ?? {}
      return {
        events: [...moved.flatMap((c) => eventList(io.events.updated, c.site_id, spec.present(c))), ...(own.events ?? [])],
        metadata: { [tree.spec.moved.to]: parentId, [tree.spec.moved.ids]: moved.map((c) => c.id), ...own.metadata },
        ...(own.readers ? { readers: own.readers } : {}),
      }
    },
  }
}

/** Two reader impacts as one. */
function withReaders(a: ReaderImpact, b: ReaderImpact | undefined): ReaderImpact {
  if (!b) return a
  const join = <V>(x: readonly V[] | undefined, y: readonly V[] | undefined) => [...(x ?? []), ...(y ?? [])]
  return { records: join(a.records, b.records), lists: join(a.lists, b.lists), sites: join(a.sites, b.sites), apiKeys: join(a.apiKeys, b.apiKeys) }
}

export function siteResource<T extends SiteOwnedTable, W>(spec: SiteResourceSpec<T, W>): SiteResource<T, W> {
  const io = tableIo(spec)
  return {
    spec,
    list: lister(spec, io),
    listAll: allLister(spec, io),
    reorder: reorderer(spec, io),
    get: async (ctx, id) => spec.present((await io.find(ctx.db, id)) ?? notFound(spec.entity)),
    create: creator(spec, io),
    update: updater(spec, io),
    remove: remover(spec, io),
    find: (db, id) => io.find(db, id),
  }
}
