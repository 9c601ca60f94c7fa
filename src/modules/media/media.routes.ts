import multipart from '@fastify/multipart'
import type { Readable } from 'node:stream'
import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { bodySites, level, publicAccess, record, site } from '../../http/access.js'
import { localizationRoutes } from '../../kits/localizations/routes.js'
import { Paginated } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import type { Api } from '../../http/app-types.js'
import { IdParams, NoContent, Problem, SiteParams } from '../../http/schemas.js'
import { formParts } from '../../http/multipart.js'
import { mediaEntity } from './entity.js'
import { mediaFolderRoutes } from './folders.resource.js'
import * as svc from './media.service.js'
import { mediaMetadataKit } from './metadata.service.js'
import {
  CreateMediaBody,
  CreateMediaMetadataBody,
  Media,
  MediaDetail,
  MediaListQuery,
  MediaMetadata,
  MediaReference,
  ReplaceMediaFileForm,
  UpdateMediaBody,
  UpdateMediaMetadataBody,
  UploadMediaForm,
} from './schemas.js'
import { replaceFile } from './replace.service.js'
import * as uploads from './upload.service.js'
const FileBytes = Type.Unsafe<Readable>(Type.String({ format: 'binary', description: 'The file or variant' }))
const FileParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200, description: 'The opaque file name of a `public_url`' }) })
/** The rendition parameters, for the documentation: the service parses the raw query itself (repeats and unknown names are 400s). */
const RenditionQuery = Type.Object({
  w: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Width, 1–4096, rounded up to the ladder, never above the original' })),
  h: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Height, 1–4096, rounded up to the ladder, never above the original' })),
  fit: Type.Optional(Type.Enum(['cover', 'contain', 'inside'], { description: 'cover (default with w and h: focal-point crop), contain, inside' })),
  fmt: Type.Optional(Type.Enum(['auto', 'avif', 'webp', 'jpeg', 'png'], { description: 'auto negotiates AVIF, then WebP, from Accept' })),
  q: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Quality 1–100 (default 75), rounded to a multiple of 5' })),
  v: Type.Optional(Type.String({ pattern: '^[0-9a-f]{8}$', description: 'The focal version image_url carries' })),
})
/** Files and variants never change under a key: a year, immutable. */
const FILE_CACHE = 'public, max-age=31536000, immutable'
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
/** Field parts before the file: a handful of short values. */
const FORM_LIMITS = { fields: 10, fieldSize: 16 * 1024, files: 1, parts: 12, fileSize: Number.MAX_SAFE_INTEGER }
/** PUT /media/{id}/file: the file part, with room for a stray field or two. */
const REPLACE_LIMITS = { ...FORM_LIMITS, fields: 4, parts: 5 }

