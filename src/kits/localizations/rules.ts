import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ReadDb, Tx } from '../../db/client.js'
import { locales, type LocaleRow } from '../../db/schema/sites.js'
import { conflict, notFound, validation } from '../../http/errors.js'
import type { Ctx } from '../../core/context.js'
import { defineEntity, type Entity, type ScopeResolver } from '../../core/entities.js'
import { mutate, recordLabel, type DomainEvent, type ReaderImpact } from '../../core/mutation.js'
import { childOf } from '../../core/scopes.js'

/*
 * Localizations of any localized record (blogs now; pages, navigation, documents, legal next): one row per
 * locale of the record's owning site, listed default locale first, then by code. The locale is named by
 * `locale_id` or by code (`"locale": "de"`); a locale the owning site lacks is a 400, a second one for the same
 * locale a 409. Every change is a change of the parent record: the parent says, in the same transaction, what
 * that means (its `<entity>.updated` event, derived fields such as reading time) and which sites show it.
 */

/** A table of localization rows: `id`, `locale_id` and a column naming the parent. */
export type LocalizationTable = PgTable & { id: AnyPgColumn; locale_id: AnyPgColumn }

/** The parent record as the kit sees it: its id, the key its localizations carry, and its owning site. */
export interface ParentRef<P> {
  id: string
  key: string
  siteId: string
  row: P
}

/**
 * The parent lookup of a site-owned record keyed by its own id (a document, a legal document): the live row, or the
 * live row locked when the kit asks within a transaction. Serves as both `byId` and `byKey`.
 */
export function siteOwnedParent<P extends { id: string; site_id: string }>(
  find: (db: ReadDb, id: string) => Promise<P | undefined>,
  lock: (tx: Tx, id: string) => Promise<P | undefined>,
): (db: ReadDb, id: string, tx?: Tx) => Promise<ParentRef<P> | undefined> {
  return async (db, id, tx) => {
    const row = tx ? await lock(tx, id) : await find(db, id)
    return row && { id: row.id, key: row.id, siteId: row.site_id, row }
  }
}

export interface LocalizationSpec<T extends LocalizationTable, P> {
  /** Entity name of the rows, e.g. `blog_localization`. */
  name: string
  table: T
  /** The column of `table` that holds the parent key (`content_id` for content items). */
  parentKey: AnyPgColumn
  parent: {
    entity: Entity
    /** Scope of the parent by the key its localizations carry. */
    scopeByKey: ScopeResolver
    /** The live parent by its id; `lock` in writes. */
    byId(db: ReadDb, id: string, lock?: Tx): Promise<ParentRef<P> | undefined>
    /** The live parent by key; `lock` in writes. */
    byKey(db: ReadDb, key: string, lock?: Tx): Promise<ParentRef<P> | undefined>
    /**
     * In the write's transaction, after the localization changed: derived fields, the parent's events, the sites
     * showing it. `records`: the records whose answers change, when not the parent itself (a page section's
     * localization changes the page's answers). `sites`: sites whose every answer may change (what embeds the parent).
     */
    changed(
      tx: Tx,
      parent: ParentRef<P>,
      now: Date,
      ctx: Ctx,
    ): Promise<{ events: DomainEvent[]; siteIds: string[]; slugs?: string[]; records?: ReaderImpact['records']; sites?: string[] }>
    /**
     * What the parent is called where its row's own fields do not name it (a post by its title): the audit label of a
     * localization without a title of its own. Asked only then.
     */
    label?(tx: Tx, parent: ParentRef<P>): Promise<string | null>
  }
}

type Row<T extends LocalizationTable> = T['$inferSelect'] & { id: string; locale_id: string }
export interface LocaleChoice {
  locale_id?: string | undefined
  locale?: string | undefined
}

/** Resolves `locale_id` or `locale` (a code) among the owning site's locales; 400 on the field that names no locale of it. */
export function resolveLocale(siteLocales: LocaleRow[], input: LocaleChoice, field: string): string {
  if (input.locale_id !== undefined) {
    if (!siteLocales.some((l) => l.id === input.locale_id)) validation(`${field}locale_id`, "is not a locale of the record's owning site")
    return input.locale_id
  }
  if (input.locale === undefined) validation(`${field}locale_id`, 'is required (or name the locale by code in `locale`)')
  const code = (input.locale ?? '').toLowerCase()
  const found = siteLocales.find((l) => l.code.toLowerCase() === code)
  return found ? found.id : validation(`${field}locale`, `"${input.locale ?? ''}" is not a locale code of the record's owning site`)
}

