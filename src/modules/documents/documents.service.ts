import type { Readable } from 'node:stream'
import type { Ctx } from '../../core/context.js'
import { mutate, type ReaderImpact } from '../../core/mutation.js'
import type { ReadDb, Tx } from '../../db/client.js'
import type { DocumentRow } from '../../db/schema/documents.js'
import { notFound, tooLarge, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import { newStorageKey } from '../../platform/storage/index.js'
import { attachedReaders } from './attachments.service.js'
import * as q from './documents.queries.js'
import { documentEntity } from './entity.js'
import { cleanFileName } from '../../core/file-names.js'
import { canonicalBase64, decodedLength, detectType } from './files.rules.js'
import { documentLocalizationKit } from './localization.service.js'
import {
  INLINE_FILE_MAX_BYTES,
  presentDocument,
  type CreateDocumentBody,
  type Document,
  type DocumentDetail,
  type DocumentListItem,
  type DocumentListQuery,
  type DocumentLocalization,
  type UpdateDocumentBody,
} from './schemas.js'

/*
 * Documents: a link (`url`, http or https) or a file sent inline as base64, stored through
 * platform/storage under an opaque key (never the client's name). The file's size is checked against the site's
 * `max_upload_bytes` (and the 50 MiB inline ceiling) before it is decoded (413), its type detected from the bytes.
 * Live documents of one site with the same bytes share one stored file; deleting a document removes its file unless
 * another live document of the site still uses it (the decision is taken under a lock per site and checksum, the
 * file removed after the commit). Writes answer the document, fire document.*, and refresh the answers of content the
 * document is attached to.
 */

/** Allowance for JSON around the base64 and for encoders that break lines or escape `/`. */
const BODY_SLACK = 64 * 1024

function inlineLimit(siteMax: number): number {
  return Math.min(siteMax, INLINE_FILE_MAX_BYTES)
}

function overLimit(limit: number, siteMax: number): never {
  return tooLarge(
    limit < siteMax
      ? `The file exceeds ${limit} bytes, the most an inline (base64) document may have; link larger files with \`url\``
      : `The file exceeds this site's max_upload_bytes (${limit} bytes)`,
  )
}

/**
 * Before the body of POST /sites/{site_id}/documents is read: a Content-Length far beyond what base64 of the site's
 * limit can take is a 413 at once, so an oversized upload is never buffered.
 */
export async function assertBodyFits(ctx: Ctx, siteId: string, contentLength: string | undefined): Promise<void> {
  const length = Number(contentLength)
  // Small bodies (every link document) need no look-up: the exact check after decoding covers them.
  if (!contentLength || !Number.isFinite(length) || length <= 1024 * 1024) return
  const siteMax = (await q.siteUploadLimit(ctx.db, siteId)) ?? notFound('site')
  const limit = inlineLimit(siteMax)
  if (length > Math.ceil(limit / 3) * 4 * 1.1 + BODY_SLACK) overLimit(limit, siteMax)
}

const liveOr404 = async (ctx: Ctx, id: string) => (await q.findLiveDocument(ctx.db, id)) ?? notFound(documentEntity)

/** The site's live documents (optionally of one folder), oldest first. */
export async function list(ctx: Ctx, siteId: string, query: DocumentListQuery): Promise<Page<DocumentListItem>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listDocuments(ctx.db, siteId, query.folder_id, limit, offset)
  const codes = await q.localeCodesOf(
    ctx.db,
    rows.map((r) => r.id),
  )
  return paginate(
    rows.map((r) => ({ ...presentDocument(r), locales: codes.get(r.id) ?? [] })),
    total,
    query,
  )
}

/** The document with its localizations (default locale first). */
export async function get(ctx: Ctx, id: string): Promise<DocumentDetail> {
  const row = await liveOr404(ctx, id)
  const locs = (await documentLocalizationKit.ofKey(ctx.db, id)) as DocumentLocalization[]
  return { ...presentDocument(row), localizations: locs }
}

/** 400 on folder_id unless it names a live folder of the site. */
async function checkFolder(db: ReadDb, siteId: string, folderId: string | null | undefined): Promise<void> {
  if (!folderId) return
  const folder = await q.findFolder(db, folderId)
  if (!folder || folder.site_id !== siteId) validation('folder_id', 'must be a folder of the same site')
}

