import { Type, type Static, type TNumberOptions, type TObject, type TOptional, type TProperties, type TSchema } from 'typebox'

/** Shared wire-format schemas. Bodies use Body(), which rejects nothing unknown but strips it (see README). */
export const Uuid = Type.String({ format: 'uuid' })
/** ISO 8601 in UTC; handlers may return Date objects, the serializer writes toISOString(). */
export const Timestamp = Type.Unsafe<string | Date>(Type.String({ format: 'date-time' }))
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()])
export const DateOnly = Type.String({ format: 'date' })
/**
 * An integer of a request body, query or path: within ±Number.MAX_SAFE_INTEGER unless the options say tighter.
 * ajv reads JSON numbers as doubles, so 9007199254740993 arrives as …992: without the bound it would be stored as
 * a number the client never sent; with it, it is a 400. test/contract/integer-bounds.test.ts walks every route.
 */
export const Int = (opts: TNumberOptions = {}) => Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...opts })
/** The schema keyword that marks a field naming media (an OpenAPI extension, so the document says it too). */
export const MEDIA_REF = 'x-media-ref'
/**
 * A body field that names a media record: a live media record the record's owning site may use (its own, or a
 * global one), else 400 naming the field. Checked centrally for every route whose body has one (http/media-refs.ts).
 */
export const MediaRef = (description = 'A live media record of the owning site, or a global one (400 otherwise)') =>
  Type.String({ format: 'uuid', description, [MEDIA_REF]: true })
export const Slug = Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' })

export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() })

/**
 * Every problem `code` the service answers: the Problem schema's enum, so generated clients
 * can switch on it. test/contract/openapi.test.ts checks it against the factories in http/errors.ts and every code the
 * source raises; a new code goes here first.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'AI_MODULE_DISABLED',
  'ANALYTICS_DISABLED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'INVALID_STATE',
  'EDIT_CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'PROVIDER_RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'BAD_REQUEST',
  'AI_NOT_CONFIGURED',
  'INTERNAL',
  'PROVIDER_ERROR',
  'SERVICE_UNAVAILABLE',
  'ENCRYPTION_KEY_MISMATCH',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const Problem = Type.Object(
  {
    type: Type.String({ description: 'A URN naming the problem type: `urn:atrium:problem:<code in kebab-case>`' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.Enum(ERROR_CODES, { description: 'Stable identifier of the problem; switch on this, not on `title` or `detail`' }),
    errors: Type.Optional(Type.Array(FieldErrorSchema, { description: 'The fields that failed validation (400 VALIDATION_FAILED)' })),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
)

export const IdParams = Type.Object({ id: Uuid })
export type IdParams = Static<typeof IdParams>
export const SiteParams = Type.Object({ site_id: Uuid })
export type SiteParams = Static<typeof SiteParams>
export const NoContent = Type.Null({ description: 'No content' })

/**
 * Annotation naming a request body's OpenAPI component. Without it the component is named after the route's
 * operationId (`createBlog` → `CreateBlogBody`, http/openapi.ts); a body several routes share names itself once
 * (`ReorderBody`). Not `$id`: bodies are compiled by one shared Ajv, where an `$id` must be globally unique.
 */
export const COMPONENT_NAME = 'x-component-name'

export interface BodyOptions {
  description?: string
  /** The OpenAPI component name, for a body shared by several routes (see COMPONENT_NAME). */
  name?: string
  /** Example bodies for the docs (the first is shown); without one, an example is generated from the schema. */
  examples?: readonly unknown[]
}

const bodyAnnotations = (o: BodyOptions | string | undefined) => {
  const { description, name, examples } = typeof o === 'string' ? { description: o } : (o ?? {})
  return { ...(description ? { description } : {}), ...(name ? { [COMPONENT_NAME]: name } : {}), ...(examples ? { examples: [...examples] } : {}) }
}

/** A JSON request body; unknown properties are removed before the handler sees them. */
export function Body<T extends TProperties>(props: T, options?: string | BodyOptions) {
  return Type.Object(props, { additionalProperties: false, ...bodyAnnotations(options) })
}

/** Partial update body: every property optional, at least one required. */
export function PatchBody<T extends TProperties>(props: T, options?: BodyOptions) {
  // anyOf/required rather than minProperties: unknown properties are stripped, and must not count as "a field".
  return Type.Partial(Type.Object(props), {
    additionalProperties: false,
    anyOf: Object.keys(props).map((k) => ({ required: [k] })),
    ...bodyAnnotations(options),
  })
}

export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()])

const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/

/**
 * The operationId and summary of a route, spread into its schema: `schema: { ...op('getBlog', 'Get a blog'), tags, … }`.
 * operationId: camelCase, unique in the API (verb + noun: listSiteBlogs, getBlog, createApiKey); it names the
 * method in generated clients. summary: a short phrase for the docs' operation list.
 */
export function op(operationId: string, summary: string): { operationId: string; summary: string } {
  if (!OPERATION_ID.test(operationId)) throw new Error(`operationId "${operationId}" is not camelCase`)
  if (summary.trim() === '') throw new Error(`operationId "${operationId}" needs a summary`)
  return { operationId, summary }
}

/**
 * The wire form of a row for an object schema: exactly the schema's properties, so a column added to the table
 * never leaks into answers, events or change history until the schema names it.
 */
export function presenter<S extends TObject>(schema: S): <R extends Static<S>>(row: R) => Static<S> {
  const keys = Object.keys(schema.properties)
  return (row) => Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]])) as Static<S>
}

/**
 * Create body of a localization: its locale named by `locale_id` or by code (`locale`), plus the localized fields
 * (each optional). One of the two is needed (kits/localizations/rules.ts resolveLocale: 400 on `locale_id` without
 * either); `locale_id` wins when both are sent.
 */
export function LocalizationBody<T extends TProperties>(fields: T, options?: BodyOptions) {
  return Type.Object(
    {
      locale_id: Type.Optional(Type.String({ format: 'uuid', description: "A locale of the record's owning site" })),
      locale: Type.Optional(Type.String({ minLength: 1, maxLength: 35, description: 'The locale by code instead of locale_id, e.g. "de"', examples: ['de'] })),
      ...(Type.Partial(Type.Object(fields)).properties as { [K in keyof T]: TOptional<T[K]> }),
    },
    {
      additionalProperties: false,
      ...bodyAnnotations({ description: 'Name the locale by `locale_id` or by code in `locale` (one of them is required).', ...options }),
    },
  )
}

const ReorderItemSchema = Type.Object({ id: Uuid, display_order: Int({ minimum: -1_000_000, maximum: 1_000_000 }) }, { additionalProperties: false })
/** Body of a flat list's reorder: every named item once, all of the one list; all or nothing (kits/reorder/rules.ts). */
export const ReorderBody = Body({ items: Type.Array(ReorderItemSchema, { minItems: 1, maxItems: 1000 }) }, { name: 'ReorderBody' })
/** Body of a tree's reorder: like ReorderBody, and each item may move under another item of the tree (or to the root with null). */
export const TreeReorderBody = Body(
  {
    items: Type.Array(Type.Object({ ...ReorderItemSchema.properties, parent_id: Type.Optional(Nullable(Uuid)) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 1000,
    }),
  },
  { name: 'TreeReorderBody' },
)
export type ReorderBody = Static<typeof ReorderBody>
