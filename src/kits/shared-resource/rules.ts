import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { TObject, TSchema } from 'typebox'
import { requireSite, satisfies, visibleSiteIds } from '../../core/access.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { contentSites, type ContentType } from '../../db/schema/content.js'
import { sites } from '../../db/schema/sites.js'
import { notFound, validation } from '../../http/errors.js'
import { Paginated, paginate, pageWindow, type PageQuery } from '../../http/pagination.js'
import { carriersOf, createContent, freeGeneratedSlug, renameContent, retireContent } from '../../core/content.js'
import type { Ctx } from '../../core/context.js'
import type { Entity } from '../../core/entities.js'
import type { EventType } from '../../core/events.js'
import { mutate, type ReaderImpact } from '../../core/mutation.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { ContentItemTable } from '../../core/scopes.js'
import { generatedSlug } from '../../core/slugs.js'

/*
 * Shared records without a workflow (skills, CV entries): content items (core/content.ts) created with site_ids
 * (the first owns the record, every listed site carries it), read through any carrying site, written on the
 * owning site (route access: bodySites / record()), soft-deleted. A record either has a slug (unique per carrying
 * site among live records of its type, derived from a field when absent) or none: then its carrier rows hold the
 * record id as slug, which is unique by construction. Every write goes through mutate() with its audit entry,
 * change history (without derived fields), events and reader refresh of every carrying site; the site lists
 * and by-slug answers are cached (core/read-cache.ts).
 */

type Row<T extends ContentItemTable> = T['$inferSelect'] & { id: string; site_id: string; content_id: string }
export type SharedValues = Record<string, unknown>
/** The wire form every shared record has. */
export interface SharedWire {
  id: string
  site_id: string
  site_ids: string[]
}

export interface SharedResourceSpec<T extends ContentItemTable, W extends SharedWire> {
  entity: Entity
  /** content_type of its content item and carrier rows. */
  type: ContentType
  table: T
  /** Answer schema (`$id`): the list is `Paginated(item)`; cached answers are serialised through it. */
  item: TObject
  /** The wire form of a row with its carrying sites (owning site first). */
  present(row: Row<T>, siteIds: string[]): W
  /** Wire fields that repeat others (read-only aliases): left out of change history. */
  derived?: readonly string[]
  /** List order; end with the id so pages are stable. */
  order: ReadonlyArray<readonly [AnyPgColumn, 'asc' | 'desc']>
  /** Query-string parameters that filter the site list by equality on the column of the same name. */
  queryFilters?: readonly string[]
  /** The record has a slug column, derived from this field when the body has none. Unset: no slug (carrier slug = id). */
  slugFrom?: string
  /**
   * Turns a create body (before undefined) or an update patch into the column values to write, with the 400 rules
   * that need the stored record (end date not before start date, …). Runs in the transaction, the row locked.
   */
  prepare(values: SharedValues, before?: Row<T>): SharedValues
  /** Fields named in the audit metadata of create and delete. */
  auditFields: readonly string[]
  /** Read-cache namespace prefix (`skills` → `skills-list`, `skills-slug`). */
  cache: string
  /** The HTTP surface (kits/shared-resource/routes.ts builds it); absent: no routes. */
  routes?: SharedRoutesSpec
}

/** What `sharedResourceRoutes` needs beyond the rules: URLs, names and the texts of each operation. */
export interface SharedRoutesSpec {
  /** URL segment: GET /sites/{site_id}/<path>, POST /<path>, GET|PUT|DELETE /<path>/{id}. */
  path: string
  tag: string
  schemas: { create: TSchema; update: TSchema; listQuery: TSchema }
  /** Operation-id plural (`listSite<plural>`); the item schema's $id + "s" when absent. */
  plural?: string
  /** Summary plural ("CV entries"); the entity label + "s" when absent. */
  labelPlural?: string
  /** GET /<path>/by-slug/{slug}: with `site_id` among that site's records, without among every site the caller reads. */
  bySlug?: { params: TSchema; query: TSchema; doc: string }
  docs: { list: string; get: string; create: string; update: string; delete: string }
}

