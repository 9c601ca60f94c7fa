import type { AppPlugin } from '../../http/app-types.js'
import { bodySites, record, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, SiteParams, op } from '../../http/schemas.js'
import { cvEntryEntity } from './cv.resource.js'
import { CreateCvEntryBody, CvEntry, CvListQuery, UpdateCvEntryBody } from './schemas.js'
import * as cv from './service.js'

const tags = ['CV']
const DATES =
  'Dates are YYYY-MM-DD calendar dates (2026-02-30 is a 400). end_date is not before start_date; an is_current entry has no end_date. ' +
  'organization_url is an absolute http(s) URL or null. company/company_url are accepted as aliases of organization/organization_url ' +
  '(400 when both are sent with different values); answers carry both.'

export const cvRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/cv',
    {
      config: { access: site('Read') },
      schema: {
        ...op('listSiteCvEntries', 'List the CV entries of a site'),
        tags,
        description:
          'Live entries the site carries (owned or shared with it), optionally of one entry_type: current entries first, then start_date ' +
          'newest first (then display_order). Cached; every write to an entry the site carries refreshes it before the write answers.',
        params: SiteParams,
        querystring: CvListQuery,
        response: { 200: Paginated(CvEntry) },
      },
    },
    async (req, reply) => sendRaw(reply, await cv.list(req.ctx, req.params.site_id, req.query)),
  )

  app.get(
    '/cv/:id',
    {
      config: { access: record(cvEntryEntity, 'Read') },
      schema: {
        ...op('getCvEntry', 'Get a CV entry'),
        tags,
        description: 'Readable through any site carrying it.',
        params: IdParams,
        response: { 200: CvEntry },
      },
    },
    (req) => cv.get(req.ctx, req.params.id),
  )

  app.post(
    '/cv',
    {
      config: { access: bodySites('site_ids', 'Author') },
      schema: {
        ...op('createCvEntry', 'Create a CV entry'),
        tags,
        description: `Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ${DATES}`,
        body: CreateCvEntryBody,
        response: { 201: CvEntry },
      },
    },
    async (req, reply) => reply.code(201).send(await cv.create(req.ctx, req.body)),
  )

  app.put(
    '/cv/:id',
    {
      config: { access: record(cvEntryEntity, 'Author') },
      schema: {
        ...op('updateCvEntry', 'Update a CV entry'),
        tags,
        description:
          'Partial update on the owning site (a caller reading it through another carrying site gets 403); site_ids cannot change. ' +
          'The rules apply to the entry as it will be: `is_current: true` without an end_date clears a stored end_date; an end_date for an ' +
          `entry that is or stays current is a 400 (send \`is_current: false\` with it). ${DATES}`,
        params: IdParams,
        body: UpdateCvEntryBody,
        response: { 200: CvEntry },
      },
    },
    (req) => cv.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/cv/:id',
    {
      config: { access: record(cvEntryEntity, 'Author') },
      schema: {
        ...op('deleteCvEntry', 'Delete a CV entry'),
        tags,
        description: 'Soft delete on the owning site: the entry answers 404 and leaves every list.',
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await cv.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}
