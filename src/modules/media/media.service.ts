import { Readable } from 'node:stream'
import { requireSite } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import type { RecordScope } from '../../core/entities.js'
import { mutate } from '../../core/mutation.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { ReadDb, Tx } from '../../db/client.js'
import type { MediaRow } from '../../db/schema/media.js'
import { ApiError, notFound, unsupportedType, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import { ifRangeHolds, noneMatchHits, rangeOf } from '../../http/byte-range.js'
import { STORAGE_KEY, type ObjectRange } from '../../platform/storage/index.js'
import { cleanFileName } from '../../core/file-names.js'
import { mediaEntity } from './entity.js'
import * as q from './media.queries.js'
import { mediaMetadataKit } from './metadata.service.js'
import { mediaReferences, sitesShowing } from './references.queries.js'
import { presentMedia } from './present.service.js'
import { MediaDetail, type CreateMediaBody, Media, type MediaListQuery, type MediaMetadata, type MediaReference, type UpdateMediaBody } from './schemas.js'
import { parseRenditionQuery } from './rendition-params.rules.js'
import { dropAll, dropCrops, rendition } from './renditions.service.js'
import { searchQuery, searchText } from './search.rules.js'
import { categoryOf } from './types.rules.js'

/*
 * Media records. Uploads are in upload.service.ts; here: the list (search, mime_category,
 * folder), the record with variants and metadata, external records (POST /media: a file kept elsewhere, named by
 * URL, nothing fetched or stored), updates, soft delete (the stored file and its variants are removed after the
 * commit unless another live record uses them) and the public file route. `is_global` needs Master on the site.
 * The record with its metadata (GET /media/{id}) is cached (core/read-cache.ts) under the record's handle
 * `media:<id>`, which every write to the record, its metadata or its folder membership bumps after commit.
 */

const detailCache = jsonCache('media-detail', MediaDetail, Media)

const liveOr404 = async (ctx: Ctx, id: string) => (await q.findLiveMedia(ctx.db, id)) ?? notFound(mediaEntity)

export async function list(ctx: Ctx, siteId: string, query: MediaListQuery): Promise<Page<Media>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listMedia(
    ctx.db,
    siteId,
    { folderId: query.folder_id, category: query.mime_category, tsquery: searchQuery(query.search) },
    limit,
    offset,
  )
  return paginate(
    rows.map((r) => presentMedia(ctx, r)),
    total,
    query,
  )
}

/** The record with its metadata; `scope`: what the route's access check resolved (the owning site). */
export async function get(ctx: Ctx, id: string, scope?: RecordScope): Promise<RawJson> {
  const site = scope?.siteId ?? (await liveOr404(ctx, id)).site_id
  return detailCache.get(ctx, { site, record: `${mediaEntity.name}:${id}` }, 'id', async () => {
    const [row, metadata] = await Promise.all([liveOr404(ctx, id), mediaMetadataKit.ofKey(ctx.db, id) as Promise<MediaMetadata[]>])
    const detail: MediaDetail = { ...presentMedia(ctx, row), metadata }
    return { value: detail, until: null }
  })
}

/** GET /media/{id}/references: the live blogs and pages of the record's site that use it. */
export async function references(ctx: Ctx, id: string, scope?: RecordScope): Promise<MediaReference[]> {
  const site = scope?.siteId ?? (await liveOr404(ctx, id)).site_id
  return mediaReferences(ctx.db, site, id)
}

/** 400 on folder_id unless it names a live folder of the site. */
export async function checkFolder(db: ReadDb, siteId: string, folderId: string | null | undefined): Promise<void> {
  if (!folderId) return
  const folder = await q.findFolder(db, folderId)
  if (!folder || folder.site_id !== siteId) validation('folder_id', 'must be a media folder of the same site')
}

/** is_global marks a record for every site's use: Master (Owner) on the owning site. */
export async function checkGlobal(ctx: Ctx, siteId: string, isGlobal: boolean | undefined): Promise<void> {
  if (isGlobal) await requireSite(ctx, siteId, 'Master')
}

/** The file name of an external URL: its last path segment, or `file`. */
function nameOfUrl(url: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')
    return last.trim() === '' ? 'file' : last
  } catch {
    return 'file'
  }
}

