import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, PatchBody, Timestamp, Uuid, presenter } from '../../http/schemas.js'

const SourcePath = Type.String({ minLength: 1, maxLength: 2000, pattern: '^/\\S*$', description: 'A path of the site starting with /, unique among its live redirects; stored without a trailing slash (but `/`)' })
const Destination = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: '^(/|https?://)\\S*$',
  description: 'A path starting with / or an absolute http(s) URL; never the same as source_path (400)',
})
const StatusCode = Type.Union([Type.Literal(301), Type.Literal(302)], { description: '301 (permanent, default) or 302 (temporary)' })

export const Redirect = Type.Object(
  {
    id: Uuid,
    site_id: Uuid,
    source_path: Type.String(),
    destination_path: Type.String(),
    status_code: Type.Integer(),
    is_active: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Redirect' },
)
export type Redirect = Static<typeof Redirect>
export const presentRedirect = presenter(Redirect)

export const CreateRedirectBody = Body({
  source_path: SourcePath,
  destination_path: Destination,
  status_code: Type.Optional(StatusCode),
  is_active: Type.Optional(Type.Boolean()),
})
export const UpdateRedirectBody = PatchBody({ source_path: SourcePath, destination_path: Destination, status_code: StatusCode, is_active: Type.Boolean() })
export const RedirectListQuery = PageQuerySchema(10)

export const RedirectLookupQuery = Type.Object({ path: Type.String({ minLength: 1, maxLength: 2000, description: 'The requested path; a missing leading slash is added' }) })
export type RedirectLookupQuery = Static<typeof RedirectLookupQuery>
export const RedirectTarget = Type.Object({ destination_path: Type.String(), status_code: Type.Integer() }, { $id: 'RedirectTarget' })
export type RedirectTarget = Static<typeof RedirectTarget>