/** An http(s) URL with a host; 400 on `url` otherwise. */
function checkUrl(url: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    validation('url', 'is not a valid URL')
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '')
    validation('url', 'must be an absolute http or https URL')
  return url
}

interface InlineFile {
  bytes: Buffer
  fileName: string
  mime: string
}

/** Validates and decodes an inline file: 400 (base64, name), 413 (size, before decoding), 415 (refused type). */
async function inlineFile(ctx: Ctx, siteId: string, body: CreateDocumentBody): Promise<InlineFile> {
  if (body.url !== undefined) validation('file_base64', 'send either url or file_base64, never both')
  if (body.file_name === undefined) validation('file_name', 'is required with file_base64')
  const fileName = cleanFileName(body.file_name ?? '')
  const b64 = canonicalBase64(body.file_base64 ?? '')
  const siteMax = (await q.siteUploadLimit(ctx.db, siteId)) ?? notFound('site')
  const limit = inlineLimit(siteMax)
  if (decodedLength(b64) > limit) overLimit(limit, siteMax)
  const bytes = Buffer.from(b64, 'base64')
  if (bytes.length === 0) validation('file_base64', 'must not be empty')
  return { bytes, fileName, mime: await detectType(bytes, fileName) }
}

/**
 * What audit entries call a document: its file name, else its link's host and path. Never the whole link: its query
 * can carry a token, and the log is read by callers who may not follow it.
 */
