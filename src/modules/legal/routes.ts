import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record, site } from '../../http/access.js'
import { localizationRoutes } from '../../kits/localizations/routes.js'
import { childRoutes, type ChildRoutesSpec } from '../../kits/site-resource/children.js'
import { Paginated, type PageQuery } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import type { Api } from '../../http/app-types.js'
import { IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import { legalDocumentResource } from './documents.resource.js'
import * as documents from './documents.service.js'
import { legalDocumentEntity, legalGroupEntity, legalItemEntity } from './entity.js'
import * as groups from './groups.service.js'
import { legalLocalizationKit } from './localizations.service.js'
import {
  CreateLegalDocumentBody,
  CreateLegalGroupBody,
  CreateLegalItemBody,
  CreateLegalLocalizationBody,
  DocumentIdParams,
  GroupIdParams,
  LegalDocument,
  LegalDocumentDetail,
  LegalDocumentLocalization,
  LegalGroup,
  LegalItem,
  LegalListQuery,
  SiteSlugParams,
  UpdateLegalDocumentBody,
  UpdateLegalGroupBody,
  UpdateLegalItemBody,
  UpdateLegalLocalizationBody,
} from './schemas.js'
const WHOLE =
  'The whole document: its fields, `localizations` (default locale first, then by code) and `groups` by display_order, each with its `items` by display_order.'
const CACHED = 'Cached; every write to the document, its localizations, groups or items is visible as soon as it has answered.'
/** Group and item writes need Author (Write): a Read key lives in a public frontend and never changes anything. */
/** OpenAPI needs one parameter name per path, so both group routes say {document_id}. */
const CHILD_WRITE = "Needs Author on the document's site (the spec's table says Read; Read keys live in public frontends and never change anything)."

const route = operations('Legal documents', {
  listSiteLegalDocuments: [
    'List the legal documents of a site',
    'Live documents of the site, active or not, by slug: their own fields only (GET /legal/{id} has the whole document). `document_type` filters.',
  ],
  getSiteLegalDocumentBySlug: [
    'Get a legal document of a site by slug',
    `${WHOLE} Public read: Read-level callers (Read keys, Viewers) get only an active document (an inactive one is 404 for them); Write and above also see inactive ones. ${CACHED}`,
  ],
  getSiteCookieConsent: [
    "Get the site's cookie-consent structure",
    `The site's active CookieConsent document (the newest by created_at when several are active), as a consent banner renders it. ${WHOLE} 404 when the site has no active CookieConsent document. ${CACHED}`,
  ],
  createLegalDocument: [
    'Create a legal document',
    "Answers the document's own fields (add localizations, groups and items with their routes). `slug` is unique among the live documents of the site (409); without one it is generated from `document_type` (`privacy-policy`, then `privacy-policy-2`, …). is_active defaults to true; cookie_name is null when unset.",
  ],
  getLegalDocument: ['Get a legal document', `${WHOLE} Any is_active. ${CACHED}`],
  updateLegalDocument: [
    'Update a legal document',
    "Partial update; answers the document's own fields. A slug taken by another live document of the site is a 409.",
  ],
  deleteLegalDocument: [
    'Delete a legal document',
    'Soft delete: the document, its localizations, groups and items answer 404 afterwards; its slug is free again.',
  ],
})

function documentRoutes(app: Api): void {
  const r = legalDocumentResource
  app.get(
    '/sites/:site_id/legal',
    route('listSiteLegalDocuments', { access: site('Read'), params: SiteParams, querystring: LegalListQuery, response: { 200: Paginated(LegalDocument) } }),
    (req) => r.list(req.ctx, req.params.site_id, req.query as PageQuery),
  )
  app.get(
    '/sites/:site_id/legal/by-slug/:slug',
    route('getSiteLegalDocumentBySlug', { access: site('Read'), params: SiteSlugParams, response: { 200: LegalDocumentDetail } }),
    async (req, reply) => sendRaw(reply, await documents.bySlug(req.ctx, req.params.site_id, req.params.slug)),
  )
  app.get(
    '/sites/:site_id/legal/cookie-consent',
    route('getSiteCookieConsent', { access: site('Read'), params: SiteParams, response: { 200: LegalDocumentDetail } }),
    async (req, reply) => sendRaw(reply, await documents.cookieConsent(req.ctx, req.params.site_id)),
  )
}

/** Create, and the record routes (GET answers the whole document; writes answer its own fields). */
function documentWrites(app: Api): void {
  const r = legalDocumentResource
  app.post(
    '/sites/:site_id/legal',
    route('createLegalDocument', { access: site('Author'), params: SiteParams, body: CreateLegalDocumentBody, response: { 201: LegalDocument } }),
    async (req, reply) => reply.code(201).send(await r.create(req.ctx, { ...req.body, site_id: req.params.site_id })),
  )
  app.get(
    '/legal/:id',
    route('getLegalDocument', { access: record(legalDocumentEntity, 'Read'), params: IdParams, response: { 200: LegalDocumentDetail } }),
    async (req, reply) => sendRaw(reply, await documents.detail(req.ctx, req.params.id, req.recordScope)),
  )
  app.put(
    '/legal/:id',
    route('updateLegalDocument', {
      access: record(legalDocumentEntity, 'Author'),
      params: IdParams,
      body: UpdateLegalDocumentBody,
      response: { 200: LegalDocument },
    }),
    (req) => r.update(req.ctx, req.params.id, req.body),
  )
  app.delete(
    '/legal/:id',
    route('deleteLegalDocument', { access: record(legalDocumentEntity, 'Author'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await r.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

/** Consent groups of a document, and items of a group: records under a parent (site-resource kit, children.ts). */
const legalGroups: ChildRoutesSpec = {
  tag: 'Legal documents',
  name: 'LegalGroup',
  parent: { entity: legalDocumentEntity, path: 'legal', param: 'document_id', segment: 'groups', params: DocumentIdParams },
  path: 'legal/groups',
  entity: legalGroupEntity,
  need: { read: 'Read', write: 'Author' },
  schemas: { item: LegalGroup, create: CreateLegalGroupBody, update: UpdateLegalGroupBody },
  summaries: {
    list: 'List the consent groups of a legal document',
    create: 'Add a consent group to a legal document',
    update: 'Update a consent group',
    delete: 'Delete a consent group',
  },
  docs: {
    list: 'By display_order, each with its items by display_order (a plain array).',
    create: `${CHILD_WRITE} New groups go last unless display_order is given. A required group is always enabled: default_enabled is set to true for it (false with is_required true is a 400). Fires legal.updated.`,
    update: `${CHILD_WRITE} Partial update; making a group required turns default_enabled on (default_enabled false on a required group is a 400). Fires legal.updated.`,
    delete: `${CHILD_WRITE} Deletes the group and its items for good. Fires legal.updated.`,
  },
  ops: { list: groups.listGroups, create: groups.createGroup, update: groups.updateGroup, remove: groups.deleteGroup },
}

const legalItems: ChildRoutesSpec = {
  tag: 'Legal documents',
  name: 'LegalItem',
  parent: { entity: legalGroupEntity, path: 'legal/groups', param: 'group_id', segment: 'items', params: GroupIdParams },
  path: 'legal/items',
  entity: legalItemEntity,
  need: { read: 'Read', write: 'Author' },
  schemas: { item: LegalItem, create: CreateLegalItemBody, update: UpdateLegalItemBody },
  summaries: {
    list: 'List the items of a consent group',
    create: 'Add an item to a consent group',
    update: 'Update a consent item',
    delete: 'Delete a consent item',
  },
  docs: {
    list: 'By display_order (a plain array).',
    create: `${CHILD_WRITE} New items go last unless display_order is given. Fires legal.updated.`,
    update: `${CHILD_WRITE} Partial update. Fires legal.updated.`,
    delete: `${CHILD_WRITE} Deleted for good. Fires legal.updated.`,
  },
  ops: { list: groups.listItems, create: groups.createItem, update: groups.updateItem, remove: groups.deleteItem },
}

export const legalRoutes: AppPlugin = async (app) => {
  documentRoutes(app)
  documentWrites(app)
  childRoutes(app, legalGroups)
  childRoutes(app, legalItems)
  localizationRoutes(app, legalLocalizationKit, {
    parentPath: 'legal',
    tag: 'Legal documents',
    name: 'LegalDocument',
    schemas: { item: LegalDocumentLocalization, create: CreateLegalLocalizationBody, update: UpdateLegalLocalizationBody },
    need: { read: 'Read', create: 'Author', update: 'Author', delete: 'Editor' },
  })
}