const route = operations('Media', {
  listSiteMedia: [
    'List the media of a site',
    "Live media, newest first. `search`: every word must begin a word of the filename or of any locale's alt text, caption or title " +
      '(case-insensitive; full-text index, no stemming). `mime_category`: image, video, audio, document or archive. `folder_id`: only ' +
      'the media directly in that folder.',
  ],
  getMedia: 'Get a media record with its variants and metadata',
  listMediaReferences: [
    'List where a media record is used',
    "Live records of the media's site that name it: blog covers (`cover_image_id`) and header images (`header_image_id`), and page " +
      'section covers (`sections.cover_image_id`, once per page), ordered by type, label and field (at most 500). `label` is the blog title in ' +
      "the site's default locale (else another, else the slug) or the page route. Records of other sites are never listed.",
  ],
  createMedia: [
    'Create a media record of an external file',
    'The JSON metadata record of the spec: a file kept elsewhere, named by `url` (http or https); nothing is fetched or stored, ' +
      '`public_url` is the URL, `checksum` null and `variants` empty. `mime_type` is as declared and must be an accepted type (415); ' +
      "`filename` defaults to the URL's last path segment. `is_global` needs Master on the site. Upload files with POST /media/upload.",
  ],
  updateMedia: [
    'Update a media record',
    'Partial update of `filename` (rename; sanitised), `folder_id` (move: a folder of the same site, else 400; null = no folder), `is_global` ' +
      '(changing it needs Master), and `focal_x`, `focal_y` (0–1 from the left and top edge): cover crops keep that point; a new point gives ' +
      'a new `image_url` (its `v`) and drops the stored crops of the old one. A new file for the record: PUT /media/{id}/file.',
  ],
  deleteMedia: [
    'Delete a media record',
    'Soft delete: the record and its files answer 404 from now on; the stored file and its variants are removed unless another live record uses them.',
  ],
  uploadMedia: [
    'Upload a file',
    'multipart/form-data with the fields `site_ids` (a JSON array of site UUIDs, as text; Author on each), `folder_id` (optional: a ' +
      'media folder of one of the sites) and `is_global` (optional true/false, default false; true needs Master), then the `file` part ' +
      '(fields sent after the file are not read). The file is streamed to storage while its SHA-256 is computed; past the smallest ' +
      '`max_upload_bytes` of the sites: 413 and nothing kept. The type is detected from the bytes, never from the name or declared type: ' +
      'images (JPEG, PNG, WebP, GIF, SVG, TIFF, BMP, ICO), video (MP4, WebM, OGG, AVI, MOV), audio (MP3, WAV, OGG, AAC, FLAC), PDF, ' +
      'Markdown (by its .md name), plain text and archives (ZIP, gzip, tar, 7z, RAR, bzip2, xz, zstd); anything else 415. The same bytes ' +
      'already live in the (first) site: 200 with that record; else 201 with the new record and its variants (thumbnail in a 150 px box, ' +
      'small 480, medium 960, large 1920 px wide, never upscaled; none for SVG, animated or undecodable images). Several sites: one ' +
      "record per site sharing the file; the answer is the first site's.",
  ],
  replaceMediaFile: [
    'Replace the file of a media record',
    'multipart/form-data with one part, `file`. The record keeps its id, folder, `is_global`, focal point and per-locale metadata ' +
      "(alt text, caption, title), so every post and page using it shows the new file; it takes the new file's name (sanitised), " +
      'type, size, checksum, dimensions and variants, under a new opaque key: new `public_url` and `image_url` (the old ones answer ' +
      "404 once no other record uses the old file). Checked as POST /media/upload checks a file: past the site's `max_upload_bytes` 413, " +
      "a type outside the accepted list 415, and a type of another category than the record's (an image replaced by a PDF) 415; the " +
      'same bytes already in another live record of the site: 409. Any refusal changes nothing and keeps nothing. One transaction ' +
      "(audited, in the record's history, a `media.updated` event); `If-Match` with the record's ETag is checked under the row lock " +
      '(412 `EDIT_CONFLICT` with `current`). The old file, its variants and its renditions are removed unless another live record ' +
      '(the same upload to several sites) uses them. An external record (POST /media) becomes a stored file.',
  ],
  getMediaFile: [
    'Get a stored media file or variant (no authentication)',
    "The bytes of a live record's file or variant, by the opaque name in its `public_url`, with `Cache-Control: " +
      `${FILE_CACHE}\` (a name never changes content), \`X-Content-Type-Options: nosniff\`, and for SVG \`Content-Security-Policy: ${SVG_CSP}\`. ` +
      "A deleted record's files: 404. The name is the strong `ETag` (quoted): `If-None-Match` with it answers 304. " +
      '`Accept-Ranges: bytes`: one range (`bytes=0-99`, `bytes=100-`, `bytes=-100`) answers 206 with `Content-Range`; a range ' +
      'starting past the end answers 416 `RANGE_NOT_SATISFIABLE` with `Content-Range: bytes */<size>`; several ranges, other ' +
      'units or a malformed header answer the whole file (200). `If-Range` lets the range through only when it is the ETag; a ' +
      'date or another ETag answers the whole file. Streamed from storage (S3: a ranged GetObject), never buffered.\n\n' +
      "**Renditions** (an image's `image_url`, or this URL with parameters): `w`, `h` (1–4096, each rounded up to the next step of 16, 32, " +
      '48, 64, 96, 128, 160, 192, 256, 320, 384, 480, 512, 640, 768, 960, 1024, 1280, 1536, 1920, 2048, 2560, 3072, 3840, 4096, never larger ' +
      'than the original), `fit` (`cover`, the default with both sides: crops around the focal point; `contain`: pads to the box, white ' +
      'for JPEG, else transparent; `inside`, the default otherwise), `fmt` (`auto`: AVIF when Accept names image/avif, else WebP when it ' +
      'names image/webp, else the original type (PNG for GIF and TIFF); `Vary: Accept`; or `avif`, `webp`, `jpeg`, `png`), `q` (1–100, ' +
      'default 75, rounded to a multiple of 5; lossy formats only) and `v` (the focal version `image_url` carries; no transformation by itself). ' +
      'No transforming parameter: the original. Any other parameter, a repeated one or a bad value: 400 naming it, nothing made. A ' +
      'rendition answers `X-Image-Width`, `X-Image-Height`, the same immutable caching and a strong ETag of its own. SVG answers the original; ' +
      'an animated image its first frame; an image over 100 megapixels or one that does not decode: 400 naming `image`. A rendition is made ' +
      'once and kept in storage (`renditions/`, at most ATRIUM_RENDITIONS_MAX_MB in all, least recently used out first); concurrent requests ' +
      'share one transformation; at most ATRIUM_IMAGE_CONCURRENCY run at once, and a request that would wait over 10 s answers 503 with ' +
      '`Retry-After`. Renditions are deleted with their media; a focal-point change drops its cover crops.',
  ],
})

