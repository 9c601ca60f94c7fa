import { Type, type Static } from 'typebox'
import { CONTENT_STATUSES } from '../db/schema/content.js'
import { Body, Uuid } from './schemas.js'

/* Wire schemas of the content workflow every content kind shares (kits/content-workflow/rules.ts): status, review, bulk. */

export const ContentStatusSchema = Type.Enum(CONTENT_STATUSES, { description: 'Draft, InReview, Published or Scheduled' })

export const REVIEW_ACTIONS = ['Approve', 'RequestChanges'] as const

/** POST /<kind>s/{id}/review body; `noun` names the kind in the descriptions. */
export function reviewBody(noun: string) {
  return Body(
    {
      action: Type.Enum(REVIEW_ACTIONS, {
        description: 'Approve: Published, or Scheduled when publish_start is in the future. RequestChanges: back to Draft.',
      }),
      comment: Type.Optional(Type.String({ maxLength: 2000, description: `Passed to the author's notification and the ${noun}.reviewed event` })),
    },
    `Only a ${noun} InReview can be reviewed (409 INVALID_STATE otherwise).`,
  )
}
export type ReviewBody = Static<ReturnType<typeof reviewBody>>

export const BULK_ACTIONS = ['UpdateStatus', 'Delete'] as const
export const BULK_MAX_IDS = 100

/** POST /sites/{site_id}/<kind>s/bulk body. */
export const BulkBody = Body(
  {
    action: Type.Enum(BULK_ACTIONS),
    ids: Type.Array(Uuid, { minItems: 1, maxItems: BULK_MAX_IDS }),
    status: Type.Optional(ContentStatusSchema),
  },
  {
    name: 'BulkBody',
    examples: [{ action: 'UpdateStatus', ids: ['0b6f3a55-1f0e-4c1b-9f0e-2d6c8e4a7b10', '5d2c9e8a-3b7f-4e21-8c4d-9a1b2c3d4e5f'], status: 'Published' }],
  },
)
export type BulkBody = Static<typeof BulkBody>

/** The bulk answer; `name` gives the component its name (`BlogBulkResult`, `PageBulkResult`). */
export function bulkResult<N extends string>(name: N) {
  return Type.Object(
    {
      total: Type.Integer(),
      succeeded: Type.Integer(),
      failed: Type.Integer(),
      results: Type.Array(Type.Object({ id: Type.String(), success: Type.Boolean(), error: Type.Optional(Type.String()) })),
    },
    { $id: `${name}BulkResult` },
  )
}
export type BulkResult = Static<ReturnType<typeof bulkResult>>
