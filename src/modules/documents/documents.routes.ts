import type { Readable } from 'node:stream'
import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { publicAccess, record, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import type { Api } from '../../http/app-types.js'
import { IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import * as docs from './documents.service.js'
import { documentEntity } from './entity.js'
import { contentDisposition, downloadType } from './files.rules.js'
import { CreateDocumentBody, Document, DocumentDetail, DocumentListItem, DocumentListQuery, INLINE_BASE64_MAX_CHARS, UpdateDocumentBody } from './schemas.js'

/** JSON around an inline file: the route's own body limit (the app's is 1 MiB). */
const CREATE_BODY_LIMIT = INLINE_BASE64_MAX_CHARS + 256 * 1024

/** The bytes, streamed (never serialised: a stream is sent as it is). */
const FileBytes = Type.Unsafe<Readable>(
  Type.String({ format: 'binary', description: 'The file (Content-Type, Content-Length and Content-Disposition: attachment)' }),
)
const Redirect = Type.Null({ description: 'A URL document: `Location` is its url' })

const route = operations('Documents', {
  createDocument: [
    'Create a document (a link or an inline file)',
    'Either `url` (http or https) or the file inline: `file_base64` (standard base64) with `file_name`. Both or neither: 400 ' +
      "(nothing stored); invalid base64: 400. The decoded size is checked against the site's `max_upload_bytes` and the inline " +
      'ceiling of 50 MiB before decoding: 413, nothing stored. `mime_type` is detected from the bytes (`file-type`): PDF, images, ' +
      'Office and OpenDocument files, archives, audio and video are recognised; UTF-8 text is text/plain (text/markdown for ' +
      '.md/.markdown names, text/csv for .csv); anything else unrecognised is application/octet-stream. Programs and installers ' +
      '(Windows, Linux and macOS executables, WebAssembly, Java, Android, deb/rpm/dmg packages, browser extensions) are refused ' +
      'with 415. `document_type` is free text and may disagree with the detected type (not refused); downloads use `mime_type`. ' +
      '`file_name` loses directories and control characters and is used only as the download name. The same bytes uploaded ' +
      'again in one site share the stored file. `folder_id` must be a folder of the same site (400).',
  ],
  listSiteDocuments: [
    'List the documents of a site',
    'Live documents, oldest first; `folder_id` lists only the documents directly in that folder. Each item adds `locales`: the codes of the locales it has a localization in.',
  ],
  getDocument: ['Get a document with its localizations', 'Localizations default locale first, then by code.'],
  updateDocument: [
    'Update a document',
    'Partial update of `document_type`, `folder_id` (a folder of the same site, or null), `url` (URL documents only) and ' +
      '`file_name` (file documents only); anything else of the kind is a 400. A new file is a new document.',
  ],
  deleteDocument: [
    'Delete a document',
    'Soft delete: the document and its download answer 404 from now on and it leaves content it was attached to. Its stored ' +
      'file is removed unless another live document of the site has the same bytes.',
  ],
  downloadDocument: [
    'Download a document (no authentication)',
    'A file document: its bytes, streamed, with `Content-Type` (the detected `mime_type`; text with charset=utf-8), ' +
      '`Content-Length`, `Content-Disposition: attachment` with the file name (RFC 6266: an ASCII `filename` fallback and ' +
      "`filename*=UTF-8''…`) and `X-Content-Type-Options: nosniff`. A URL document: 302 to its url. A deleted document, or " +
      'one of a deleted site: 404.',
  ],
})

/** GET and POST /sites/{site_id}/documents. */
function siteRoutes(app: Api): void {
  app.get(
    '/sites/:site_id/documents',
    route('listSiteDocuments', { access: site('Read'), params: SiteParams, querystring: DocumentListQuery, response: { 200: Paginated(DocumentListItem) } }),
    (req) => docs.list(req.ctx, req.params.site_id, req.query),
  )

  app.post(
    '/sites/:site_id/documents',
    {
      ...route('createDocument', { access: site('Author'), params: SiteParams, body: CreateDocumentBody, response: { 201: Document } }),
      bodyLimit: CREATE_BODY_LIMIT,
      // An upload whose Content-Length is beyond the site's limit is refused before its body is read.
      preParsing: async (req, _reply, payload) => {
        await docs.assertBodyFits(req.ctx, req.params.site_id, req.headers['content-length'])
        return payload
      },
    },
    async (req, reply) => reply.code(201).send(await docs.create(req.ctx, req.params.site_id, req.body)),
  )
}

/** GET, PUT and DELETE /documents/{id}. */
function recordRoutes(app: Api): void {
  app.get('/documents/:id', route('getDocument', { access: record(documentEntity, 'Read'), params: IdParams, response: { 200: DocumentDetail } }), (req) =>
    docs.get(req.ctx, req.params.id),
  )

  app.put(
    '/documents/:id',
    route('updateDocument', { access: record(documentEntity, 'Author'), params: IdParams, body: UpdateDocumentBody, response: { 200: Document } }),
    (req) => docs.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/documents/:id',
    route('deleteDocument', { access: record(documentEntity, 'Editor'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await docs.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

/** GET /documents/{id}/download: public. */
function downloadRoute(app: Api): void {
  app.get(
    '/documents/:id/download',
    route('downloadDocument', { access: publicAccess, params: IdParams, produces: ['application/octet-stream'], response: { 200: FileBytes, 302: Redirect } }),
    async (req, reply) => {
      const out = await docs.download(req.ctx, req.params.id)
      if (out.kind === 'url') return reply.redirect(out.url, 302)
      return reply
        .header('content-type', downloadType(out.mime))
        .header('content-length', out.size)
        .header('content-disposition', contentDisposition(out.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(out.stream)
    },
  )
}

export const documentRoutes: AppPlugin = async (app) => {
  siteRoutes(app)
  recordRoutes(app)
  downloadRoute(app)
}