function listRoutes(app: Api): void {
  app.get(
    '/sites/:site_id/media',
    route('listSiteMedia', { access: site('Read'), params: SiteParams, querystring: MediaListQuery, response: { 200: Paginated(Media) } }),
    (req) => svc.list(req.ctx, req.params.site_id, req.query),
  )
}

function recordRoutes(app: Api): void {
  app.get('/media/:id', route('getMedia', { access: record(mediaEntity, 'Read'), params: IdParams, response: { 200: MediaDetail } }), async (req, reply) =>
    sendRaw(reply, await svc.get(req.ctx, req.params.id, req.recordScope)),
  )

  app.get(
    '/media/:id/references',
    route('listMediaReferences', { access: record(mediaEntity, 'Read'), params: IdParams, response: { 200: Type.Array(MediaReference) } }),
    (req) => svc.references(req.ctx, req.params.id, req.recordScope),
  )

  app.post('/media', route('createMedia', { access: bodySites('site_id', 'Author'), body: CreateMediaBody, response: { 201: Media } }), async (req, reply) =>
    reply.code(201).send(await svc.createExternal(req.ctx, req.body)),
  )

  app.put(
    '/media/:id',
    route('updateMedia', { access: record(mediaEntity, 'Author'), params: IdParams, body: UpdateMediaBody, response: { 200: Media } }),
    (req) => svc.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/media/:id',
    route('deleteMedia', { access: record(mediaEntity, 'Author'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await svc.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

function uploadRoute(app: Api): void {
  app.post(
    '/media/upload',
    route('uploadMedia', { access: level('Write'), multipart: UploadMediaForm, response: { 200: Media, 201: Media } }),
    async (req, reply) => {
      const fields: Record<string, string | undefined> = {}
      let file: uploads.UploadInput['file']
      for await (const part of formParts(req, FORM_LIMITS, 'the fields site_ids, folder_id, is_global and then file')) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume()
            continue
          }
          file = { name: part.filename, stream: part.file }
          break
        }
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
      }
      const out = await uploads.upload(req.ctx, { fields, file })
      return reply.code(out.created ? 201 : 200).send(out.media)
    },
  )
}

function replaceRoute(app: Api): void {
  app.put(
    '/media/:id/file',
    route('replaceMediaFile', { access: record(mediaEntity, 'Author'), multipart: ReplaceMediaFileForm, params: IdParams, response: { 200: Media } }),
    async (req) => {
      let file: { name: string; stream: Readable } | undefined
      for await (const part of formParts(req, REPLACE_LIMITS, 'the part file')) {
        if (part.type !== 'file') continue
        if (part.fieldname !== 'file') {
          part.file.resume()
          continue
        }
        file = { name: part.filename, stream: part.file }
        break
      }
      return replaceFile(req.ctx, req.params.id, { file })
    },
  )
}

const oneHeader = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v)

function fileRoute(app: Api): void {
  app.get(
    '/media/files/:name',
    route('getMediaFile', {
      access: publicAccess,
      params: FileParams,
      querystring: RenditionQuery,
      produces: ['application/octet-stream'],
      responseHeaders: ['ETag'],
      response: {
        200: FileBytes,
        206: Type.Unsafe<Readable>(Type.String({ format: 'binary', description: 'The requested byte range (`Content-Range: bytes <first>-<last>/<size>`)' })),
        304: Type.Null({ description: 'Not modified: the If-None-Match ETag is current' }),
        416: { ...Problem, description: 'The range starts past the end of the file (`RANGE_NOT_SATISFIABLE`); `Content-Range: bytes */<size>`' },
      },
    }),
    async (req, reply) => {
      const h = req.headers
      const at = req.url.indexOf('?')
      const out = await svc.file(req.ctx, req.params.name, {
        range: oneHeader(h.range),
        ifRange: oneHeader(h['if-range']),
        ifNoneMatch: oneHeader(h['if-none-match']),
        query: at < 0 ? '' : req.url.slice(at + 1),
        accept: oneHeader(h.accept),
      })
      void reply.header('etag', out.etag).header('cache-control', FILE_CACHE).header('x-content-type-options', 'nosniff')
      if (out.vary) {
        const vary = reply.getHeader('vary')
        void reply.header('vary', vary ? `${String(vary)}, Accept` : 'Accept')
      }
      if (out.status === 304) return reply.code(304).send(null)
      if (out.image) {
        return reply
          .header('content-type', out.mime)
          .header('x-image-width', out.image.width)
          .header('x-image-height', out.image.height)
          .header('content-length', out.size)
          .send(out.stream)
      }
      if (out.mime === 'image/svg+xml') void reply.header('content-security-policy', SVG_CSP)
      void reply.header('content-type', out.mime.startsWith('text/') ? `${out.mime}; charset=utf-8` : out.mime).header('accept-ranges', 'bytes')
      if (out.status === 200) return reply.header('content-length', out.size).send(out.stream)
      const { start } = out.range
      const end = Math.min(out.range.end, out.size - 1)
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${out.size}`)
        .header('content-length', end - start + 1)
        .send(out.stream)
    },
  )
}

export const mediaRoutes: AppPlugin = async (app) => {
  await app.register(multipart, { limits: FORM_LIMITS })
  listRoutes(app)
  recordRoutes(app)
  uploadRoute(app)
  replaceRoute(app)
  fileRoute(app)
  mediaFolderRoutes(app)
  localizationRoutes(app, mediaMetadataKit, {
    parentPath: 'media',
    tag: 'Media',
    name: 'Media',
    naming: { segment: 'metadata', param: 'metadata_id', singular: 'Metadata', plural: 'Metadata' },
    schemas: { item: MediaMetadata, create: CreateMediaMetadataBody, update: UpdateMediaMetadataBody },
    // The spec lists Read for the metadata writes: writes need Author.
    need: { read: 'Read', create: 'Author', update: 'Author', delete: 'Author' },
  })
}
