import { Type, type Static } from 'typebox'
import { KEY_STATUSES, PERMISSIONS } from '../../db/schema/api-keys.js'
import { LimitOffsetPage, LimitOffsetQuerySchema, PageQuerySchema } from '../../http/pagination.js'
import { Body, Int, Nullable, NullableTimestamp, PatchBody, Timestamp, Uuid } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

export const PermissionSchema = Type.Enum(PERMISSIONS)
export const KeyStatusSchema = Type.Enum(KEY_STATUSES)

export const ApiKey = wireRecord('ApiKey', {
  key_prefix: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  permission: PermissionSchema,
  site_id: Nullable(Uuid),
  status: KeyStatusSchema,
  block_reason: Nullable(Type.String()),
  rate_limit_per_minute: Type.Integer(),
  expires_at: NullableTimestamp,
  last_used_at: NullableTimestamp,
})
export type ApiKey = Static<typeof ApiKey>

const { block_reason: _reason, last_used_at: _used, updated_at: _updated, ...createdFields } = ApiKey.properties
export const CreatedApiKey = Type.Object(
  { ...createdFields, key: Type.String({ description: 'Plaintext key: shown once, in this response only' }) },
  { $id: 'CreatedApiKey', description: 'A new API key with its plaintext `key`, shown only in this response' },
)
export type CreatedApiKey = Static<typeof CreatedApiKey>

const Name = Type.String({ minLength: 1, maxLength: 200 })
const Description = Nullable(Type.String({ maxLength: 2000 }))
const RateLimit = Int({ minimum: 1, maximum: 1_000_000 })

export const CreateApiKeyBody = Body({
  name: Name,
  description: Type.Optional(Description),
  permission: PermissionSchema,
  site_id: Type.Optional(Nullable(Uuid)),
  rate_limit_per_minute: Type.Optional(RateLimit),
  expires_at: Type.Optional(Nullable(Timestamp)),
})
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>

export const UpdateApiKeyBody = PatchBody({
  name: Name,
  description: Description,
  rate_limit_per_minute: RateLimit,
  expires_at: Nullable(Timestamp),
})
export type UpdateApiKeyBody = Static<typeof UpdateApiKeyBody>

export const BlockBody = Body({ reason: Type.Optional(Type.String({ maxLength: 500 })) })
export type BlockBody = Static<typeof BlockBody>

export const ListApiKeysQuery = PageQuerySchema(10, {
  status: Type.Optional(KeyStatusSchema),
  permission: Type.Optional(PermissionSchema),
  site_id: Type.Optional(Uuid),
})
export type ListApiKeysQuery = Static<typeof ListApiKeysQuery>

export const UsageQuery = LimitOffsetQuerySchema(50, 500)
export type UsageQuery = Static<typeof UsageQuery>

export const UsageRecord = Type.Object(
  {
    id: Uuid,
    method: Type.String(),
    path: Type.String(),
    status_code: Type.Integer(),
    ip_hash: Type.String({
      description:
        'SHA-256 of the client address with a salt of the serving instance that changes every UTC midnight: requests from one address can be told apart within a day, not followed across days, and never turned back into the address.',
    }),
    created_at: Timestamp,
  },
  { $id: 'ApiKeyUsage' },
)
export const UsagePage = LimitOffsetPage(UsageRecord)

export const UsageDailyQuery = Type.Object({
  days: Type.Integer({ minimum: 1, maximum: 400, default: 30, description: 'UTC days in the answer, ending today' }),
})
export type UsageDailyQuery = Static<typeof UsageDailyQuery>

const Requests = Type.Integer({ minimum: 0 })
export const UsageDay = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'The UTC day' }),
    total: Requests,
    by_status: Type.Object({ '2xx': Requests, '3xx': Requests, '4xx': Requests, '5xx': Requests }, { description: 'Requests by status class' }),
  },
  { $id: 'ApiKeyUsageDay' },
)
export type UsageDay = Static<typeof UsageDay>
export const UsageDays = Type.Array(UsageDay, { $id: 'ApiKeyUsageDayList' })
