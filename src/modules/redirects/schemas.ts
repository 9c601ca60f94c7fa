import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, CreateBody } from '../../http/records.js'

const SourcePath = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: '^/\\S*$',
  description: 'A path of the site starting with /, unique among its live redirects; stored without a trailing slash (but `/`)',
})
const Destination = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: '^(/|https?://)\\S*$',
  description: 'A path starting with / or an absolute http(s) URL; never the same as source_path (400)',
})
const StatusCode = Type.Union([Type.Literal(301), Type.Literal(302)], { description: '301 (permanent, default) or 302 (temporary)' })

export const Redirect = wireRecord('Redirect', {
  site_id: Uuid,
  source_path: Type.String(),
  destination_path: Type.String(),
  status_code: Type.Integer(),
  is_active: Type.Boolean(),
})
export type Redirect = Static<typeof Redirect>
export const presentRedirect = presenter(Redirect)

const fields = { source_path: SourcePath, destination_path: Destination, status_code: StatusCode, is_active: Type.Boolean() }
export const CreateRedirectBody = CreateBody(fields, ['source_path', 'destination_path'])
export const UpdateRedirectBody = PatchBody(fields)
export const RedirectListQuery = PageQuerySchema(10)

export const RedirectLookupQuery = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 2000, description: 'The requested path; a missing leading slash is added' }),
})
export type RedirectLookupQuery = Static<typeof RedirectLookupQuery>
export const RedirectTarget = Type.Object({ destination_path: Type.String(), status_code: Type.Integer() }, { $id: 'RedirectTarget' })
export type RedirectTarget = Static<typeof RedirectTarget>

/** Rows of one import at most (one transaction, one request body under the 1 MiB JSON limit). */
export const IMPORT_MAX_ROWS = 1000

const ImportRow = Type.Object(
  { source_path: SourcePath, destination_path: Destination, status_code: Type.Optional(StatusCode), is_active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export const ImportRedirectsBody = Body(
  {
    redirects: Type.Array(ImportRow, {
      minItems: 1,
      maxItems: IMPORT_MAX_ROWS,
      description: `1 to ${IMPORT_MAX_ROWS} redirects, each as the body of a single create`,
    }),
  },
  {
    examples: [
      {
        redirects: [
          { source_path: '/old-page', destination_path: '/new-page' },
          { source_path: '/summer-sale', destination_path: 'https://shop.example.com/sale', status_code: 302, is_active: false },
        ],
      },
    ],
  },
)
export type ImportRedirectsBody = Static<typeof ImportRedirectsBody>
export type ImportRedirectRow = ImportRedirectsBody['redirects'][number]

export const RedirectImport = Type.Object(
  {
    created: Type.Integer({ minimum: 1, description: 'How many redirects were created (every row)' }),
    data: Type.Array(Redirect, { description: 'The created redirects, in the order of the rows' }),
  },
  { $id: 'RedirectImport' },
)
export type RedirectImport = Static<typeof RedirectImport>
