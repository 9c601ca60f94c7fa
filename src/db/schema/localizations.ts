import { type AnyPgColumn, index, pgTable, type PgColumnBuilderBase, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, ownedBy, timestamps } from './columns.js'
import { localeId } from './sites.js'

/**
 * A localization table (kits/localizations): one row per record and locale of the record's site, with the texts that
 * differ by language. `owner` is the record's column (deleted with it); the unique index on (owner, locale) is
 * `<name>_<owner.key>_locale_uq` and locale deletes find their rows through `<name>_locale_idx`.
 */
export function localizationTable<TName extends string, TOwner extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  owner: { column: TOwner; references: () => AnyPgColumn; key: string },
  columns: TColumns,
) {
  const ownerColumn = { [owner.column]: ownedBy(owner.column, owner.references) } as Record<TOwner, ReturnType<typeof ownedBy<TOwner>>>
  return pgTable(name, { id: id(), ...ownerColumn, locale_id: localeId(), ...columns, ...timestamps() }, (t) => [
    uniqueIndex(`${name}_${owner.key}_locale_uq`).on((t as unknown as Record<TOwner, AnyPgColumn>)[owner.column], t.locale_id),
    index(`${name}_locale_idx`).on(t.locale_id),
  ])
}
