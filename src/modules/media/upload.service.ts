import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { requireSites } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { MediaRow } from '../../db/schema/media.js'
import { notFound, tooLarge, validation } from '../../http/errors.js'
import { newStorageKey, spoolDir } from '../../platform/storage/index.js'
import { cleanFileName } from '../../core/file-names.js'
import { mediaEntity } from './entity.js'
import * as q from './media.queries.js'
import { checkFolder, created, keysOf, removeFiles } from './media.service.js'
import { presentMedia } from './present.service.js'
import type { Media } from './schemas.js'
import { searchText } from './search.rules.js'
import { detect, SNIFF_BYTES, type Detected } from './types.rules.js'
import { imageSlotsOf } from './renditions.service.js'
import { makeVariants, type ImageInfo } from './variants.service.js'

/*
 * POST /media/upload (spec "Upload form fields", decisions.md "Media"). The form fields come before the file part
 * (they decide the sites and so the size limit); the file is streamed once: through a meter (SHA-256, size, the
 * first 64 KiB kept for type detection) into a spool file under `<ATRIUM_DATA_DIR>/tmp`, never held in memory.
 * Past the smallest `max_upload_bytes` of the named sites the stream is cut: 413 and the spool file removed. The
 * type comes from the bytes (415 outside the accepted list). Deduplication is per site: a site that already has a
 * live record with these bytes keeps it (200 when that is the answered site). Otherwise the bytes are copied into
 * storage under a new opaque key, variants are made inline from the spool file (variants.service.ts: a 24 MP JPEG of
 * 21.7 MB gets all four in 0.3–0.55 s here, so no job queue; figures in the README), and one record per site is
 * written (each its own mutation: audit, media.created). The spool file is always removed (what a killed process
 * leaves is swept by age: platform/storage/spool.ts); stored files that no
 * record ended up using (a concurrent identical upload won the race, an error) are removed too.
 *
 * Several `site_ids`: one record per site, all sharing the stored file; the answer is the record of the first
 * site (201 when it is new, 200 when that site already had the bytes). `folder_id` names a folder of one of the
 * sites and files that site's record only.
 */

class Raced extends Error {
  constructor(readonly row: MediaRow) {
    super('raced')
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_SITES = 20

export interface UploadInput {
  /** Form fields sent before the file part (text values). */
  fields: Record<string, string | undefined>
  /** The file part: the client's file name and the byte stream (undefined: no file part). */
  file?: { name: string; stream: Readable } | undefined
}

export interface UploadResult {
  media: Media
  created: boolean
}

function parseSiteIds(raw: string | undefined): string[] {
  if (raw === undefined) validation('site_ids', 'is required (a JSON array of site ids, sent before the file)')
  let parsed: unknown
  try {
    parsed = JSON.parse(raw ?? '')
  } catch {
    validation('site_ids', 'must be a JSON array of UUIDs, e.g. ["…"]')
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_SITES || !parsed.every((s) => typeof s === 'string' && UUID.test(s))) {
    validation('site_ids', `must be a JSON array of 1 to ${MAX_SITES} UUIDs`)
  }
  const ids = (parsed as string[]).map((s) => s.toLowerCase())
  if (new Set(ids).size !== ids.length) validation('site_ids', 'names a site twice')
  return ids
}

function parseBool(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  return validation('is_global', 'must be true or false')
}

/** The sanitised file name; a name with nothing left becomes `file`. */
export function safeName(name: string): string {
  try {
    return cleanFileName(name)
  } catch {
    return 'file'
  }
}

export interface Spooled {
  path: string
  size: number
  sha256: string
  head: Buffer
}

/** Streams the upload into a spool file, hashing and metering; 413 (file removed) past `limit` bytes. */
export async function spool(dir: string, stream: Readable, limit: number): Promise<Spooled> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${randomBytes(16).toString('hex')}.upload`)
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let headSize = 0
  let size = 0
  let over = false
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > limit) {
        over = true
        return done(new Error('over the upload limit'))
      }
      hash.update(chunk)
      if (headSize < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headSize)
        head.push(Buffer.from(part))
        headSize += part.length
      }
      done(null, chunk)
    },
  })
  try {
    await pipeline(stream, meter, createWriteStream(file, { flags: 'wx', mode: 0o600 }))
  } catch (err) {
    await unlink(file).catch(() => undefined)
    // The rest of the request body is not read: the client gets its answer and the connection is closed.
    stream.resume()
    if (over) tooLarge(`The file exceeds the site's max_upload_bytes (${limit} bytes)`)
    // The request body broke off (or was malformed) before the file ended: the client's problem, nothing kept.
    if (stream.errored || stream.readableAborted) validation('file', 'the upload ended before the file did (cut off or malformed multipart body)')
    throw err
  }
  return { path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(head) }
}

