import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import tar from 'tar-stream'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'
import { ApiError, conflict, validation } from '../../http/errors.js'
import { userIdOf } from '../../platform/jwt.js'
import { newStorageKey, spoolDir } from '../../platform/storage/index.js'
import { generateWebhookSecret } from '../../platform/webhook-signing.js'
import { makeVariants } from '../media/variants.service.js'
import { siteEntity } from '../sites/entity.js'
import { present, slugTaken } from '../sites/service.js'
import type { Site } from '../sites/schemas.js'
import { LINE_MAX_BYTES, MANIFEST, MANIFEST_MAX_BYTES, placeholder, type Manifest } from './archive.schemas.js'
import { ArchiveError, checkManifest } from './manifest.rules.js'
import * as q from './import.queries.js'
import { noProgress, type Progress } from './progress.rules.js'
import { specOf, TABLES, type TableSpec } from './tables.queries.js'

/*
 * `atrium import` and POST /sites/import: a new site from an archive, all or
 * nothing. Everything runs in one transaction (one mutation, audited as Import); the archive is read once, as a
 * stream: NDJSON line by line, rows inserted in batches, stored files spooled one at a time, put into storage
 * under new keys and their variants made again. Any failure (a bad archive, a row the database refuses, Ctrl+C)
 * rolls the transaction back and removes every file this import put into storage.
 *
 * Ids are kept where free. A row whose id is taken in this database gets a new one, and every reference to it
 * (tables.ts `refs`, the media and locale ids inside content templates, notifications' entity ids) follows. Rows
 * always come after the rows they name, except within a tree (folders, categories, pages, menu items), whose
 * parent references are set once the whole table is in. Only remapped ids are remembered.
 */

const BATCH = 500

/** A dry run's way out of its transaction (nothing it did is kept). */
class DryRun extends Error {
  constructor(
    readonly site: Site,
    readonly counts: Record<string, number>,
  ) {
    super('dry run')
  }
}

export interface ImportOptions {
  /** The new site's slug (default: the archived one). */
  as?: string | undefined
  /** Validate and count; nothing is kept. */
  dryRun?: boolean | undefined
  /** Ctrl+C, a client gone: the import stops and leaves nothing behind. */
  signal?: AbortSignal | undefined
  progress?: Progress | undefined
}

