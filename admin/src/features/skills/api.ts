import type { Schemas } from '@atrium-cms/client'
import { resource } from '../../shared/api/resource'

export type Skill = Schemas['Skill']
export type SkillBody = Pick<Schemas['CreateSkillBody'], 'name' | 'slug' | 'category' | 'proficiency' | 'icon'>

export const skillResource = resource({ key: 'skills', list: '/api/v1/sites/{site_id}/skills', item: '/api/v1/skills/{id}', create: '/api/v1/skills' })
