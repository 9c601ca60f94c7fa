import { Type, type TObjectOptions, type TOptional, type TProperties, type TString } from 'typebox'
import { Body, Timestamp, Uuid, type BodyOptions } from './schemas.js'

/*
 * Builders of the wire records and bodies the modules repeat (docs/architecture.md, "Wire records"). They keep the
 * property order of a hand-written Type.Object, so the OpenAPI document and the Static types are the same either way.
 */

/** A stored record as every route answers it: `id` first, its own fields, then `created_at` and `updated_at`; `$id` names it. */
export function wireRecord<T extends TProperties>(name: string, fields: T, options: TObjectOptions = {}) {
  return Type.Object({ id: Uuid, ...fields, created_at: Timestamp, updated_at: Timestamp }, { $id: name, ...options })
}

/** The fields of a localization record: the localized record's id (named by `parent`) and `locale_id` before its own. */
export function localizationFields<K extends string, T extends TProperties>(parent: K, fields: T) {
  return { [parent]: Uuid, locale_id: Uuid, ...fields } as { [P in K]: TString } & { locale_id: TString } & T
}

/** A localization record with timestamps: `id`, the localized record's id (`parent`), `locale_id`, the fields, the timestamps. */
export function localizationRecord<K extends string, T extends TProperties>(name: string, parent: K, fields: T, options: TObjectOptions = {}) {
  return wireRecord(name, localizationFields(parent, fields), options)
}

type CreateProps<T extends TProperties, R extends keyof T> = { [P in R]: T[P] } & { [P in Exclude<keyof T, R>]: TOptional<T[P]> }

/**
 * The create body of a record whose update body is PatchBody(fields): the same fields in the same order, those named
 * in `required` required and the others optional; `first` goes before them (e.g. the `site_ids` of shared content).
 */
export function CreateBody<T extends TProperties, const R extends keyof T & string, F extends TProperties = Record<never, never>>(
  fields: T,
  required: readonly R[],
  options: (BodyOptions & { first?: F }) | string = {},
) {
  const { first, ...bodyOptions } = typeof options === 'string' ? { description: options, first: undefined } : options
  const props: TProperties = { ...first }
  for (const [k, schema] of Object.entries(fields)) props[k] = (required as readonly string[]).includes(k) ? schema : Type.Optional(schema)
  return Body(props as F & CreateProps<T, R>, bodyOptions)
}

/** `site_ids` of a create body of shared content (blogs, pages, skills, CV entries): the sites that carry it, the owning site first. */
export const SiteIds = Type.Array(Uuid, { minItems: 1, maxItems: 50, uniqueItems: true, description: 'The first is the owning site' })
