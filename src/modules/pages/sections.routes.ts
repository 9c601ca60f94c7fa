import { Type } from 'typebox'
import type { Api, AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record } from '../../http/access.js'
import { sendRaw } from '../../http/raw.js'
import { childListRoutes, childRecordRoutes, type ChildRoutesSpec } from '../../kits/site-resource/children.js'
import { IdParams, NoContent } from '../../http/schemas.js'
import { pageEntity } from './entity.js'
import {
  CreateSectionBody,
  PageIdParams,
  PageSection,
  PageSectionLocalization,
  SectionIdParams,
  SectionLocalizationBody,
  UpdateSectionBody,
} from './schemas.js'
import * as pages from './service.js'
import { createSection, pageSectionEntity, pageSectionLocalizationEntity, removeSection, sectionLocalizationKit, updateSection } from './sections.service.js'
const PAGE_CHANGE = 'A change of the page: fires page.updated with the page and refreshes its cached answers.'

/** A page's sections: records under a parent (site-resource kit, children.ts). */
const sections: ChildRoutesSpec = {
  tag: 'Pages',
  name: 'PageSection',
  parent: { entity: pageEntity, path: 'pages', param: 'page_id', segment: 'sections', params: PageIdParams },
  path: 'pages/sections',
  entity: pageSectionEntity,
  need: { read: 'Read', write: 'Author', delete: 'Editor' },
  schemas: { item: PageSection, create: CreateSectionBody, update: UpdateSectionBody },
  summaries: { list: 'List the sections of a page', create: 'Add a section to a page', update: 'Update a page section', delete: 'Delete a page section' },
  docs: {
    list: 'By display_order. Cached like the page.',
    create: `display_order defaults to after the last section; settings is a free JSON object (at most 64 KiB). ${PAGE_CHANGE}`,
    update: `Partial update; the page cannot change. ${PAGE_CHANGE}`,
    delete: `Deletes the section and its localizations. ${PAGE_CHANGE}`,
  },
  ops: { list: pages.sections, create: createSection, update: updateSection, remove: removeSection },
}

const route = operations('Pages', {
  listPageSectionLocalizations: [
    'List the localizations of every section of a page',
    'Sections in display_order, each default locale first, then by code; `page_section_id` names the section. Cached like the page.',
  ],
  listPageSectionLocalizationsOfSection: ['List the localizations of a page section', 'Default locale first, then by code.'],
  upsertPageSectionLocalization: [
    'Create or update the localization of a page section for a locale',
    'One per locale of the page\'s owning site, named by `locale_id` or by code (`"locale": "de"`; another site\'s locale is a 400). ' +
      `The locale's localization is updated with the given fields (200), or created (201). ${PAGE_CHANGE}`,
  ],
  deletePageSectionLocalization: ['Delete a page section localization', PAGE_CHANGE],
})

function sectionRoutes(app: Api): void {
  childListRoutes(app, sections)

  app.get(
    '/pages/:page_id/sections/localizations',
    route('listPageSectionLocalizations', {
      access: record(pageEntity, 'Read', 'page_id'),
      params: PageIdParams,
      response: { 200: Type.Array(PageSectionLocalization) },
    }),
    async (req, reply) => sendRaw(reply, await pages.sectionLocalizations(req.ctx, req.params.page_id, req.recordScope)),
  )

  childRecordRoutes(app, sections)
}

function localizationRoutes(app: Api): void {
  app.get(
    '/pages/sections/:section_id/localizations',
    route('listPageSectionLocalizationsOfSection', {
      access: record(pageSectionEntity, 'Read', 'section_id'),
      params: SectionIdParams,
      response: { 200: Type.Array(PageSectionLocalization) },
    }),
    (req) => sectionLocalizationKit.list(req.ctx, req.params.section_id),
  )

  app.put(
    '/pages/sections/:section_id/localizations',
    route('upsertPageSectionLocalization', {
      access: record(pageSectionEntity, 'Author', 'section_id'),
      params: SectionIdParams,
      body: SectionLocalizationBody,
      response: { 200: PageSectionLocalization, 201: PageSectionLocalization },
    }),
    async (req, reply) => {
      const { row, created } = await sectionLocalizationKit.upsert(req.ctx, req.params.section_id, req.body)
      return reply.code(created ? 201 : 200).send(row)
    },
  )

  app.delete(
    '/pages/sections/localizations/:id',
    route('deletePageSectionLocalization', { access: record(pageSectionLocalizationEntity, 'Editor'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await sectionLocalizationKit.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

export const pageSectionRoutes: AppPlugin = async (app) => {
  sectionRoutes(app)
  localizationRoutes(app)
}