/** Locale ids of several inputs; 409 when one locale appears twice or already has a localization. */
export function resolveLocales(siteLocales: LocaleRow[], inputs: LocaleChoice[], existing: string[], field: (i: number) => string): string[] {
  const seen = new Set(existing)
  return inputs.map((input, i) => {
    const id = resolveLocale(siteLocales, input, field(i))
    if (seen.has(id)) conflict(`The record already has a localization for locale ${siteLocales.find((l) => l.id === id)?.code ?? id}`)
    seen.add(id)
    return id
  })
}

export const siteLocales = (db: ReadDb, siteId: string): Promise<LocaleRow[]> => db.select().from(locales).where(eq(locales.site_id, siteId))

/** Strips the locale choice from a body: what remains are the localized fields. */
function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  const { locale: _l, locale_id: _i, ...rest } = body
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
}

/** Row access of a localization table: the parent key of a row, the rows of a parent, one row. */
function rowsIo<T extends LocalizationTable, P>(spec: LocalizationSpec<T, P>) {
  const { table } = spec
  const from = table as PgTable
  const keyName = Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>).find(([, c]) => c === spec.parentKey)?.[0]
  if (!keyName) throw new Error(`${spec.name}: parentKey is not a column of the table`)
  return {
    from,
    keyName,
    async keyOf(db: ReadDb, id: string): Promise<string | undefined> {
      const [row] = await db.select({ key: spec.parentKey }).from(from).where(eq(table.id, id)).limit(1)
      return (row as { key: string } | undefined)?.key
    },
    /** Localizations of a parent key, default locale first, then by code. */
    async ofKey(db: ReadDb, key: string): Promise<Array<Row<T>>> {
      const rows = await db
        .select({ loc: from })
        .from(from)
        .innerJoin(locales, eq(locales.id, table.locale_id))
        .where(eq(spec.parentKey, key))
        .orderBy(desc(locales.is_default), asc(locales.code))
      return rows.map((r) => (r as { loc: Row<T> }).loc)
    },
    async find(db: ReadDb, id: string): Promise<Row<T> | undefined> {
      const [row] = await db.select().from(from).where(eq(table.id, id)).limit(1)
      return row as Row<T> | undefined
    },
  }
}

