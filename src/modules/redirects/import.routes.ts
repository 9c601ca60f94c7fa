import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { SiteParams } from '../../http/schemas.js'
import * as imports from './import.service.js'
import { IMPORT_MAX_ROWS, ImportRedirectsBody, RedirectImport } from './schemas.js'

const description =
  '**Atrium extension** (not in the interface specification): creates many redirects at once, all or nothing, with the ' +
  `rules of a single create (Author, like it). Up to ${IMPORT_MAX_ROWS} rows; \`status_code\` defaults to 301, \`is_active\` to true. ` +
  'Every problem is reported at once in `errors`, each naming its row by index from 0 (`redirects.3.source_path`), and nothing is ' +
  'written: 400 `VALIDATION_FAILED` when any row is invalid (a malformed row, a destination equal to its source), else 409 `CONFLICT` ' +
  'when sources already have a live redirect in the site or repeat an earlier row. Malformed rows are found by the body schema, which ' +
  'names the first only. Each created redirect is audited and fires `redirect.created` as a single create does.'

const route = operations('Redirects', {
  importRedirects: ['Import redirects, all or nothing', description],
})

export const redirectImportRoutes: AppPlugin = async (app) => {
  app.post(
    '/sites/:site_id/redirects/import',
    route('importRedirects', { access: site('Author'), params: SiteParams, body: ImportRedirectsBody, response: { 201: RedirectImport } }),
    async (req, reply) => reply.code(201).send(await imports.importRedirects(req.ctx, req.params.site_id, req.body)),
  )
}
