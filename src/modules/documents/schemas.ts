import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, Int, LocalizationBody, Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

/*
 * Wire format of document folders, documents, their localizations and attachments.
 */

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name (not blank)' })
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Ascending sort key' })
const DocumentType = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
  description: "The editor's classification, free text (e.g. `pdf`, `brochure`); the file's actual type is `mime_type`",
})
const HttpUrl = Type.String({ minLength: 1, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*$', description: 'An absolute http(s) URL' })
const FileName = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'The name the download is offered under; directories and control characters are removed',
})

/** Base64 of at most INLINE_FILE_MAX_BYTES (50 MiB): 4/3 of the bytes, plus room for line breaks. */
export const INLINE_FILE_MAX_BYTES = 50 * 1024 * 1024
export const INLINE_BASE64_MAX_CHARS = Math.ceil(INLINE_FILE_MAX_BYTES / 3) * 4 + 2 * 1024 * 1024

export const DocumentFolder = wireRecord('DocumentFolder', { site_id: Uuid, parent_id: Nullable(Uuid), name: Type.String(), display_order: Type.Integer() })
export type DocumentFolder = Static<typeof DocumentFolder>
export const presentFolder = presenter(DocumentFolder)

export const CreateFolderBody = Body({
  name: Name,
  parent_id: Type.Optional(Nullable(Uuid)),
  display_order: Type.Optional(DisplayOrder),
})
export const UpdateFolderBody = PatchBody({ name: Name, parent_id: Nullable(Uuid), display_order: DisplayOrder })
export const FolderListQuery = Type.Object({})

export const Document = wireRecord('Document', {
  site_id: Uuid,
  folder_id: Nullable(Uuid),
  document_type: Type.String(),
  url: Nullable(Type.String({ description: 'The linked document (http or https); null for a file document' })),
  file_name: Nullable(Type.String({ description: 'File documents: the download name; null for a URL document' })),
  mime_type: Nullable(Type.String({ description: 'File documents: detected from the bytes, never taken from the client' })),
  file_size: Nullable(Type.Integer({ description: 'File documents: bytes' })),
  checksum: Nullable(Type.String({ description: 'File documents: SHA-256 of the bytes, lowercase hex' })),
  download_url: Type.String({ description: 'Path of GET /documents/{id}/download (no authentication): the file, or a 302 to `url`' }),
})
export type Document = Static<typeof Document>
const pickDocument = presenter(Document)
/** `download_url` is this, the document's id, then DOWNLOAD_PATH_END. */
export const DOWNLOAD_PATH_START = '/api/v1/documents/'
export const DOWNLOAD_PATH_END = '/download'
/** The wire form of a document row (download_url derived from the id). */
export const presentDocument = (row: Omit<Document, 'download_url'>): Document =>
  pickDocument({ ...row, download_url: `${DOWNLOAD_PATH_START}${row.id}${DOWNLOAD_PATH_END}` })

/** A document as the site's document list answers it: the document and the languages it is described in. */
export const DocumentListItem = Type.Object(
  {
    ...Document.properties,
    locales: Type.Array(Type.String(), {
      description: 'Codes of the locales the document has a localization in, default locale first, then by code; empty when it has none',
    }),
  },
  { $id: 'DocumentListItem' },
)
export type DocumentListItem = Static<typeof DocumentListItem>

export const DocumentLocalization = Type.Object(
  { id: Uuid, document_id: Uuid, locale_id: Uuid, title: Nullable(Type.String()), description: Nullable(Type.String()) },
  { $id: 'DocumentLocalization' },
)
export type DocumentLocalization = Static<typeof DocumentLocalization>

export const DocumentDetail = Type.Object({ ...Document.properties, localizations: Type.Array(DocumentLocalization) }, { $id: 'DocumentDetail' })
export type DocumentDetail = Static<typeof DocumentDetail>

/** A document attached to content (blog detail `documents`, GET /blogs/{id}/documents): the document plus its place. */
export const AttachedDocument = Type.Object(
  { ...Document.properties, document_id: Uuid, display_order: Type.Integer() },
  { $id: 'AttachedDocument', description: '`document_id` repeats `id` (the attachment body names it so)' },
)
export type AttachedDocument = Static<typeof AttachedDocument>

export const CreateDocumentBody = Body(
  {
    document_type: DocumentType,
    folder_id: Type.Optional(Nullable(Uuid)),
    url: Type.Optional(HttpUrl),
    file_base64: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: INLINE_BASE64_MAX_CHARS,
        description: "The file, base64 (RFC 4648, standard alphabet; line breaks allowed). At most the site's `max_upload_bytes` and 50 MiB decoded (413)",
      }),
    ),
    file_name: Type.Optional(FileName),
  },
  {
    description: 'Either `url` or `file_base64` with `file_name`: never both, never neither (400).',
    examples: [{ document_type: 'standard', url: 'https://www.example.com/files/price-list.pdf' }],
  },
)
export type CreateDocumentBody = Static<typeof CreateDocumentBody>

export const UpdateDocumentBody = PatchBody({ document_type: DocumentType, folder_id: Nullable(Uuid), url: HttpUrl, file_name: FileName })
export type UpdateDocumentBody = Static<typeof UpdateDocumentBody>

export const DocumentListQuery = PageQuerySchema(10, {
  folder_id: Type.Optional(Type.String({ format: 'uuid', description: 'Only the documents in this folder (not its sub-folders)' })),
})
export type DocumentListQuery = Static<typeof DocumentListQuery>

const localizationProps = { title: Nullable(Type.String({ maxLength: 500 })), description: Nullable(Type.String({ maxLength: 5000 })) }
export const CreateDocumentLocalizationBody = LocalizationBody(localizationProps)
export const UpdateDocumentLocalizationBody = PatchBody(localizationProps)

export const AttachDocumentBody = Body({
  document_id: Uuid,
  display_order: Type.Optional(Int({ minimum: -1_000_000, maximum: 1_000_000, default: 0, description: 'Ascending; 0 when omitted' })),
})
export type AttachDocumentBody = Static<typeof AttachDocumentBody>
export const BlogParams = Type.Object({ blog_id: Uuid })
export const BlogDocumentParams = Type.Object({ blog_id: Uuid, doc_id: Uuid })
