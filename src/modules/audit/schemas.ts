import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, Nullable, Timestamp, Uuid } from '../../http/schemas.js'

const EntityType = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '^[a-z][a-z0-9_]*$',
  description: 'Audit entity name, e.g. blog, page, site, social_link',
})

export const AuditLogEntry = Type.Object(
  {
    id: Uuid,
    site_id: Nullable(Uuid),
    user_id: Type.Union([Uuid, Type.Null()], { description: 'The acting user (JWT callers); null for API keys and for the service itself' }),
    api_key_id: Type.Union([Uuid, Type.Null()], { description: 'The acting API key; null for users and for the service itself' }),
    action: Type.String({ description: 'Create, Update, Delete, Review, Revert, Publish, Block, …' }),
    entity_type: Type.String(),
    entity_id: Nullable(Uuid),
    record_label: Type.Union([Type.String(), Type.Null()], {
      description:
        "The record's title, name, slug or route when the entry was written (a webhook: its description or host; a member: their name); null when it has none",
    }),
    metadata: Type.Unknown({ description: 'An object, or null' }),
    created_at: Timestamp,
  },
  { $id: 'AuditLogEntry' },
)
export type AuditLogEntry = Static<typeof AuditLogEntry>

export const ChangeHistoryEntry = Type.Object(
  {
    id: Uuid,
    site_id: Nullable(Uuid),
    entity_type: Type.String(),
    entity_id: Uuid,
    field_name: Type.String(),
    old_value: Type.Unknown({ description: 'Any JSON value (null included)' }),
    new_value: Type.Unknown({ description: 'Any JSON value (null included)' }),
    changed_by: Type.Union([Uuid, Type.Null()], { description: 'The acting user (JWT callers); null for API keys and for the service itself' }),
    api_key_id: Type.Union([Uuid, Type.Null()], { description: 'The acting API key; null for users and for the service itself' }),
    changed_at: Timestamp,
  },
  { $id: 'ChangeHistoryEntry' },
)
export type ChangeHistoryEntry = Static<typeof ChangeHistoryEntry>

export const AuditEntries = Type.Array(AuditLogEntry, { $id: 'AuditLogEntryList' })
export const ChangeHistoryEntries = Type.Array(ChangeHistoryEntry, { $id: 'ChangeHistoryEntryList' })

export const AuditListQuery = PageQuerySchema(10, {
  entity_type: Type.Optional(EntityType),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z]+$', description: 'e.g. Create, Update, Delete, Revert' })),
  user_id: Type.Optional(Type.String({ format: 'uuid', description: 'Entries of this acting user' })),
  api_key_id: Type.Optional(Type.String({ format: 'uuid', description: 'Entries of this acting API key' })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Entries at or after this instant' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Entries before this instant' })),
})
export type AuditListQuery = Static<typeof AuditListQuery>

export const EntityParams = Type.Object({ entity_type: EntityType, entity_id: Uuid })
export type EntityParams = Static<typeof EntityParams>

export const RevertBody = Body({
  change_ids: Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true, description: 'Change-history ids, all of one entity' }),
})
export type RevertBody = Static<typeof RevertBody>

export const RevertResult = Type.Object({ entity_type: Type.String(), entity_id: Uuid, fields_reverted: Type.Array(Type.String()) }, { $id: 'RevertResult' })
export type RevertResult = Static<typeof RevertResult>
