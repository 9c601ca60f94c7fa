import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import tar from 'tar-stream'
import { packageVersion } from '../../config.js'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { ReadDb } from '../../db/client.js'
import { siteEntity } from '../sites/entity.js'
import { siteByRef } from '../sites/service.js'
import { spoolDir } from '../../platform/storage/index.js'
import { ARCHIVE_FORMAT, FORMAT_VERSION, MANIFEST, fileName, type Manifest } from './archive.schemas.js'
import { countOf, fileCount, inSnapshot, localeMap, rowsOf, storedFiles } from './export.queries.js'
import { refreshStatistics } from '../../db/statistics.js'
import { noProgress, type Progress } from './progress.rules.js'
import { TABLES, type TableSpec } from './tables.queries.js'

/*
 * `atrium export` and POST /sites/{site_id}/export. Streams: rows are read in
 * keyset batches of BATCH, each table's NDJSON is spooled to a temporary file under the data directory (a tar entry
 * needs its size before its bytes) and appended, stored files are copied from storage (S3 or the data directory)
 * straight into the archive; so memory stays flat whatever the site's size. On a PostgreSQL server the reads run in
 * one read-only repeatable-read transaction (one snapshot: an archive never names a row it does not hold); the
 * embedded database has one writer at a time anyway.
 */

/** The site record as it travels: every column but deleted_at. */
function siteRecord(row: Record<string, unknown>): Record<string, unknown> {
  const { deleted_at: _d, ...rest } = row
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>
}

/** A row as it is archived (see tables.queries.ts): locale mapped, file named, secrets and derived values left out. */
function archived(spec: TableSpec, row: Record<string, unknown>, locales: Map<string, string>): Record<string, unknown> | undefined {
  if (spec.localized) {
    const to = locales.get(row.locale_id as string)
    if (!to) return undefined
    row.locale_id = to
  }
  if ('storage_key' in row) {
    const key = row.storage_key as string | null
    delete row.storage_key
    row.file = key ? fileName(key) : null
  }
  if (spec.name === 'webhooks') row.is_active = false
  if (spec.name === 'content_sites') row.position = 0
  return row
}

/** Adds one entry whose bytes come from a stream of known size (tar-stream asks for it up front). */
async function addStream(pack: tar.Pack, name: string, size: number, body: NodeJS.ReadableStream): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date(0) }, (err) => (err ? reject(err) : resolve()))
    body.once('error', (e: Error) => {
      entry.destroy(e)
      reject(e)
    })
    body.pipe(entry)
  })
}

/** Writes one table's NDJSON to a spool file, then into the archive; returns the rows written. */
async function addTable(
  db: ReadDb,
  pack: tar.Pack,
  spec: TableSpec,
  siteId: string,
  dir: string,
  locales: Map<string, string>,
  progress: Progress,
): Promise<number> {
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.export`)
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 })
  let n = 0
  try {
    for await (const rows of rowsOf(db, spec, siteId)) {
      let chunk = ''
      for (const row of rows) {
        const a = archived(spec, row, locales)
        if (!a) continue
        chunk += `${JSON.stringify(a)}\n`
        n++
      }
      if (!out.write(chunk)) await once(out, 'drain')
      progress.advance(rows.length)
    }
    out.end()
    await once(out, 'close')
    const { size } = await stat(file)
    await addStream(pack, `${spec.name}.ndjson`, size, createReadStream(file))
  } finally {
    out.destroy()
    await unlink(file).catch(() => undefined)
  }
  return n
}

export interface ExportOutcome {
  manifest: Manifest
  /** Rows per table and files as written (the manifest's counts are taken before). */
  counts: Record<string, number>
}

/** `complete` runs once every entry is written, before the archive's end is: a reader that sees the end sees its effects. */
async function writeArchive(
  ctx: Ctx,
  db: ReadDb,
  siteId: string,
  out: Writable,
  progress: Progress,
  complete: (counts: Record<string, number>) => Promise<void>,
): Promise<ExportOutcome> {
  const siteRow = await siteByRef(db, siteId)
  const counts: Record<string, number> = {}
  for (const spec of TABLES) counts[spec.name] = await countOf(db, spec, siteId)
  counts.files = (await fileCount(db, 'media', siteId)) + (await fileCount(db, 'documents', siteId))
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    format_version: FORMAT_VERSION,
    atrium_version: packageVersion(),
    site: siteRecord(siteRow),
    created_at: ctx.clock.now().toISOString(),
    counts,
  }
  const pack = tar.pack()
  const written = pipeline(pack, createGzip(), out)
  // A failed write (client gone, disk full) ends the loop below at its next entry instead of hanging on backpressure.
  let failed: Error | undefined
  written.catch((e: unknown) => {
    failed = e instanceof Error ? e : new Error(String(e))
    pack.destroy(failed)
  })
  const dir = spoolDir(ctx.deps.config)
  await mkdir(dir, { recursive: true })
  const done: Record<string, number> = {}
  try {
    const body = Buffer.from(JSON.stringify(manifest, null, 2))
    pack.entry({ name: MANIFEST, size: body.length, mode: 0o644, mtime: new Date(0) }, body)
    const locales = await localeMap(db, siteId)
    for (const spec of TABLES) {
      progress.step(spec.name, counts[spec.name] ?? 0)
      done[spec.name] = await addTable(db, pack, spec, siteId, dir, locales, progress)
      if (failed) throw failed
    }
    progress.step('files', counts.files ?? 0)
    let files = 0
    for (const ns of ['media', 'documents'] as const) {
      for await (const keys of storedFiles(db, ns, siteId)) {
        for (const key of keys) {
          const obj = await ctx.deps.storage.get(key)
          // A record whose file is gone from storage travels without it (import keeps the record, fileless).
          if (!obj) continue
          await addStream(pack, `files/${ns}/${fileName(key)}`, obj.size, obj.stream)
          files++
          progress.advance(1)
          if (failed) throw failed
        }
      }
    }
    done.files = files
    await complete(done)
    pack.finalize()
    await written
  } catch (e) {
    pack.destroy()
    await written.catch(() => undefined)
    throw e
  } finally {
    progress.stop()
  }
  return { manifest, counts: done }
}

/**
 * Writes the archive of a live site (id or slug) to `out`; audited (action Export) once every entry is written.
 * On a PostgreSQL server the reads share one snapshot.
 */
export async function exportSite(ctx: Ctx, siteRef: string, out: Writable, progress: Progress = noProgress): Promise<ExportOutcome> {
  const site = await siteByRef(ctx.db, siteRef)
  // Audited before the archive's last bytes, so a client that has read the whole archive finds the audit entry.
  const audit = (counts: Record<string, number>) =>
    mutate(ctx, { entity: siteEntity, action: 'Export' }, () =>
      Promise.resolve({ result: undefined, siteId: site.id, entityId: site.id, metadata: { slug: site.slug, counts } }),
    )
  // Embedded, the keyset reads need planner statistics (db/statistics.ts): without them they grow quadratic.
  await refreshStatistics(ctx.deps.dbh)
  return inSnapshot(ctx.deps.dbh, ctx.db, (db) => writeArchive(ctx, db, site.id, out, progress, audit))
}