export interface ImportOutcome {
  site: Site
  counts: Record<string, number>
  dry_run: boolean
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Remapped ids, per table; an id not here was kept. */
class IdMap {
  private readonly maps = new Map<string, Map<string, string>>()
  set(table: string, from: string, to: string): void {
    let m = this.maps.get(table)
    if (!m) {
      m = new Map<string, string>()
      this.maps.set(table, m)
    }
    m.set(from, to)
  }
  of(table: string, id: string): string
  of(table: string, id: string | null | undefined): string | null
  of(table: string, id: string | null | undefined): string | null {
    if (id === null || id === undefined) return null
    return this.maps.get(table)?.get(id) ?? id
  }
  get remapped(): number {
    let n = 0
    for (const m of this.maps.values()) n += m.size
    return n
  }
}

interface State {
  ctx: Ctx
  tx: Tx
  siteId: string
  ids: IdMap
  counts: Record<string, number>
  /** Storage keys this import wrote (removed again when it fails). */
  written: string[]
  dryRun: boolean
  progress: Progress
  signal: AbortSignal | undefined
  /** Tables seen so far (the archive's order is checked). */
  seen: Set<string>
  /** The manifest's counts (progress totals). */
  expected: Record<string, number>
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Media and locale ids inside a content template's data (the keys POST /blogs and /pages take from it). */
function remapTemplate(data: unknown, ids: IdMap): unknown {
  if (!isObject(data)) return data
  const out: Record<string, unknown> = { ...data }
  for (const k of ['cover_image_id', 'header_image_id']) {
    const v = out[k]
    if (typeof v === 'string') out[k] = ids.of('media', v)
  }
  const locs: unknown = out.localizations
  if (Array.isArray(locs)) {
    out.localizations = locs.map((l: unknown) => (isObject(l) && typeof l.locale_id === 'string' ? { ...l, locale_id: ids.of('locales', l.locale_id) } : l))
  }
  const sections: unknown = out.sections
  if (Array.isArray(sections)) {
    out.sections = sections.map((x: unknown) =>
      isObject(x) && typeof x.cover_image_id === 'string' ? { ...x, cover_image_id: ids.of('media', x.cover_image_id) } : x,
    )
  }
  return out
}

const ENTITY_TABLES: Record<string, string> = { blog: 'blogs', page: 'pages', skill: 'skills', cv_entry: 'cv_entries' }

/** One archived row as it is inserted here: the new site, remapped references, values this installation derives. */
function prepare(st: State, spec: TableSpec, row: Record<string, unknown>): Record<string, unknown> {
  if ('site_id' in row) row.site_id = st.siteId
  for (const [column, target] of Object.entries(spec.refs ?? {})) {
    if (column === spec.tree) continue
    if (typeof row[column] === 'string') row[column] = st.ids.of(target, row[column])
  }
  if (spec.tree) row[spec.tree] = null
  if ('file' in row) {
    const file = row.file
    delete row.file
    row.storage_key = typeof file === 'string' && /^[0-9a-f]{40}$/.test(file) ? placeholder(spec.name === 'media' ? 'media' : 'documents', file) : null
  }
  switch (spec.name) {
    case 'media':
      row.variants = []
      break
    case 'webhooks':
      row.secret = generateWebhookSecret()
      row.is_active = false
      break
    case 'site_members':
      if (typeof row.idp_user_id !== 'string' || row.idp_user_id === '') throw new ArchiveError('site_members.ndjson: a member without idp_user_id')
      row.user_id = userIdOf(row.idp_user_id)
      break
    case 'content_templates':
      row.template_data = remapTemplate(row.template_data, st.ids)
      break
    case 'notifications': {
      const table = ENTITY_TABLES[row.entity_type as string]
      if (table && typeof row.entity_id === 'string') row.entity_id = st.ids.of(table, row.entity_id)
      break
    }
    case 'ai_configs':
      row.api_key_encrypted = null
      row.api_key_key_id = null
      row.api_key_masked = null
      break
  }
  return q.toColumns(spec.table, row)
}

/** What the database said (drizzle wraps it: the query is in the message, the reason in the cause). */
function dbReason(e: unknown): string {
  const err = e as { message?: string; cause?: { message?: string } }
  return (err.cause?.message ?? err.message ?? String(e)).split('\n')[0]?.slice(0, 300) ?? ''
}

/** Gives each row whose id is taken here a new id (remembered for the references that follow). */
async function keepOrRemap(st: State, spec: TableSpec, rows: Array<Record<string, unknown>>): Promise<void> {
  if (spec.keys.length !== 1 || spec.keys[0] !== 'id') return
  const wanted = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string')
  if (wanted.length === 0) return
  const taken = await q.takenIds(st.tx, spec, wanted)
  for (const r of rows) {
    if (typeof r.id !== 'string') throw new ArchiveError(`${spec.name}.ndjson: a row without id`)
    if (!taken.has(r.id)) continue
    const fresh = randomUUID()
    st.ids.set(spec.name, r.id, fresh)
    r.id = fresh
  }
}

async function insertBatch(st: State, spec: TableSpec, rows: Array<Record<string, unknown>>, trees: Array<[string, string]>): Promise<void> {
  if (rows.length === 0) return
  // Parent references of a tree are set after the whole table (a child may come before its parent).
  if (spec.tree) for (const r of rows) if (typeof r[spec.tree] === 'string') trees.push([r.id as string, r[spec.tree] as string])
  await keepOrRemap(st, spec, rows)
  const values = rows.map((r) => prepare(st, spec, r))
  try {
    await q.insertRows(st.tx, spec, values)
  } catch (e) {
    throw new ArchiveError(`${spec.name}.ndjson: the database refused a row (${dbReason(e)})`)
  }
  st.counts[spec.name] = (st.counts[spec.name] ?? 0) + rows.length
  st.progress.advance(rows.length)
}

/** Sets the parent references of a tree table (remapped like any reference). */
async function linkTree(st: State, spec: TableSpec, pairs: Array<[string, string]>): Promise<void> {
  if (!spec.tree || pairs.length === 0) return
  const target = spec.refs?.[spec.tree] ?? spec.name
  for (let i = 0; i < pairs.length; i += BATCH) {
    const part = pairs.slice(i, i + BATCH).map(([child, parent]): [string, string] => [st.ids.of(spec.name, child), st.ids.of(target, parent)])
    await q.linkTree(st.tx, spec, spec.tree, part)
  }
}

/** Reads one NDJSON entry line by line, inserting in batches. */
async function readTable(st: State, spec: TableSpec, entry: Readable): Promise<void> {
  const index = TABLES.indexOf(spec)
  for (const later of TABLES.slice(index + 1))
    if (st.seen.has(later.name)) throw new ArchiveError(`${spec.name}.ndjson comes after ${later.name}.ndjson: not an archive this version wrote`)
  if (st.seen.has(spec.name)) throw new ArchiveError(`${spec.name}.ndjson appears twice`)
  st.seen.add(spec.name)
  st.counts[spec.name] = 0
  st.progress.step(spec.name, st.expected[spec.name] ?? 0)
  const lines = createInterface({ input: entry, crlfDelay: Infinity })
  const trees: Array<[string, string]> = []
  let batch: Array<Record<string, unknown>> = []
  let n = 0
  for await (const line of lines) {
    n++
    if (line.trim() === '') continue
    if (line.length > LINE_MAX_BYTES) throw new ArchiveError(`${spec.name}.ndjson line ${n} is too long`)
    let row: unknown
    try {
      row = JSON.parse(line)
    } catch {
      throw new ArchiveError(`${spec.name}.ndjson line ${n} is not JSON`)
    }
    if (!isObject(row)) throw new ArchiveError(`${spec.name}.ndjson line ${n} is not an object`)
    batch.push(row)
    if (batch.length >= BATCH) {
      if (st.signal?.aborted) throw st.signal.reason
      await insertBatch(st, spec, batch, trees)
      batch = []
    }
  }
  await insertBatch(st, spec, batch, trees)
  await linkTree(st, spec, trees)
}

/** Spools one stored file, checks it against its records' checksum, stores it under a new key and fills its records in. */
async function readFile(st: State, ns: 'media' | 'documents', name: string, entry: Readable): Promise<void> {
  const key = placeholder(ns, name)
  const row = await q.fileTarget(st.tx, ns, st.siteId, key)
  if (!row) {
    // A file no record names (its records did not travel): skipped.
    entry.resume()
    return
  }
  const dir = spoolDir(st.ctx.deps.config)
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.import`)
  const hash = createHash('sha256')
  try {
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk)
        done(null, chunk)
      },
    })
    await pipeline(entry, meter, createWriteStream(file, { flags: 'wx', mode: 0o600 }))
    const sha = hash.digest('hex')
    if (row.checksum && row.checksum !== sha) throw new ArchiveError(`files/${ns}/${name} does not match its records' checksum (a corrupt archive)`)
    if (st.dryRun) return q.setStoredFile(st.tx, ns, st.siteId, key, null)
    const newKey = newStorageKey(ns)
    st.written.push(newKey)
    await st.ctx.deps.storage.put(newKey, createReadStream(file), row.mime ? { contentType: row.mime } : {})
    if (ns === 'media') {
      const image = await makeVariants(st.ctx.deps.storage, file, row.mime ?? '', newKey)
      st.written.push(...image.variants.map((v) => v.key))
      await q.setStoredFile(st.tx, ns, st.siteId, key, newKey, image.variants)
    } else {
      await q.setStoredFile(st.tx, ns, st.siteId, key, newKey)
    }
  } finally {
    await unlink(file).catch(() => undefined)
  }
}

/** Reads the manifest entry (bounded). */
async function readManifest(entry: AsyncIterable<Buffer>): Promise<Manifest> {
  const parts: Buffer[] = []
  let size = 0
  for await (const chunk of entry) {
    size += chunk.length
    if (size > MANIFEST_MAX_BYTES) throw new ArchiveError('manifest.json is too large')
    parts.push(chunk)
  }
  try {
    return checkManifest(JSON.parse(Buffer.concat(parts).toString('utf8')))
  } catch (e) {
    if (e instanceof ArchiveError) throw e
    throw new ArchiveError('manifest.json is not JSON')
  }
}

/** The new site row: the archived record under a free id, with the slug asked for. */
async function insertSite(st: State, manifest: Manifest, slug: string): Promise<Site> {
  const rec = manifest.site
  st.siteId = (await q.siteIdTaken(st.tx, rec.id as string)) ? randomUUID() : (rec.id as string)
  try {
    return present(await q.insertSite(st.tx, { ...rec, id: st.siteId, slug, deleted_at: null }))
  } catch (e) {
    throw new ArchiveError(`the site record was refused by the database (${dbReason(e)})`)
  }
}

const ZLIB = /incorrect (header|data) check|invalid literal|invalid (block|distance|stored|code)|unexpected end of file|Z_DATA_ERROR|Z_BUF_ERROR/i
const TAR = /Unexpected end of data|Invalid tar header|Invalid header|Size mismatch/i

function isArchiveStreamError(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException | undefined
  return !!err && (ZLIB.test(err.message ?? '') || ZLIB.test(err.code ?? '') || TAR.test(err.message ?? ''))
}

/** Turns what a broken stream says into what the user needs to hear. */
function archiveFailure(e: unknown): unknown {
  if (e instanceof ApiError) return e
  const err = e as NodeJS.ErrnoException
  const msg = err?.message ?? String(e)
  if (ZLIB.test(err?.code ?? '') || ZLIB.test(msg)) {
    return new ArchiveError(
      /unexpected end of file/i.test(msg)
        ? 'the archive is truncated (it ends before its last file)'
        : 'the archive is not a valid gzip file (corrupt, or not an Atrium archive)',
    )
  }
  if (TAR.test(msg))
    return new ArchiveError(
      /Unexpected end of data/i.test(msg) ? 'the archive is truncated (it ends before its last file)' : `the archive is not a valid tar file (${msg})`,
    )
  return e
}

async function readArchive(st: State, input: Readable, slugAs: string | undefined): Promise<Site> {
  const extract = tar.extract()
  // Settles with the stream's own error (truncated, corrupt), or undefined once it is all read; never rejects.
  const gunzip = createGunzip()
  const source = new Promise<unknown>((resolve) => {
    const fail = (e: unknown) => {
      extract.destroy(e instanceof Error ? e : new Error(String(e)))
      resolve(e)
    }
    input.once('error', fail)
    gunzip.once('error', fail)
    extract.once('error', resolve)
    extract.once('finish', () => resolve(undefined))
    extract.once('close', () => resolve(undefined))
  })
  input.pipe(gunzip).pipe(extract)
  let site: Site | undefined
  let manifest: Manifest | undefined
  let sawEnd = false
  try {
    for await (const entry of extract) {
      if (st.signal?.aborted) throw st.signal.reason
      const name = entry.header.name.replace(/^\.\//, '')
      if (!manifest) {
        if (name !== MANIFEST) throw new ArchiveError('the archive does not start with manifest.json: not an Atrium site archive')
        manifest = await readManifest(entry as AsyncIterable<Buffer>)
        const slug = slugAs ?? (manifest.site.slug as string)
        if (!SLUG.test(slug) || slug.length > 200) validation('as', 'must be a slug: lower-case letters, digits and single hyphens')
        if (await slugTaken(st.tx, slug)) conflict(`A site with slug "${slug}" already exists: choose another with --as (HTTP: ?as=)`)
        site = await insertSite(st, manifest, slug)
        if (manifest.counts && typeof manifest.counts === 'object') st.expected = manifest.counts
        continue
      }
      if (name.endsWith('.ndjson')) {
        const spec = specOf(name.slice(0, -'.ndjson'.length))
        if (!spec) throw new ArchiveError(`unknown entry ${name}`)
        await readTable(st, spec, Readable.from(entry as AsyncIterable<Buffer>))
        continue
      }
      const file = /^files\/(media|documents)\/([0-9a-f]{40})$/.exec(name)
      if (file) {
        if (!st.seen.has('documents')) throw new ArchiveError(`${name} comes before the records: not an archive this version wrote`)
        if (st.counts.files === undefined) st.progress.step('files', manifest.counts.files ?? 0)
        await readFile(st, file[1] as 'media' | 'documents', file[2] as string, Readable.from(entry as AsyncIterable<Buffer>))
        st.counts.files = (st.counts.files ?? 0) + 1
        st.progress.advance(1)
        continue
      }
      throw new ArchiveError(`unknown entry ${name}`)
    }
    sawEnd = true
    const streamError = await source
    if (streamError) throw streamError instanceof Error ? streamError : new Error('the archive could not be read')
  } catch (e) {
    if (!sawEnd) input.destroy()
    const streamError = await source
    // A problem this code named says most; else what the stream said (truncated, corrupt) over what the loop saw of it.
    if (e instanceof ApiError) throw e
    throw archiveFailure(isArchiveStreamError(streamError) ? streamError : e)
  }
  if (!manifest || !site) throw new ArchiveError('the archive is empty')
  // Files gone from storage before the export: their records stay, without a file (as they were).
  const missing = await q.releaseMissingFiles(st.tx, st.siteId)
  if (missing > 0) st.counts.records_without_file = missing
  return site
}

/**
 * Creates a new site from an archive stream, all or nothing. 400 (ArchiveError) for an archive that is not one this
 * version reads, 409 for a taken slug; a dry run reads and checks everything, then keeps nothing.
 */
export async function importSite(ctx: Ctx, input: Readable, opts: ImportOptions = {}): Promise<ImportOutcome> {
  const progress = opts.progress ?? noProgress
  const written: string[] = []
  const abort = () => input.destroy(opts.signal?.reason instanceof Error ? opts.signal.reason : new Error('aborted'))
  opts.signal?.addEventListener('abort', abort, { once: true })
  try {
    const result = await mutate(ctx, { entity: siteEntity, action: 'Import' }, async (tx) => {
      const st: State = {
        ctx,
        tx,
        siteId: '',
        ids: new IdMap(),
        counts: {},
        written,
        dryRun: opts.dryRun === true,
        progress,
        signal: opts.signal,
        seen: new Set(),
        expected: {},
      }
      const site = await readArchive(st, input, opts.as)
      if (opts.signal?.aborted) throw opts.signal.reason
      if (st.dryRun) throw new DryRun(site, st.counts)
      return {
        result: { site, counts: st.counts, dry_run: false },
        siteId: site.id,
        entityId: site.id,
        metadata: { slug: site.slug, counts: st.counts, remapped_ids: st.ids.remapped },
        events: [{ type: 'site.created' as const, siteId: site.id, data: site }],
        readers: { sites: [site.id] },
      }
    })
    return result
  } catch (e) {
    await Promise.all(written.map((k) => ctx.deps.storage.delete(k).catch(() => undefined)))
    if (e instanceof DryRun) return { site: e.site, counts: e.counts, dry_run: true }
    throw e
  } finally {
    opts.signal?.removeEventListener('abort', abort)
    progress.stop()
  }
}
