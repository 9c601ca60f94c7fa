import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Int, Nullable, PatchBody, Slug, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, CreateBody, SiteIds } from '../../http/records.js'

/** The skill as every route answers it. site_ids: owning site first. */
export const Skill = wireRecord('Skill', {
  content_id: Uuid,
  site_id: Uuid,
  site_ids: Type.Array(Uuid),
  name: Type.String(),
  slug: Type.String(),
  category: Nullable(Type.String()),
  proficiency: Type.Integer({ minimum: 0, maximum: 100 }),
  proficiency_level: Type.Integer({ minimum: 0, maximum: 100, description: 'The same value as proficiency (read-only, for frontends that use this name)' }),
  icon: Nullable(Type.String()),
  display_order: Type.Integer(),
})
export type Skill = Static<typeof Skill>
export const presentSkill = presenter(Skill)

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })
const Text = (max: number) => Nullable(Type.String({ maxLength: max, description: 'Unset: null; send null to clear' }))
const Proficiency = Int({ minimum: 0, maximum: 100, description: '0–100' })
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Ascending; ties by name' })

const fields = { name: Name, slug: Slug, category: Text(200), proficiency: Proficiency, icon: Text(200), display_order: DisplayOrder }

export const CreateSkillBody = CreateBody(fields, ['name'], {
  first: { site_ids: SiteIds },
  description:
    'site_ids: the first is the owning site, the others also carry the skill. slug: derived from name when absent. ' +
    'proficiency: 0 when absent. proficiency_level is read-only (ignored in bodies).',
})
export type CreateSkillBody = Static<typeof CreateSkillBody>

export const UpdateSkillBody = PatchBody(fields)
export type UpdateSkillBody = Static<typeof UpdateSkillBody>

export const SKILLS_PER_PAGE = 25
export const SkillListQuery = PageQuerySchema(SKILLS_PER_PAGE)
export type SkillListQuery = Static<typeof SkillListQuery>

export const SkillBySlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) })
export const SkillBySlugQuery = Type.Object({
  site_id: Type.Optional(
    Type.String({ format: 'uuid', description: 'The site to look in; needed when the slug names different skills in several sites you can read' }),
  ),
})
export type SkillBySlugQuery = Static<typeof SkillBySlugQuery>