interface Form {
  siteIds: string[]
  folderId: string | undefined
  /** The site of `folderId` (its record is filed there). */
  folderSite: string | undefined
  isGlobal: boolean
  /** The smallest max_upload_bytes of the sites. */
  limit: number
}

/** Fields, access (Author on every site; Master for is_global), folder and size limit; 400/403/404 before any byte is read. */
async function readForm(ctx: Ctx, input: UploadInput): Promise<Form> {
  const siteIds = parseSiteIds(input.fields.site_ids)
  const folderId = input.fields.folder_id || undefined
  if (folderId !== undefined && !UUID.test(folderId)) validation('folder_id', 'must be a UUID')
  const isGlobal = parseBool(input.fields.is_global)
  if (!input.file) validation('file', 'is required (a file part after the other fields)')
  await requireSites(ctx, siteIds, 'Author')
  if (isGlobal) await requireSites(ctx, siteIds, 'Master')
  let folderSite: string | undefined
  if (folderId) {
    const folder = await q.findFolder(ctx.db, folderId)
    folderSite = folder && siteIds.includes(folder.site_id) ? folder.site_id : validation('folder_id', 'must be a media folder of one of the sites in site_ids')
  }
  const limits = await q.siteUploadLimits(ctx.db, siteIds)
  const limit = Math.min(...siteIds.map((s) => limits.get(s) ?? notFound('site')))
  return { siteIds, folderId, folderSite, isGlobal, limit }
}

interface NewFile {
  filename: string
  spooled: Spooled
  type: Detected
  key: string
  image: ImageInfo
}

/** The record of one site in its own mutation; a live record with the same bytes that appeared meanwhile wins. */
async function insertFor(ctx: Ctx, siteId: string, form: Form, f: NewFile): Promise<MediaRow> {
  return mutate(ctx, { entity: mediaEntity, action: 'Create' }, async (tx) => {
    await q.lockStoredFile(tx, siteId, f.spooled.sha256)
    const raced = await q.liveByChecksum(tx, siteId, f.spooled.sha256)
    // A concurrent upload of the same bytes to this site won: keep its record (nothing is written here).
    if (raced) throw new Raced(raced)
    const folderId = form.folderSite === siteId ? (form.folderId ?? null) : null
    await checkFolder(tx, siteId, folderId)
    const now = ctx.clock.now()
    const inserted = await q.insertMedia(tx, {
      site_id: siteId,
      folder_id: folderId,
      filename: f.filename,
      mime_type: f.type.mime,
      mime_category: f.type.category,
      size_bytes: f.spooled.size,
      checksum: f.spooled.sha256,
      width: f.image.width,
      height: f.image.height,
      is_global: form.isGlobal,
      storage_key: f.key,
      variants: f.image.variants,
      search_text: searchText(f.filename, []),
      created_at: now,
      updated_at: now,
    })
    return { ...created(ctx, inserted), result: inserted }
  }).catch((err: unknown) => {
    if (err instanceof Raced) return err.row
    throw err
  })
}

export async function upload(ctx: Ctx, input: UploadInput): Promise<UploadResult> {
  let spooled: Spooled | undefined
  try {
    const form = await readForm(ctx, input)
    const file = input.file as NonNullable<UploadInput['file']>
    const filename = safeName(file.name)
    spooled = await spool(spoolDir(ctx.deps.config), file.stream, form.limit)
    if (spooled.size === 0) validation('file', 'must not be empty')
    const type = await detect(spooled.head, spooled.size <= SNIFF_BYTES, filename)

    const rows = new Map<string, MediaRow>()
    for (const s of form.siteIds) {
      const found = await q.liveByChecksum(ctx.db, s, spooled.sha256)
      if (found) rows.set(s, found)
    }
    const first = form.siteIds[0] as string
    const missing = form.siteIds.filter((s) => !rows.has(s))
    if (missing.length === 0) return { media: presentMedia(ctx, rows.get(first) as MediaRow), created: false }

    const key = newStorageKey('media')
    await ctx.deps.storage.put(key, createReadStream(spooled.path), { contentType: type.mime })
    const image = await makeVariants(ctx.deps.storage, spooled.path, type.mime, key, imageSlotsOf(ctx.deps)).catch((): ImageInfo => ({
      width: null,
      height: null,
      variants: [],
    }))
    const f: NewFile = { filename, spooled, type, key, image }
    const made = new Set<string>()
    try {
      for (const siteId of missing) {
        const row = await insertFor(ctx, siteId, form, f)
        rows.set(siteId, row)
        if (row.storage_key === key) made.add(siteId)
      }
    } finally {
      if (made.size === 0) await removeFiles(ctx, keysOf({ storage_key: key, variants: image.variants }))
    }
    return { media: presentMedia(ctx, rows.get(first) as MediaRow), created: made.has(first) }
  } catch (err) {
    input.file?.stream.resume()
    throw err
  } finally {
    if (spooled) await unlink(spooled.path).catch(() => undefined)
  }
}