export interface SharedResource<W extends SharedWire> {
  readonly spec: { entity: Entity; item: TObject; routes?: SharedRoutesSpec }
  /** The site's live records in list order; cached per site (every write to a record the site carries refreshes it). */
  list(ctx: Ctx, siteId: string, query: PageQuery & Record<string, unknown>): Promise<RawJson>
  get(ctx: Ctx, id: string): Promise<W>
  /** The live record with this slug among the site's records; cached per record handle. 404 when none. */
  bySlug(ctx: Ctx, siteId: string, slug: string): Promise<RawJson>
  /** Live records with this slug in live sites among siteIds (undefined: every site), each once with the sites it was found in. */
  findBySlug(db: ReadDb, slug: string, siteIds: string[] | undefined): Promise<Array<{ record: W; foundIn: string[] }>>
  /**
   * A live record by slug. With siteId: among that site's records (Read there; 404 when out of reach or none), cached.
   * Without: among the sites the caller can read (not cached); 404 when none carries it, 400 on `site_id` when the slug
   * names different records in several of them (one shared record carried by several is one answer).
   */
  lookup(ctx: Ctx, slug: string, siteId: string | undefined): Promise<RawJson | W>
  create(ctx: Ctx, body: { site_ids: string[] } & SharedValues): Promise<W>
  update(ctx: Ctx, id: string, body: SharedValues): Promise<W>
  remove(ctx: Ctx, id: string): Promise<void>
}

function eventOf(entity: Entity, suffix: 'created' | 'updated' | 'deleted'): EventType {
  const type = entity.events.find((e) => e.endsWith(`.${suffix}`))
  if (!type) throw new Error(`entity "${entity.name}" declares no *.${suffix} event`)
  return type
}

const defined = (o: SharedValues) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
const pick = (o: SharedValues, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]))

/** Table access and wire forms shared by the operations of one resource. */
function tableIo<T extends ContentItemTable, W extends SharedWire>(spec: SharedResourceSpec<T, W>) {
  const { entity, table, type } = spec
  const from = table as PgTable
  const cols = getTableColumns(table) as Record<string, AnyPgColumn>
  const slugCol = spec.slugFrom !== undefined ? cols.slug : undefined
  if (spec.slugFrom !== undefined && !slugCol) throw new Error(`${entity.name}: slugFrom needs a slug column`)
  for (const f of spec.queryFilters ?? []) if (!cols[f]) throw new Error(`${entity.name}: no column ${f} to filter on`)
  const liveRow = isNull(table.deleted_at)
  const cs = contentSites
  const io = {
    entity,
    table,
    type,
    from,
    cols,
    hasSlug: slugCol !== undefined,
    events: { created: eventOf(entity, 'created'), updated: eventOf(entity, 'updated'), deleted: eventOf(entity, 'deleted') },
    /**
     * Carrier rows joined to the live record rows whose owning site is live (a record of a deleted site is gone
     * through every carrying site).
     */
    join: and(
      eq(table.content_id, cs.content_id),
      liveRow,
      sql`exists (select 1 from ${sites} where ${sites.id} = ${table.site_id} and ${sites.deleted_at} is null)`,
    ),
    carried: (siteId: string) => and(eq(cs.site_id, siteId), eq(cs.content_type, type), sql`${cs.is_live}`),
    /** Only the table's own columns are written (prepare may leave aliases behind). */
    columnsOf: (v: SharedValues) => Object.fromEntries(Object.entries(v).filter(([k]) => k in cols && v[k] !== undefined)),
    historyOf: (w: W) => Object.fromEntries(Object.entries(w).filter(([k]) => !(spec.derived ?? []).includes(k))),
    slugOf: (row: Row<T>): string | undefined => (slugCol ? ((row as SharedValues).slug as string) : undefined),
    async wire(db: ReadDb, rows: Array<Row<T>>): Promise<W[]> {
      const carriers = await carriersOf(db, [...new Set(rows.map((r) => r.content_id))])
      return rows.map((r) => spec.present(r, carriers.get(r.content_id) ?? [r.site_id]))
    },
    async one(db: ReadDb, row: Row<T>): Promise<W> {
      return (await io.wire(db, [row]))[0] as W
    },
    async find(db: ReadDb, id: string): Promise<Row<T> | undefined> {
      const [row] = await db
        .select()
        .from(from)
        .where(and(eq(table.id, id), liveRow))
        .limit(1)
      return row as Row<T> | undefined
    },
    async lock(tx: Tx, id: string): Promise<Row<T>> {
      const [row] = await tx
        .select()
        .from(from)
        .where(and(eq(table.id, id), liveRow))
        .for('update')
      return (row as Row<T> | undefined) ?? notFound(entity)
    },
    /** What a change of the record means for readers: its answers (by id, by every slug it had) and every carrying site's lists. */
    changed(w: W, slugs: Array<string | undefined>): ReaderImpact {
      const named = [...new Set(slugs.filter((s): s is string => s !== undefined))]
      return { records: [{ entity, id: w.id, siteIds: w.site_ids, slugs: named }], lists: w.site_ids }
    },
  }
  return io
}
type Io<T extends ContentItemTable, W extends SharedWire> = ReturnType<typeof tableIo<T, W>>