/** POST /media: a record of an external file (see the header). 201. */
export async function createExternal(ctx: Ctx, body: CreateMediaBody): Promise<Media> {
  const category =
    categoryOf(body.mime_type) ?? unsupportedType(`Type ${body.mime_type} is not accepted: images, video, audio, PDF, Markdown, plain text and archives are`)
  await checkGlobal(ctx, body.site_id, body.is_global)
  const filename = cleanName(body.filename ?? nameOfUrl(body.url))
  const now = ctx.clock.now()
  return mutate(ctx, { entity: mediaEntity, action: 'Create' }, async (tx) => {
    await checkFolder(tx, body.site_id, body.folder_id)
    const row = await q.insertMedia(tx, {
      site_id: body.site_id,
      folder_id: body.folder_id ?? null,
      filename,
      mime_type: body.mime_type,
      mime_category: category,
      size_bytes: body.size_bytes ?? null,
      width: body.width ?? null,
      height: body.height ?? null,
      is_global: body.is_global ?? false,
      external_url: body.url,
      search_text: searchText(filename, []),
      created_at: now,
      updated_at: now,
    })
    return created(ctx, row)
  })
}

/** The mutation result of a new record (shared with uploads). */
export function created(ctx: Ctx, row: MediaRow) {
  const item = presentMedia(ctx, row)
  return {
    result: item,
    siteId: row.site_id,
    entityId: row.id,
    metadata: { filename: row.filename, mime_type: row.mime_type, size_bytes: row.size_bytes, checksum: row.checksum, external_url: row.external_url },
    events: [{ type: 'media.created' as const, siteId: row.site_id, data: item }],
    readers: { records: [{ entity: mediaEntity, id: row.id, siteIds: [row.site_id] }], lists: [row.site_id] },
  }
}

/** A client's file name, sanitised (400 on `filename` when nothing is left). */
export function cleanName(name: string): string {
  try {
    return cleanFileName(name)
  } catch {
    return validation('filename', 'must name a file (not only directories, dots or control characters)')
  }
}

export async function update(ctx: Ctx, id: string, body: UpdateMediaBody): Promise<Media> {
  const current = await liveOr404(ctx, id)
  if (body.is_global !== undefined && body.is_global !== current.is_global) await requireSite(ctx, current.site_id, 'Master')
  let oldFocal: { x: number; y: number } | undefined
  const updated = await mutate(ctx, { entity: mediaEntity, action: 'Update' }, async (tx) => {
    const before = (await q.lockMedia(tx, id)) ?? notFound(mediaEntity)
    await checkFolder(tx, before.site_id, body.folder_id)
    const filename = body.filename !== undefined ? cleanName(body.filename) : undefined
    const after = await q.updateMedia(tx, id, {
      ...(filename !== undefined ? { filename, search_text: searchText(filename, await q.metadataTexts(tx, id)) } : {}),
      ...(body.folder_id !== undefined ? { folder_id: body.folder_id } : {}),
      ...(body.is_global !== undefined ? { is_global: body.is_global } : {}),
      ...(body.focal_x !== undefined ? { focal_x: body.focal_x } : {}),
      ...(body.focal_y !== undefined ? { focal_y: body.focal_y } : {}),
      updated_at: ctx.clock.now(),
    })
    if (after.focal_x !== before.focal_x || after.focal_y !== before.focal_y) oldFocal = { x: before.focal_x, y: before.focal_y }
    const embedded = oldFocal !== undefined || after.filename !== before.filename
    const item = presentMedia(ctx, after)
    return {
      result: item,
      siteId: after.site_id,
      entityId: id,
      before: presentMedia(ctx, before),
      after: item,
      events: [{ type: 'media.updated', siteId: after.site_id, data: item }],
      readers: {
        records: [{ entity: mediaEntity, id, siteIds: [after.site_id] }],
        lists: [after.site_id],
        // Delivery answers embed the image (focal point, file name): every site showing one that does is refreshed.
        ...(embedded ? { sites: await sitesShowing(tx, id) } : {}),
      },
    }
  })
  // The old point's crops are no longer asked for (image_url changed with it): drop them after the commit.
  if (oldFocal) await dropCrops(ctx, current, oldFocal)
  return updated
}

/** Keys of a record's stored file and variants. */
export const keysOf = (row: Pick<MediaRow, 'storage_key' | 'variants'>): string[] =>
  row.storage_key ? [row.storage_key, ...row.variants.map((v) => v.key)] : []

/** Removes stored files; a failure is logged (an orphaned file), never the caller's problem. */
export async function removeFiles(ctx: Ctx, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.deps.storage.delete(key)
    } catch (err) {
      ctx.log.warn({ err, key }, 'could not remove a stored media file')
    }
  }
}

