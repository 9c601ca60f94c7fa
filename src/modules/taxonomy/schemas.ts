import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, Int, Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, CreateBody } from '../../http/records.js'

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name (not blank)' })
const Description = Nullable(Type.String({ maxLength: 5000 }))
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Ascending sort key among siblings' })
const SlugInput = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  description: 'Lowercase letters, digits and single hyphens; unique among the live records of the site (409 otherwise)',
})

export const Tag = wireRecord('Tag', { site_id: Uuid, name: Type.String(), slug: Type.String() })
export type Tag = Static<typeof Tag>

export const Category = wireRecord('Category', {
  site_id: Uuid,
  parent_id: Nullable(Uuid),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  display_order: Type.Integer(),
})
export type Category = Static<typeof Category>

export const ContentCategory = Type.Object({ ...Category.properties, is_primary: Type.Boolean() }, { $id: 'ContentCategory' })
export type ContentCategory = Static<typeof ContentCategory>

export const CategoryBlogCount = Type.Object(
  { id: Uuid, parent_id: Nullable(Uuid), name: Type.String(), slug: Type.String(), blog_count: Type.Integer({ minimum: 0 }) },
  { $id: 'CategoryBlogCount' },
)
export type CategoryBlogCount = Static<typeof CategoryBlogCount>

export const TagListQuery = PageQuerySchema(10)
export type TagListQuery = Static<typeof TagListQuery>
export const CategoryListQuery = PageQuerySchema(10)
export type CategoryListQuery = Static<typeof CategoryListQuery>

export const TagBySlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) })
export const TagBySlugQuery = Type.Object({
  site_id: Type.Optional(Type.String({ format: 'uuid', description: 'The site to look in; needed when the slug exists in several sites you can read' })),
})
export type TagBySlugQuery = Static<typeof TagBySlugQuery>

export const ContentParams = Type.Object({ content_id: Uuid })
export const ParentParams = Type.Object({ parent_id: Uuid })

const tagFields = { name: Name, slug: SlugInput }
export const CreateTagBody = CreateBody(tagFields, ['name'], { first: { site_id: Uuid } })
export type CreateTagBody = Static<typeof CreateTagBody>

export const UpdateTagBody = PatchBody(tagFields)
export type UpdateTagBody = Static<typeof UpdateTagBody>

const categoryFields = { name: Name, slug: SlugInput, parent_id: Nullable(Uuid), description: Description, display_order: DisplayOrder }
export const CreateCategoryBody = CreateBody(categoryFields, ['name'], { first: { site_id: Uuid } })
export type CreateCategoryBody = Static<typeof CreateCategoryBody>

export const UpdateCategoryBody = PatchBody(categoryFields)
export type UpdateCategoryBody = Static<typeof UpdateCategoryBody>

export const AssignTagBody = Body({ tag_id: Uuid })
export type AssignTagBody = Static<typeof AssignTagBody>

export const AssignCategoryBody = Body({
  category_id: Uuid,
  is_primary: Type.Optional(Type.Boolean({ default: false, description: 'true makes it the primary category and clears the previous primary' })),
})
export type AssignCategoryBody = Static<typeof AssignCategoryBody>

export const presentTag = presenter(Tag)
export const presentCategory = presenter(Category)

export const MergeTermBody = Body(
  { into_id: Type.String({ format: 'uuid', description: 'The live tag or category (same kind, same site, not the merged one) that takes over' }) },
  { name: 'MergeTermBody', examples: [{ into_id: '0b6f3a55-1f0e-4c1b-9f0e-2d6c8e4a7b10' }] },
)
export type MergeTermBody = Static<typeof MergeTermBody>