function reads<T extends ContentItemTable, W extends SharedWire>(spec: SharedResourceSpec<T, W>, io: Io<T, W>) {
  const listCache = jsonCache(`${spec.cache}-list`, Paginated(spec.item))
  const slugCache = jsonCache(`${spec.cache}-slug`, spec.item, spec.item)
  const orderBy = spec.order.map(([c, dir]) => (dir === 'asc' ? asc(c) : desc(c)))
  const cs = contentSites
  return {
    async list(ctx: Ctx, siteId: string, query: PageQuery & Record<string, unknown>): Promise<RawJson> {
      const filters = (spec.queryFilters ?? []).filter((f) => query[f] !== undefined)
      const key = [query.page, query.per_page, ...filters.map((f) => `${f}=${String(query[f])}`)].join(':')
      return listCache.get(ctx, siteId, key, async () => {
        const where = and(io.carried(siteId), ...filters.map((f) => eq(io.cols[f] as AnyPgColumn, query[f])))
        const { limit, offset } = pageWindow(query)
        const [rows, totals] = await Promise.all([
          ctx.db
            .select({ row: io.from })
            .from(cs)
            .innerJoin(io.from, io.join)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
          ctx.db.select({ n: count() }).from(cs).innerJoin(io.from, io.join).where(where),
        ])
        const page = await io.wire(
          ctx.db,
          rows.map((r) => (r as { row: Row<T> }).row),
        )
        return { value: paginate(page, totals[0]?.n ?? 0, query), until: null }
      })
    },

    async get(ctx: Ctx, id: string): Promise<W> {
      return io.one(ctx.db, (await io.find(ctx.db, id)) ?? notFound(io.entity))
    },

    async bySlug(ctx: Ctx, siteId: string, slug: string): Promise<RawJson> {
      return slugCache.get(ctx, { site: siteId, record: `${io.entity.name}:slug:${siteId}:${slug}` }, 'slug', async () => {
        const [found] = await ctx.db
          .select({ row: io.from })
          .from(cs)
          .innerJoin(io.from, io.join)
          .where(and(io.carried(siteId), eq(cs.slug, slug)))
          .limit(1)
        const row = (found as { row: Row<T> } | undefined)?.row ?? notFound(io.entity)
        return { value: await io.one(ctx.db, row), until: null }
      })
    },

    async findBySlug(db: ReadDb, slug: string, siteIds: string[] | undefined): Promise<Array<{ record: W; foundIn: string[] }>> {
      if (siteIds && siteIds.length === 0) return []
      const hits = await db
        .select({ row: io.from, site: cs.site_id })
        .from(cs)
        .innerJoin(io.from, io.join)
        .innerJoin(sites, and(eq(sites.id, cs.site_id), isNull(sites.deleted_at)))
        .where(and(eq(cs.content_type, io.type), sql`${cs.is_live}`, eq(cs.slug, slug), siteIds ? inArray(cs.site_id, siteIds) : undefined))
        .orderBy(asc(cs.site_id))
        .limit(100)
      const byId = new Map<string, { row: Row<T>; foundIn: string[] }>()
      for (const h of hits as Array<{ row: Row<T>; site: string }>) {
        const e = byId.get(h.row.id) ?? { row: h.row, foundIn: [] }
        e.foundIn.push(h.site)
        byId.set(h.row.id, e)
      }
      const entries = [...byId.values()]
      const records = await io.wire(
        db,
        entries.map((e) => e.row),
      )
      return entries.map((e, i) => ({ record: records[i] as W, foundIn: e.foundIn }))
    },
  }
}

function lookup<W extends SharedWire>(spec: { entity: Entity; routes?: SharedRoutesSpec }, r: ReturnType<typeof reads>) {
  const many = spec.routes?.labelPlural ?? `${spec.entity.label}s`
  return async (ctx: Ctx, slug: string, siteId: string | undefined): Promise<RawJson | W> => {
    if (siteId !== undefined) {
      await requireSite(ctx, siteId, 'Read')
      return r.bySlug(ctx, siteId, slug)
    }
    const found = await r.findBySlug(ctx.db, slug, visibleSiteIds(ctx.principal))
    const readable = found.filter((f) => f.foundIn.some((s) => satisfies(ctx.principal, s, 'Read')))
    if (readable.length > 1) validation('site_id', `the slug "${slug}" names ${readable.length} different ${many} in sites you can read; name the site`)
    return (readable[0]?.record as W | undefined) ?? notFound(spec.entity)
  }
}

