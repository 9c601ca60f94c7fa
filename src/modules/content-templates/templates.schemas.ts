import { Type, type Static } from 'typebox'
import { CONTENT_TYPES } from '../../db/schema/content.js'
import { PageQuerySchema } from '../../http/pagination.js'
import { Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, CreateBody } from '../../http/records.js'

/** Largest template_data, as compact JSON (UTF-8 bytes); more is a 413. */
export const TEMPLATE_DATA_MAX_BYTES = 256 * 1024

const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: 'Unique in the site among live templates, compared case-insensitively (409)',
})
const Description = Nullable(Type.String({ maxLength: 2000, description: 'Unset: null; send null to clear' }))
const ContentTypeSchema = Type.Enum(CONTENT_TYPES, { description: 'The kind of content the template starts: blog or page' })
const TemplateData = Type.Record(Type.String(), Type.Unknown(), {
  description: `Free JSON object (not an array or a scalar: 400), at most ${TEMPLATE_DATA_MAX_BYTES / 1024} KiB as JSON (413). Keys used when creating content from the template: see POST /blogs \`template_id\`.`,
})

export const ContentTemplate = wireRecord('ContentTemplate', {
  site_id: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  content_type: ContentTypeSchema,
  template_data: Type.Record(Type.String(), Type.Unknown()),
})
export type ContentTemplate = Static<typeof ContentTemplate>
export const presentContentTemplate = presenter(ContentTemplate)

const fields = { name: Name, description: Description, content_type: ContentTypeSchema, template_data: TemplateData }
export const CreateContentTemplateBody = CreateBody(fields, ['name', 'content_type', 'template_data'])
export const UpdateContentTemplateBody = PatchBody(fields)

export const ContentTemplateListQuery = PageQuerySchema(10, {
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive substring of the name or the description' })),
  content_type: Type.Optional(ContentTypeSchema),
})
export type ContentTemplateListQuery = Static<typeof ContentTemplateListQuery>
