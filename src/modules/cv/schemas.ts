import { Type, type Static } from 'typebox'
import { CV_ENTRY_TYPES } from '../../db/schema/skills.js'
import { PageQuerySchema } from '../../http/pagination.js'
import { DateOnly, Int, Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, CreateBody, SiteIds } from '../../http/records.js'

export const CvEntryTypeSchema = Type.Enum(CV_ENTRY_TYPES, { description: 'work, education, volunteer, certification or project' })

/** The CV entry as every route answers it. site_ids: owning site first. */
export const CvEntry = wireRecord('CvEntry', {
  content_id: Uuid,
  site_id: Uuid,
  site_ids: Type.Array(Uuid),
  entry_type: CvEntryTypeSchema,
  title: Type.String(),
  organization: Nullable(Type.String()),
  organization_url: Nullable(Type.String()),
  location: Nullable(Type.String()),
  description: Nullable(Type.String({ description: 'Markdown' })),
  start_date: DateOnly,
  end_date: Nullable(DateOnly),
  is_current: Type.Boolean(),
  display_order: Type.Integer(),
  company: Nullable(Type.String({ description: 'The same value as organization (read alias)' })),
  company_url: Nullable(Type.String({ description: 'The same value as organization_url (read alias)' })),
})
export type CvEntry = Static<typeof CvEntry>
export const presentCvEntry = presenter(CvEntry)

const Title = Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' })
const Text = (max: number) => Nullable(Type.String({ maxLength: max, description: 'Unset: null; send null to clear' }))
const HttpUrl = Nullable(Type.String({ maxLength: 2000, pattern: '^https?://[^\\s/?#]+[^\\s]*$', description: 'An absolute http(s) URL, or null' }))
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Tie-breaker after is_current and start_date' })
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD, a real calendar date' })

const fields = {
  entry_type: CvEntryTypeSchema,
  title: Title,
  organization: Text(300),
  organization_url: HttpUrl,
  company: Text(300),
  company_url: HttpUrl,
  location: Text(300),
  description: Nullable(Type.String({ maxLength: 100_000, description: 'Markdown' })),
  start_date: Day,
  end_date: Nullable(Day),
  is_current: Type.Boolean(),
  display_order: DisplayOrder,
}

export const CreateCvEntryBody = CreateBody(fields, ['entry_type', 'title', 'start_date'], {
  first: { site_ids: SiteIds },
  description:
    'site_ids: the first is the owning site, the others also carry the entry. company/company_url are accepted as aliases of ' +
    'organization/organization_url (400 when both are sent with different values). end_date is not before start_date; ' +
    'an is_current entry has no end_date (400 when both are sent).',
})
export type CreateCvEntryBody = Static<typeof CreateCvEntryBody>

export const UpdateCvEntryBody = PatchBody(fields)
export type UpdateCvEntryBody = Static<typeof UpdateCvEntryBody>

export const CvListQuery = PageQuerySchema(10, { entry_type: Type.Optional(CvEntryTypeSchema) })
export type CvListQuery = Static<typeof CvListQuery>
