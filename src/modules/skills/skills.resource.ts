import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { contentItem } from '../../core/scopes.js'
import { sharedResource, type SharedValues } from '../../kits/shared-resource/rules.js'
import { skills } from '../../db/schema/skills.js'
import { Skill, presentSkill } from './schemas.js'

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
})
