import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { contentItem } from '../../core/scopes.js'
import type { AppPlugin } from '../../http/app-types.js'
import { sharedResource, type SharedValues } from '../../kits/shared-resource/rules.js'
import { sharedResourceRoutes } from '../../kits/shared-resource/routes.js'
import { skills } from '../../db/schema/skills.js'
import { CreateSkillBody, SKILLS_PER_PAGE, Skill, SkillBySlugParams, SkillBySlugQuery, SkillListQuery, UpdateSkillBody, presentSkill } from './schemas.js'

/** A skill: shared content (core/content.ts), readable through every carrying site, written on the owning one. */
export const skillEntity = defineEntity({
  name: 'skill',
  events: crudEvents('skill'),
  scope: contentItem(skills),
  // Deleting a skill bumps its record version (kits/shared-resource/rules.ts), and site_ids never change: the scope can be remembered.
  scopeHandle: (id) => `skill:${id}`,
})

/** Names are stored trimmed; proficiency_level is read-only (the body schema strips it). */
function prepare(values: SharedValues): SharedValues {
  return typeof values.name === 'string' ? { ...values, name: values.name.trim() } : values
}

/** Skills: ordered by display_order, then name; slug unique per carrying site among live skills, derived from the name. */
export const skillResource = sharedResource({
  entity: skillEntity,
  type: 'skill',
  table: skills,
  item: Skill,
  present: (row, siteIds) => presentSkill({ ...row, site_ids: siteIds, proficiency_level: row.proficiency }),
  derived: ['proficiency_level'],
  order: [
    [skills.display_order, 'asc'],
    [skills.name, 'asc'],
    [skills.id, 'asc'],
  ],
  slugFrom: 'name',
  prepare,
  auditFields: ['name', 'slug'],
  cache: 'skills',
  routes: {
    path: 'skills',
    tag: 'Skills',
    schemas: { create: CreateSkillBody, update: UpdateSkillBody, listQuery: SkillListQuery },
    bySlug: {
      params: SkillBySlugParams,
      query: SkillBySlugQuery,
      doc:
        'With `site_id`: the skill with this slug among those the site carries (Read on it); cached. Without: looked up among the sites ' +
        'the caller can read (as GET /tags/by-slug/{slug}); 404 when none carries it, 400 (field `site_id`) when the slug names ' +
        'different skills in several of them.',
    },
    docs: {
      list: `Live skills the site carries (owned or shared with it), by display_order, then name. per_page defaults to ${SKILLS_PER_PAGE}. Cached; every write to a skill the site carries refreshes it before the write answers.`,
      get: 'Readable through any site carrying it.',
      create:
        'Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ' +
        'slug is derived from name when absent; 409 when a live skill of a carrying site uses it.',
      update:
        'Partial update on the owning site (a caller reading it through another carrying site gets 403). site_ids cannot change; ' +
        'renaming keeps the slug unless a new one is given (409 when taken in a carrying site).',
      delete: 'Soft delete on the owning site: the skill answers 404 and leaves every list; its slug is free again.',
    },
  },
})

export const skillRoutes: AppPlugin = async (app) => {
  sharedResourceRoutes(app, skillResource)
}
