import { createReadStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { MediaRow } from '../../db/schema/media.js'
import { conflict, notFound, unsupportedType, validation } from '../../http/errors.js'
import { newStorageKey, spoolDir } from '../../platform/storage/index.js'
import { mediaEntity } from './entity.js'
import * as q from './media.queries.js'
import { keysOf, removeFiles } from './media.service.js'
import { presentMedia } from './present.service.js'
import { sitesShowing } from './references.queries.js'
import { dropAll, imageSlotsOf } from './renditions.service.js'
import type { Media } from './schemas.js'
import { searchText } from './search.rules.js'
import { detect, SNIFF_BYTES } from './types.rules.js'
import { safeName, spool, type Spooled } from './upload.service.js'
import { makeVariants, type ImageInfo } from './variants.service.js'

/*
 * PUT /media/{id}/file: a new file for an existing record. The record keeps its id, site, folder, is_global, focal
 * point, per-locale metadata (alt text, caption, title) and so every reference to it (blog covers, section covers);
 * it takes the new file's name (sanitised), type, size, checksum, dimensions, variants and so new `public_url` and
 * `image_url` (a new opaque key: the old URLs are cached as immutable, so the bytes under them never change).
 *
 * The upload is checked as POST /media/upload checks it: streamed to a spool file under the site's max_upload_bytes
 * (413, nothing kept), the type detected from the bytes (415 outside the accepted list), and it must be of the
 * record's category (an image stays an image: the posts showing it expect one; 415 otherwise). The same bytes live
 * in another record of the site: 409 (deduplication per site). The new file and its variants are stored before the
 * write; the write (one transaction: row, audit, history, media.updated, the If-Match check under the row lock)
 * then swaps them in. After the commit the old file, its variants and its renditions are removed unless another
 * live record (the same upload to several sites) still uses them; when the write fails, the new ones are removed.
 */

export interface ReplaceInput {
  /** The file part: the client's file name and the byte stream (undefined: no file part). */
  file?: { name: string; stream: Readable } | undefined
}

interface Stored {
  key: string
  image: ImageInfo
}

/** The advisory locks of both files' bytes, in one order (two replaces swapping files never wait on each other). */
async function lockFiles(tx: Parameters<typeof q.lockStoredFile>[0], siteId: string, checksums: Array<string | null>): Promise<void> {
  const sorted = [...new Set(checksums.filter((c): c is string => !!c))].sort()
  for (const c of sorted) await q.lockStoredFile(tx, siteId, c)
}

export async function replaceFile(ctx: Ctx, id: string, input: ReplaceInput): Promise<Media> {
  let spooled: Spooled | undefined
  let stored: Stored | undefined
  let committed = false
  try {
    const current = (await q.findLiveMedia(ctx.db, id)) ?? notFound(mediaEntity)
    const file = input.file ?? validation('file', 'is required (the new file, as the part named file)')
    const limits = await q.siteUploadLimits(ctx.db, [current.site_id])
    const limit = limits.get(current.site_id) ?? notFound(mediaEntity)
    const filename = safeName(file.name)
    spooled = await spool(spoolDir(ctx.deps.config), file.stream, limit)
    if (spooled.size === 0) validation('file', 'must not be empty')
    const type = await detect(spooled.head, spooled.size <= SNIFF_BYTES, filename)
    if (type.category !== current.mime_category) {
      unsupportedType(`The file is ${type.mime}: a file of category ${current.mime_category} can only be replaced by another ${current.mime_category}`)
    }
    const sha256 = spooled.sha256
    const key = newStorageKey('media')
    await ctx.deps.storage.put(key, createReadStream(spooled.path), { contentType: type.mime })
    stored = { key, image: { width: null, height: null, variants: [] } }
    stored.image = await makeVariants(ctx.deps.storage, spooled.path, type.mime, key, imageSlotsOf(ctx.deps)).catch((): ImageInfo => ({
      width: null,
      height: null,
      variants: [],
    }))
    const image = stored.image
    let old: { keys: string[]; original: string | null } = { keys: [], original: null }
    const result = await mutate(ctx, { entity: mediaEntity, action: 'Update' }, async (tx) => {
      const before: MediaRow = (await q.lockMedia(tx, id)) ?? notFound(mediaEntity)
      await lockFiles(tx, before.site_id, [sha256, before.storage_key ? before.checksum : null])
      const twin = await q.liveByChecksum(tx, before.site_id, sha256)
      if (twin && twin.id !== id) conflict(`The same file is already in the site's library: ${twin.filename} (${twin.id})`)
      const after = await q.updateMedia(tx, id, {
        filename,
        mime_type: type.mime,
        mime_category: type.category,
        size_bytes: spooled?.size ?? null,
        checksum: sha256,
        width: image.width,
        height: image.height,
        storage_key: key,
        variants: image.variants,
        external_url: null,
        search_text: searchText(filename, await q.metadataTexts(tx, id)),
        updated_at: ctx.clock.now(),
      })
      const unused = before.storage_key && !(await q.fileInUse(tx, before.storage_key, id))
      old = unused ? { keys: keysOf(before), original: before.storage_key } : { keys: [], original: null }
      const item = presentMedia(ctx, after)
      return {
        result: item,
        siteId: after.site_id,
        entityId: id,
        before: presentMedia(ctx, before),
        after: item,
        metadata: { file_replaced: true, filename, mime_type: type.mime, size_bytes: after.size_bytes, checksum: sha256, previous_checksum: before.checksum },
        events: [{ type: 'media.updated' as const, siteId: after.site_id, data: item }],
        readers: {
          records: [{ entity: mediaEntity, id, siteIds: [after.site_id] }],
          lists: [after.site_id],
          // Delivery answers embed the image (its URLs, size, name): every site showing it is refreshed.
          sites: await sitesShowing(tx, id),
        },
      }
    })
    committed = true
    await removeFiles(ctx, old.keys)
    if (old.original) await dropAll(ctx, [old.original])
    return result
  } catch (err) {
    input.file?.stream.resume()
    throw err
  } finally {
    if (spooled) await unlink(spooled.path).catch(() => undefined)
    if (stored && !committed) await removeFiles(ctx, keysOf({ storage_key: stored.key, variants: stored.image.variants }))
  }
}
