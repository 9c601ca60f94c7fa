import { Type } from 'typebox'
import type { Api, AppPlugin } from '../../http/app-types.js'
import { record } from '../../http/access.js'
import { sendRaw } from '../../http/raw.js'
import { childListRoutes, childRecordRoutes, type ChildRoutesSpec } from '../../kits/site-resource/children.js'
import { IdParams, NoContent, op } from '../../http/schemas.js'
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

const tags = ['Pages']
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

function sectionRoutes(app: Api): void {
  childListRoutes(app, sections)

  app.get(
    '/pages/:page_id/sections/localizations',
    {
      config: { access: record(pageEntity, 'Read', 'page_id') },
      schema: {
        ...op('listPageSectionLocalizations', 'List the localizations of every section of a page'),
        tags,
        description: 'Sections in display_order, each default locale first, then by code; `page_section_id` names the section. Cached like the page.',
        params: PageIdParams,
        response: { 200: Type.Array(PageSectionLocalization) },
      },
    },
    async (req, reply) => sendRaw(reply, await pages.sectionLocalizations(req.ctx, req.params.page_id, req.recordScope)),
  )

  childRecordRoutes(app, sections)
}

function localizationRoutes(app: Api): void {
  app.get(
    '/pages/sections/:section_id/localizations',
    {
      config: { access: record(pageSectionEntity, 'Read', 'section_id') },
      schema: {
        ...op('listPageSectionLocalizationsOfSection', 'List the localizations of a page section'),
        tags,
        description: 'Default locale first, then by code.',
        params: SectionIdParams,
        response: { 200: Type.Array(PageSectionLocalization) },
      },
    },
    (req) => sectionLocalizationKit.list(req.ctx, req.params.section_id),
  )

  app.put(
    '/pages/sections/:section_id/localizations',
    {
      config: { access: record(pageSectionEntity, 'Author', 'section_id') },
      schema: {
        ...op('upsertPageSectionLocalization', 'Create or update the localization of a page section for a locale'),
        tags,
        description:
          'One per locale of the page\'s owning site, named by `locale_id` or by code (`"locale": "de"`; another site\'s locale is a 400). ' +
          `The locale's localization is updated with the given fields (200), or created (201). ${PAGE_CHANGE}`,
        params: SectionIdParams,
        body: SectionLocalizationBody,
        response: { 200: PageSectionLocalization, 201: PageSectionLocalization },
      },
    },
    async (req, reply) => {
      const { row, created } = await sectionLocalizationKit.upsert(req.ctx, req.params.section_id, req.body)
      return reply.code(created ? 201 : 200).send(row)
    },
  )

  app.delete(
    '/pages/sections/localizations/:id',
    {
      config: { access: record(pageSectionLocalizationEntity, 'Editor') },
      schema: {
        ...op('deletePageSectionLocalization', 'Delete a page section localization'),
        tags,
        description: PAGE_CHANGE,
        params: IdParams,
        response: { 204: NoContent },
      },
    },
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
