import { PassThrough, type Readable, Transform } from 'node:stream'
import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site, unscoped } from '../../http/access.js'
import { SiteParams } from '../../http/schemas.js'
import { tooLarge, unsupportedType } from '../../http/errors.js'
import { Site } from '../sites/schemas.js'
import { siteByRef } from '../sites/service.js'
import { exportSite } from './export.service.js'
import { importSite } from './import.service.js'

const Archive = Type.Unsafe<Readable>(
  Type.String({ format: 'binary', description: 'The site archive (gzip-compressed tar: manifest.json, one NDJSON file per table, files/)' }),
)

const ImportQuery = Type.Object({
  as: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', description: "The new site's slug (default: the archived one)" }),
  ),
  dry_run: Type.Boolean({ default: false, description: 'Read and check the whole archive and answer its counts (200); nothing is written' }),
})

const ImportReport = Type.Object(
  {
    site: Site,
    counts: Type.Record(Type.String(), Type.Integer(), { description: 'Rows imported per table, and `files`: stored files' }),
  },
  { $id: 'SiteImportReport' },
)

/** Meters the upload: past `max` bytes the import stops with 413 (nothing kept). */
function limited(body: Readable, max: number): Readable {
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > max) return done(tooLargeError(max))
      done(null, chunk)
    },
  })
  body.on('error', (e) => meter.destroy(e))
  return body.pipe(meter)
}

function tooLargeError(max: number): Error {
  try {
    return tooLarge(`The archive exceeds ATRIUM_IMPORT_MAX_BYTES (${max} bytes); import it with the CLI (atrium import), which has no limit`)
  } catch (e) {
    return e as Error
  }
}

/** The archive's file name: `<slug>-<UTC date>.tar.gz`. */
const archiveName = (slug: string, now: Date) => `${slug}-${now.toISOString().slice(0, 10)}.tar.gz`

const route = operations('Sites', {
  exportSite: [
    'Export a site as an archive',
    'Streams the site as a gzip-compressed tar (`application/gzip`, `Content-Disposition: attachment`): `manifest.json` ' +
      '(format `atrium-site`, `format_version`, `atrium_version`, the site, `created_at`, counts per table), one NDJSON file per ' +
      'table and `files/` (media originals and document files). Never API keys, key usage, AI provider keys, webhook secrets, ' +
      'sessions or raw analytics events; webhooks travel inactive; members by identity-provider id. Audited (action `Export`). ' +
      'The same as `atrium export`; import with POST /sites/import or `atrium import`.',
  ],
  importSite: [
    'Import a site from an archive',
    'Creates a new site from an archive written by POST /sites/{site_id}/export or `atrium export`, sent as the raw body ' +
      '(`Content-Type: application/gzip`), all or nothing. Ids are kept where free, otherwise remapped with every reference. ' +
      'Stored files get new keys; image variants are made again. `as`: the new slug (default: the archived one; taken: 409). ' +
      'An archive that is truncated, corrupt or of a newer `format_version`: 400 naming the problem, nothing written. Over ' +
      '`ATRIUM_IMPORT_MAX_BYTES` (default 2 GiB): 413. Master key or system administrator; audited (action `Import`). ' +
      '`dry_run=true` reads and checks everything and answers 200 with the counts; nothing is kept.',
  ],
})

export const exportRoutes: AppPlugin = async (app) => {
  // The archive arrives raw; the handler streams it (Fastify's body limit does not apply: ATRIUM_IMPORT_MAX_BYTES does).
  app.addContentTypeParser('application/gzip', (_req, payload, done) => done(null, payload))

  app.post(
    '/sites/:site_id/export',
    route('exportSite', { access: site('Admin'), params: SiteParams, produces: ['application/gzip'], response: { 200: Archive } }),
    async (req, reply) => {
      // Unknown or deleted: 404 before any byte is sent.
      const row = await siteByRef(req.ctx.db, req.params.site_id)
      const body = new PassThrough()
      exportSite(req.ctx, row.id, body).catch((e: unknown) => {
        req.log.error({ err: e }, 'site export failed')
        // The client sees the connection end before the archive does (gzip then reports it truncated).
        body.destroy(e instanceof Error ? e : new Error(String(e)))
      })
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${archiveName(row.slug, req.ctx.clock.now())}"`)
        .header('cache-control', 'no-store')
        .send(body)
    },
  )

  app.post(
    '/sites/import',
    // No ETag: the answer is a report (site and counts), not a record.
    route('importSite', {
      access: unscoped('Master'),
      etag: false,
      querystring: ImportQuery,
      rawBody: { mediaType: 'application/gzip', description: 'The archive (gzip-compressed tar)' },
      response: { 200: ImportReport, 201: ImportReport },
    }),
    async (req, reply) => {
      const max = req.ctx.deps.config.importMaxBytes
      const declared = Number(req.headers['content-length'])
      if (Number.isFinite(declared) && declared > max) throw tooLargeError(max)
      const raw = req.body as Readable | undefined
      if (!raw || typeof raw.pipe !== 'function') return unsupportedType('Send the archive as the raw body with Content-Type: application/gzip')
      const abort = new AbortController()
      // The connection closed before the answer (client gone): the import stops and keeps nothing.
      const onClose = () => {
        if (!reply.raw.writableFinished) abort.abort(new Error('the client closed the connection'))
      }
      reply.raw.once('close', onClose)
      try {
        const out = await importSite(req.ctx, limited(raw, max), { as: req.query.as, dryRun: req.query.dry_run, signal: abort.signal })
        return reply.code(out.dry_run ? 200 : 201).send({ site: out.site, counts: out.counts })
      } finally {
        reply.raw.removeListener('close', onClose)
      }
    },
  )
}