function creator<T extends ContentItemTable, W extends SharedWire>(spec: SharedResourceSpec<T, W>, io: Io<T, W>) {
  return async (ctx: Ctx, body: { site_ids: string[] } & SharedValues): Promise<W> => {
    const { site_ids: siteIds, ...rest } = body
    const owner = siteIds[0] as string
    const now = ctx.clock.now()
    return mutate(ctx, { entity: io.entity, action: 'Create' }, async (tx) => {
      const values = spec.prepare(defined(rest))
      const id = randomUUID()
      const given = values.slug as string | undefined
      // A generated slug that is taken gets -2, -3, …; a slug the client sent stays a 409 (createContent).
      const text = spec.slugFrom === undefined ? undefined : values[spec.slugFrom]
      const slug =
        spec.slugFrom === undefined
          ? id
          : (given ?? (await freeGeneratedSlug(tx, io.type, siteIds, generatedSlug(typeof text === 'string' ? text : undefined, io.type))))
      const content = await createContent(tx, { type: io.type, siteIds, slug, createdAt: now })
      const [inserted] = await tx
        .insert(io.from)
        .values({
          ...io.columnsOf(values),
          ...(io.hasSlug ? { slug } : {}),
          id,
          content_id: content.id,
          site_id: owner,
          created_at: now,
          updated_at: now,
        } as never)
        .returning()
      const row = inserted as Row<T>
      const result = spec.present(row, siteIds)
      return {
        result,
        siteId: owner,
        entityId: id,
        metadata: { ...pick(row, spec.auditFields), site_ids: siteIds },
        events: [{ type: io.events.created, siteId: owner, data: result }],
        readers: io.changed(result, [io.slugOf(row)]),
      }
    })
  }
}

function updater<T extends ContentItemTable, W extends SharedWire>(spec: SharedResourceSpec<T, W>, io: Io<T, W>) {
  return async (ctx: Ctx, id: string, body: SharedValues): Promise<W> =>
    mutate(ctx, { entity: io.entity, action: 'Update' }, async (tx) => {
      const before = await io.lock(tx, id)
      const patch = spec.prepare(defined(body), before)
      const oldSlug = io.slugOf(before)
      if (io.hasSlug && typeof patch.slug === 'string' && patch.slug !== oldSlug) await renameContent(tx, io.type, before.content_id, patch.slug)
      const [updated] = await tx
        .update(io.from)
        .set({ ...io.columnsOf(patch), updated_at: ctx.clock.now() })
        .where(eq(io.table.id, id))
        .returning()
      const after = updated as Row<T>
      const [was, now] = await io.wire(tx, [before, after])
      const result = now as W
      return {
        result,
        siteId: after.site_id,
        entityId: id,
        before: io.historyOf(was as W),
        after: io.historyOf(result),
        current: was as W,
        events: [{ type: io.events.updated, siteId: after.site_id, data: result }],
        readers: io.changed(result, [oldSlug, io.slugOf(after)]),
      }
    })
}

function remover<T extends ContentItemTable, W extends SharedWire>(spec: SharedResourceSpec<T, W>, io: Io<T, W>) {
  return async (ctx: Ctx, id: string): Promise<void> => {
    const now = ctx.clock.now()
    await mutate(ctx, { entity: io.entity, action: 'Delete' }, async (tx) => {
      const before = await io.lock(tx, id)
      const gone = await io.one(tx, before)
      await tx.update(io.from).set({ deleted_at: now, updated_at: now }).where(eq(io.table.id, id))
      await retireContent(tx, before.content_id)
      return {
        result: undefined,
        siteId: before.site_id,
        entityId: id,
        before: { deleted_at: null },
        after: { deleted_at: now },
        current: gone,
        metadata: { ...pick(before, spec.auditFields), site_ids: gone.site_ids },
        events: [{ type: io.events.deleted, siteId: before.site_id, data: gone }],
        readers: io.changed(gone, [io.slugOf(before)]),
      }
    })
  }
}

export function sharedResource<T extends ContentItemTable, W extends SharedWire>(spec: SharedResourceSpec<T, W>): SharedResource<W> {
  const io = tableIo(spec)
  const r = reads(spec, io)
  return { spec, ...r, lookup: lookup<W>(spec, r), create: creator(spec, io), update: updater(spec, io), remove: remover(spec, io) }
}