export function localizations<T extends LocalizationTable, P>(spec: LocalizationSpec<T, P>) {
  const { table, parent } = spec
  const io = rowsIo(spec)
  const { from, keyName } = io
  const keyOf = (db: ReadDb, id: string) => io.keyOf(db, id)
  const ofKey = (db: ReadDb, key: string) => io.ofKey(db, key)
  const find = (db: ReadDb, id: string) => io.find(db, id)
  const entity = defineEntity({ name: spec.name, scope: childOf(parent.scopeByKey, keyOf) })

  /** The localization and its live parent, locked for a write. */
  async function lockedPair(tx: Tx, id: string): Promise<{ loc: Row<T>; parent: ParentRef<P> }> {
    const key = (await keyOf(tx, id)) ?? notFound(entity)
    const p = (await parent.byKey(tx, key, tx)) ?? notFound(entity)
    const loc = (await find(tx, id)) ?? notFound(entity)
    return { loc, parent: p }
  }

  function impact(p: ParentRef<P>, change: { siteIds: string[]; slugs?: string[]; records?: ReaderImpact['records']; sites?: string[] }): ReaderImpact {
    return {
      records: change.records ?? [{ entity: parent.entity, id: p.id, siteIds: change.siteIds, slugs: change.slugs ?? [] }],
      lists: change.siteIds,
      ...(change.sites && change.sites.length > 0 ? { sites: change.sites } : {}),
    }
  }

  /** The audit label of a localization: its own title, else its parent's name (never an id the log cannot show). */
  async function labelOf(tx: Tx, p: ParentRef<P>, entry: { entityId: string; before?: Row<T>; after?: Row<T>; current?: Row<T> }): Promise<string | null> {
    const own = recordLabel({ siteId: p.siteId, ...entry })
    if (own !== null) return own
    return (await parent.label?.(tx, p)) ?? recordLabel({ siteId: p.siteId, entityId: p.id, after: p.row as object })
  }

  /** What a write of one localization tells mutate(): the parent's id in the metadata, the parent's events and readers. */
  function written<R>(
    p: ParentRef<P>,
    change: Awaited<ReturnType<typeof parent.changed>>,
    entry: { result: R; entityId: string; before?: Row<T>; after?: Row<T>; current?: Row<T>; label: string | null },
    metadata: Record<string, unknown> = {},
  ) {
    return {
      ...entry,
      siteId: p.siteId,
      metadata: { [`${parent.entity.name}_id`]: p.id, ...metadata },
      events: change.events,
      readers: impact(p, change),
    }
  }

  return {
    entity,
    parentEntity: parent.entity,
    ofKey,
    async list(ctx: Ctx, parentId: string): Promise<Array<Row<T>>> {
      const p = (await parent.byId(ctx.db, parentId)) ?? notFound(parent.entity)
      return ofKey(ctx.db, p.key)
    },
    /**
     * Create or update per locale (page sections' "one per section per locale (upsert)"): the locale's existing
     * localization is updated with the given fields, else one is created.
     */
    async upsert(ctx: Ctx, parentId: string, body: LocaleChoice & Record<string, unknown>): Promise<{ row: Row<T>; created: boolean }> {
      const p = (await parent.byId(ctx.db, parentId)) ?? notFound(parent.entity)
      const localeId = resolveLocale(await siteLocales(ctx.db, p.siteId), body, '')
      const existing = (await ofKey(ctx.db, p.key)).find((l) => l.locale_id === localeId)
      if (!existing) return { row: await this.create(ctx, parentId, { ...body, locale_id: localeId }), created: true }
      return { row: await this.update(ctx, existing.id, fieldsOf(body)), created: false }
    },
    async create(ctx: Ctx, parentId: string, body: LocaleChoice & Record<string, unknown>): Promise<Row<T>> {
      const now = ctx.clock.now()
      return mutate(ctx, { entity, action: 'Create' }, async (tx) => {
        const p = (await parent.byId(tx, parentId, tx)) ?? notFound(parent.entity)
        const existing = (await ofKey(tx, p.key)).map((l) => l.locale_id)
        const [localeId] = resolveLocales(await siteLocales(tx, p.siteId), [body], existing, () => '')
        const [inserted] = await tx
          .insert(from)
          .values({ ...fieldsOf(body), locale_id: localeId, [keyName]: p.key, created_at: now, updated_at: now } as never)
          .returning()
        const created = inserted as Row<T>
        const entry = { entityId: created.id, after: created }
        return written(p, await parent.changed(tx, p, now, ctx), { ...entry, result: created, label: await labelOf(tx, p, entry) })
      })
    },
    async update(ctx: Ctx, id: string, body: Record<string, unknown>): Promise<Row<T>> {
      const now = ctx.clock.now()
      return mutate(ctx, { entity, action: 'Update' }, async (tx) => {
        const { loc: before, parent: p } = await lockedPair(tx, id)
        const [updated] = await tx
          .update(from)
          .set({ ...fieldsOf(body), updated_at: now })
          .where(eq(table.id, id))
          .returning()
        const after = updated as Row<T>
        const entry = { entityId: id, before, after }
        return written(p, await parent.changed(tx, p, now, ctx), { ...entry, result: after, label: await labelOf(tx, p, entry) })
      })
    },
    async remove(ctx: Ctx, id: string): Promise<void> {
      const now = ctx.clock.now()
      await mutate(ctx, { entity, action: 'Delete' }, async (tx) => {
        const { loc: before, parent: p } = await lockedPair(tx, id)
        await tx.delete(from).where(and(eq(table.id, id)))
        const change = await parent.changed(tx, p, now, ctx)
        const entry = { entityId: id, current: before }
        return written(p, change, { ...entry, result: undefined, label: await labelOf(tx, p, entry) }, { locale_id: before.locale_id })
      })
    },
  }
}

export type Localizations<T extends LocalizationTable, P> = ReturnType<typeof localizations<T, P>>
