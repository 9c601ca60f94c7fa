import type { AppPlugin } from '../../http/app-types.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource, trimName } from '../../kits/site-resource/rules.js'
import { contentTemplates } from '../../db/schema/content-templates.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import * as q from './templates.queries.js'
import {
  ContentTemplate,
  ContentTemplateListQuery,
  CreateContentTemplateBody,
  TEMPLATE_DATA_MAX_BYTES,
  UpdateContentTemplateBody,
  presentContentTemplate,
} from './templates.schemas.js'
import { TEMPLATE_FIELDS, checkTemplate } from './templates.service.js'

export const contentTemplateEntity = defineEntity({
  name: 'content_template',
  label: 'content template',
  events: crudEvents('content_template'),
  scope: siteOwned(contentTemplates),
})

const blogKeys = [...(TEMPLATE_FIELDS.blog ?? []), 'localizations'].map((k) => `\`${k}\``).join(', ')

/** Content templates: name unique per site (case-insensitive), searchable list by name, bounded free JSON; soft delete. */
export const contentTemplateResource = siteResource({
  entity: contentTemplateEntity,
  table: contentTemplates,
  present: presentContentTemplate,
  order: [contentTemplates.name, contentTemplates.id],
  queryFilters: ['content_type'],
  listFilter: q.searchFilter,
  auditFields: ['name', 'content_type'],
  normalize: trimName,
  check: checkTemplate,
  routes: {
    path: 'content-templates',
    tag: 'Content templates',
    schemas: { item: ContentTemplate, create: CreateContentTemplateBody, update: UpdateContentTemplateBody, listQuery: ContentTemplateListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Editor' },
    createIn: 'path',
    docs: {
      list:
        'Live templates of the site by name. `search`: a case-insensitive substring of the name or the description (served by a trigram index); ' +
        '`content_type` filters by kind.',
      create:
        'The name is trimmed and unique among the live templates of the site, compared case-insensitively (409). `template_data` is a free JSON ' +
        `object (an array or a scalar is a 400) of at most ${TEMPLATE_DATA_MAX_BYTES / 1024} KiB as JSON (413). ` +
        `Creating a blog with \`template_id\` uses these keys of it: ${blogKeys}; other keys are kept but unused.`,
      update: 'Partial update; `template_data` is replaced as a whole.',
      delete: 'Soft delete: the template answers 404 and can no longer be used; its name is free again.',
    },
  },
})

export const contentTemplateRoutes: AppPlugin = async (app) => {
  resourceRoutes(app, contentTemplateResource)
}