/** Soft delete; the stored file and its variants go unless another live record uses them (decided under a lock). */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  let unused: string[] = []
  let original: string | null = null
  await mutate(ctx, { entity: mediaEntity, action: 'Delete' }, async (tx: Tx) => {
    const before = (await q.lockMedia(tx, id)) ?? notFound(mediaEntity)
    const now = ctx.clock.now()
    if (before.storage_key && before.checksum) await q.lockStoredFile(tx, before.site_id, before.checksum)
    await q.softDeleteMedia(tx, id, now)
    unused = before.storage_key && !(await q.fileInUse(tx, before.storage_key, id)) ? keysOf(before) : []
    original = unused.length > 0 ? before.storage_key : null
    return {
      result: undefined,
      siteId: before.site_id,
      entityId: id,
      before: { deleted_at: null },
      current: presentMedia(ctx, before),
      after: { deleted_at: now },
      metadata: { filename: before.filename, checksum: before.checksum, files_removed: unused.length },
      events: [{ type: 'media.deleted', siteId: before.site_id, data: presentMedia(ctx, before) }],
      readers: { records: [{ entity: mediaEntity, id, siteIds: [before.site_id] }], lists: [before.site_id], sites: await sitesShowing(tx, id) },
    }
  })
  await removeFiles(ctx, unused)
  if (original) await dropAll(ctx, [original])
}

/** The last segment of a key as sent in /media/files/{name}: the key's random id, an optional variant and extension. */
const FILE_NAME = /^[A-Za-z0-9_-]{16,120}(?:\.[A-Za-z0-9]{1,10})?$/
const VARIANT_SUFFIX = /-(thumbnail|small|medium|large)\.(jpg|webp)$/

/** The conditional and range headers of a file request, its raw query (rendition parameters) and Accept. */
export interface FileRequest {
  range?: string | undefined
  ifRange?: string | undefined
  ifNoneMatch?: string | undefined
  query?: string | undefined
  accept?: string | undefined
}

/** What a rendition adds to an answer: its exact size, and whether the format followed Accept (Vary: Accept). */
export interface RenditionFacts {
  image?: { width: number; height: number }
  vary?: boolean
}

export type ServedFile =
  | ({ status: 304; etag: string; mime: string } & RenditionFacts)
  /** The whole file; `size` is its size. */
  | ({ status: 200; etag: string; mime: string; stream: Readable; size: number } & RenditionFacts)
  /** `range` of the file; `size` is the whole file's. */
  | ({ status: 206; etag: string; mime: string; stream: Readable; size: number; range: ObjectRange } & RenditionFacts)

/** 416 with the size, as RFC 9110 asks (`Content-Range: bytes *\/size`). */
const unsatisfiable = (size: number): never => {
  throw new ApiError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable', `The file has ${size} bytes`, undefined, { 'content-range': `bytes */${size}` })
}

/**
 * GET /media/files/{name}: the bytes of a live record's file or variant (404 for anything else, including files of
 * deleted records not yet removed). One indexed look-up by the original's key. A name's bytes never change, so the
 * name is a strong ETag: If-None-Match answers 304 without touching storage, and If-Range holds while it matches.
 * A single byte range is resolved against the size recorded at upload and read from storage as that range only.
 */
export async function file(ctx: Ctx, name: string, req: FileRequest = {}): Promise<ServedFile> {
  if (!FILE_NAME.test(name)) notFound('file')
  const key = `media/${name.slice(0, 2)}/${name}`
  if (!STORAGE_KEY.test(key)) notFound('file')
  const variant = VARIANT_SUFFIX.exec(name)
  const original = variant ? key.slice(0, -variant[0].length) : key
  const wanted = parseRenditionQuery(req.query ?? '')
  if (wanted && !variant) {
    const out = await rendition(ctx, key, wanted, req.accept, req.ifNoneMatch)
    if (out.kind === 'not-modified') return { status: 304, etag: out.etag, mime: out.mime, vary: out.vary }
    if (out.kind === 'rendition') {
      return {
        status: 200,
        etag: out.etag,
        mime: out.mime,
        stream: Buffer.isBuffer(out.body) ? Readable.from([out.body]) : out.body,
        size: out.size,
        vary: out.vary,
        image: { width: out.width, height: out.height },
      }
    }
  } else if (wanted) validation('w', "renditions are made from the original's URL (public_url or image_url), not a variant's")
  const row = (await q.liveMediaByKey(ctx.db, original)) ?? notFound('file')
  const stored = variant ? (row.variants.find((v) => v.key === key) ?? notFound('file')) : { mime_type: row.mime_type, size_bytes: row.size_bytes }
  const etag = `"${name}"`
  if (noneMatchHits(req.ifNoneMatch, etag)) return { status: 304, etag, mime: stored.mime_type }
  const known = stored.size_bytes
  const answer = known !== null && ifRangeHolds(req.ifRange, etag) ? rangeOf(req.range, known) : undefined
  if (answer?.kind === 'unsatisfiable') unsatisfiable(known as number)
  const range = answer?.kind === 'partial' ? answer.range : undefined
  const obj = (await ctx.deps.storage.get(key, range)) ?? notFound('file')
  return range
    ? { status: 206, etag, mime: stored.mime_type, stream: obj.stream, size: obj.size, range }
    : { status: 200, etag, mime: stored.mime_type, stream: obj.stream, size: obj.size }
}