export function documentLabel(d: { file_name: string | null; url: string | null }): string | null {
  if (d.file_name?.trim()) return d.file_name
  if (d.url === null) return null
  try {
    const u = new URL(d.url)
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`
  } catch {
    return null
  }
}

/** Creates a URL document or a file document (see the header). 201 with the document. */
export async function create(ctx: Ctx, siteId: string, body: CreateDocumentBody): Promise<Document> {
  await checkFolder(ctx.db, siteId, body.folder_id)
  if (body.file_base64 === undefined) {
    if (body.url === undefined) validation('url', 'is required unless the file is sent inline in file_base64 (with file_name)')
    if (body.file_name !== undefined) validation('file_name', 'belongs to an inline file (file_base64); a URL document has none')
    return insert(ctx, siteId, body, { url: checkUrl(body.url ?? '') })
  }
  const file = await inlineFile(ctx, siteId, body)
  const key = newStorageKey('documents')
  const stored = await ctx.deps.storage.put(key, file.bytes, { contentType: file.mime })
  let reused = false
  try {
    const doc = await insert(
      ctx,
      siteId,
      body,
      { file_name: file.fileName, mime_type: file.mime, file_size: stored.size, checksum: stored.sha256 },
      async (tx) => {
        await q.lockStoredFile(tx, siteId, stored.sha256)
        const existing = await q.storedFileOf(tx, siteId, stored.sha256)
        reused = existing !== undefined
        return existing ?? key
      },
    )
    if (reused) await removeFile(ctx, key)
    return doc
  } catch (err) {
    await removeFile(ctx, key)
    throw err
  }
}

async function insert(
  ctx: Ctx,
  siteId: string,
  body: CreateDocumentBody,
  fields: Partial<DocumentRow>,
  storageKey?: (tx: Tx) => Promise<string>,
): Promise<Document> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: documentEntity, action: 'Create' }, async (tx) => {
    await checkFolder(tx, siteId, body.folder_id)
    const row = await q.insertDocument(tx, {
      site_id: siteId,
      folder_id: body.folder_id ?? null,
      document_type: body.document_type.trim(),
      ...fields,
      storage_key: storageKey ? await storageKey(tx) : null,
      created_at: now,
      updated_at: now,
    })
    const doc = presentDocument(row)
    return {
      result: doc,
      siteId,
      entityId: row.id,
      label: documentLabel(row),
      metadata: { document_type: row.document_type, url: row.url, file_name: row.file_name, mime_type: row.mime_type, file_size: row.file_size },
      events: [{ type: 'document.created', siteId, data: doc }],
      readers: { records: [{ entity: documentEntity, id: row.id, siteIds: [siteId] }], lists: [siteId] },
    }
  })
}

/** What a change of a document means for readers: itself, its site's lists, and the content it is attached to. */
async function readersOf(tx: Tx, row: DocumentRow): Promise<ReaderImpact> {
  const attached = await attachedReaders(tx, [row.id])
  return { records: [{ entity: documentEntity, id: row.id, siteIds: [row.site_id] }, ...(attached.records ?? [])], lists: [row.site_id] }
}

/**
 * Partial update: document_type, folder_id (a folder of the same site, or null), `url` of a URL document, `file_name`
 * of a file document (the other way round is a 400: a document keeps its kind; send a new document for a new file).
 */
export async function update(ctx: Ctx, id: string, body: UpdateDocumentBody): Promise<Document> {
  return mutate(ctx, { entity: documentEntity, action: 'Update' }, async (tx) => {
    const before = (await q.lockDocument(tx, id)) ?? notFound(documentEntity)
    if (body.url !== undefined && before.url === null) validation('url', 'a file document has no url: create a URL document instead')
    if (body.file_name !== undefined && before.url !== null) validation('file_name', 'a URL document has no file name')
    await checkFolder(tx, before.site_id, body.folder_id)
    const after = await q.updateDocument(tx, id, {
      ...(body.document_type !== undefined ? { document_type: body.document_type.trim() } : {}),
      ...(body.folder_id !== undefined ? { folder_id: body.folder_id } : {}),
      ...(body.url !== undefined ? { url: checkUrl(body.url) } : {}),
      ...(body.file_name !== undefined ? { file_name: cleanFileName(body.file_name) } : {}),
      updated_at: ctx.clock.now(),
    })
    const doc = presentDocument(after)
    return {
      result: doc,
      siteId: after.site_id,
      entityId: id,
      before: presentDocument(before),
      after: doc,
      label: documentLabel(after),
      events: [{ type: 'document.updated', siteId: after.site_id, data: doc }],
      readers: await readersOf(tx, after),
    }
  })
}

/** Removes a stored file; a failure is logged (an orphaned file), never the caller's problem. */
async function removeFile(ctx: Ctx, key: string): Promise<void> {
  try {
    await ctx.deps.storage.delete(key)
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not remove a stored document file')
  }
}

/** Soft delete: 404 from then on (download too); the stored file goes unless another live document of the site uses it. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  let unused: string | undefined
  await mutate(ctx, { entity: documentEntity, action: 'Delete' }, async (tx) => {
    const before = (await q.lockDocument(tx, id)) ?? notFound(documentEntity)
    const now = ctx.clock.now()
    if (before.storage_key && before.checksum) await q.lockStoredFile(tx, before.site_id, before.checksum)
    await q.softDeleteDocument(tx, id, now)
    unused = before.storage_key && !(await q.fileInUse(tx, before.storage_key, id)) ? before.storage_key : undefined
    const doc = presentDocument(before)
    return {
      result: undefined,
      siteId: before.site_id,
      entityId: id,
      before: { deleted_at: null },
      current: doc,
      after: { deleted_at: now },
      label: documentLabel(before),
      metadata: { document_type: before.document_type, file_name: before.file_name, url: before.url, file_removed: unused !== undefined },
      events: [{ type: 'document.deleted', siteId: before.site_id, data: doc }],
      readers: await readersOf(tx, before),
    }
  })
  if (unused) await removeFile(ctx, unused)
}

export type Download = { kind: 'url'; url: string } | { kind: 'file'; stream: Readable; size: number; mime: string; fileName: string }

/** GET /documents/{id}/download: the stored file, or the URL to redirect to; 404 for a deleted document or site. */
export async function download(ctx: Ctx, id: string): Promise<Download> {
  const row = await liveOr404(ctx, id)
  if (row.url !== null) return { kind: 'url', url: row.url }
  const file = row.storage_key ? await ctx.deps.storage.get(row.storage_key) : undefined
  if (!file) {
    ctx.log.error({ document_id: id }, 'the stored file of a live document is missing')
    return notFound(documentEntity)
  }
  return { kind: 'file', stream: file.stream, size: file.size, mime: row.mime_type ?? 'application/octet-stream', fileName: row.file_name ?? `document-${id}` }
}
