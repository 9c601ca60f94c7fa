import type { Readable } from 'node:stream'
import type { Sharp } from 'sharp'
import type { Ctx, Deps } from '../../core/context.js'
import type { MediaRow } from '../../db/schema/media.js'
import { ApiError, notFound, validation } from '../../http/errors.js'
import { noneMatchHits } from '../../http/byte-range.js'
import { ImageSlots, SlotTimeout } from '../../platform/image-slots.js'
import { fileName } from './present.service.js'
import { focalVersion, MAX_PIXELS, MIME_OF, outputFormat, planName, planRendition, type RenditionPlan, type RenditionQuery } from './rendition-params.rules.js'
import * as q from './renditions.queries.js'
import { loadSharp, type SharpLib } from './sharp.service.js'

/*
 * Renditions (README.md, "Renditions"): GET /media/files/{name}?w&h&fit&fmt&q answers the image at that size
 * and format, made once and kept in storage under `renditions/` (local directory or S3) with a row per object in
 * media_renditions. The object's key names every parameter that changes its bytes, so a key is made at most once and
 * never changes: a warm request is the record look-up the original costs plus one storage read.
 *
 * Bounded on every side: sizes come from a 25-step ladder and never exceed the original; at most
 * ATRIUM_IMAGE_CONCURRENCY transformations run at once (one process-wide line, shared with nothing else) and a
 * request that waits 10 s for one gets 503 with Retry-After; concurrent requests for one rendition share one
 * transformation; inputs over 100 megapixels are refused from their recorded size before anything is read; the
 * stored total stays under ATRIUM_RENDITIONS_MAX_MB, least recently used out first (the rows carry last_used_at, so
 * the bound holds across instances; a use is written at most once a minute per rendition and instance).
 */

const WAIT_MS = 10_000
const RETRY_AFTER_S = 5
const TOUCH_EVERY_MS = 60_000
/** Formats sharp decodes (SVG is answered as it is; BMP and ICO are not decodable by libvips). */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif'])

interface Made {
  data: Buffer
}

/** Per-instance state: the line of transformations, the ones under way, and when each rendition's use was last written. */
interface State {
  slots: ImageSlots
  making: Map<string, Promise<Made>>
  touched: Map<string, number>
}
const states = new WeakMap<Deps, State>()
function stateOf(deps: Deps): State {
  let s = states.get(deps)
  if (!s) {
    s = { slots: new ImageSlots(deps.config.imageConcurrency), making: new Map(), touched: new Map() }
    states.set(deps, s)
  }
  return s
}

/** The transformation line of an instance, shared by renditions and the variants of uploads (tests and metrics read its load). */
export const imageSlotsOf = (deps: Deps): ImageSlots => stateOf(deps).slots

export type RenditionAnswer =
  /** The original is answered (SVG): the caller serves it as without parameters. */
  | { kind: 'original' }
  | { kind: 'not-modified'; etag: string; mime: string; vary: boolean }
  | { kind: 'rendition'; etag: string; mime: string; vary: boolean; width: number; height: number; size: number; body: Readable | Buffer }

const unreadable = (): never => validation('image', 'cannot be decoded: the stored file is not a readable image')

/** The record whose focal point a request means: the one whose version `v` names, else the oldest. */
function recordFor(rows: MediaRow[], v: string | undefined): MediaRow {
  const named = v === undefined ? undefined : rows.find((r) => focalVersion(r.focal_x, r.focal_y) === v)
  return named ?? (rows[0] as MediaRow)
}

/** The first rendition parameter of the query (a 400 about the request as a whole names it). */
const firstParam = (query: RenditionQuery): string => (['w', 'h', 'fit', 'fmt', 'q'] as const).find((k) => query[k] !== undefined) ?? 'w'

/**
 * A rendition of the original stored under `key` (the route has checked the name). `accept`: the request's Accept
 * (for fmt=auto). Answers the original for SVG, 304 for a current If-None-Match, else the bytes.
 */
export async function rendition(
  ctx: Ctx,
  key: string,
  query: RenditionQuery,
  accept: string | undefined,
  ifNoneMatch: string | undefined,
): Promise<RenditionAnswer> {
  const rows = await q.liveMediaOfKey(ctx.db, key)
  if (rows.length === 0) notFound('file')
  const row = recordFor(rows, query.v)
  if (row.mime_category !== 'image') validation(firstParam(query), 'renditions are made of images only')
  if (row.mime_type === 'image/svg+xml') return { kind: 'original' }
  if (!DECODABLE.has(row.mime_type) || !row.width || !row.height) unreadable()
  const width = row.width as number
  const height = row.height as number
  if (width * height > MAX_PIXELS) validation('image', `has ${width} × ${height} pixels: renditions are made of images up to 100 megapixels`)
  const vary = query.fmt === 'auto'
  const plan = planRendition(query, width, height, outputFormat(query.fmt, accept, row.mime_type))
  const focal = plan.fit === 'cover' ? focalVersion(row.focal_x, row.focal_y) : ''
  const original = fileName(key)
  const rkey = `renditions/${original.slice(0, 2)}/${original}_${planName(plan, focal)}`
  const etag = `"${fileName(rkey)}"`
  const mime = MIME_OF[plan.format]
  if (noneMatchHits(ifNoneMatch, etag)) return { kind: 'not-modified', etag, mime, vary }
  const answer = { kind: 'rendition' as const, etag, mime, vary, width: plan.width, height: plan.height }
  const state = stateOf(ctx.deps)
  const stored = await ctx.deps.storage.get(rkey)
  if (stored) {
    touch(ctx, state, rkey)
    return { ...answer, size: stored.size, body: stored.stream }
  }
  let made = state.making.get(rkey)
  if (!made) {
    made = make(ctx, state, { key, rkey, focal, row, plan }).finally(() => state.making.delete(rkey))
    state.making.set(rkey, made)
  }
  const { data } = await made
  return { ...answer, size: data.length, body: data }
}

/** Writes a use at most once a minute per rendition and instance; never the request's concern. */
function touch(ctx: Ctx, state: State, rkey: string): void {
  const now = ctx.clock.now()
  const last = state.touched.get(rkey)
  if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return
  if (state.touched.size > 10_000) state.touched.clear()
  state.touched.set(rkey, now.getTime())
  q.touchRendition(ctx.deps.dbh.db, rkey, now).catch((err: unknown) => ctx.log.warn({ err }, 'could not record a rendition use'))
}

interface Job {
  key: string
  rkey: string
  focal: string
  row: MediaRow
  plan: RenditionPlan
}

async function make(ctx: Ctx, state: State, job: Job): Promise<Made> {
  let data: Buffer
  try {
    data = await state.slots.run(() => transform(ctx, job), WAIT_MS)
  } catch (err) {
    if (err instanceof SlotTimeout) {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', 'Every image slot is busy; retry shortly', undefined, {
        'retry-after': String(RETRY_AFTER_S),
      })
    }
    throw err
  }
  await store(ctx, job, data)
  return { data }
}

/** Reads the original and makes the rendition (in a slot). A file that does not decode is a 400, never a 500. */
async function transform(ctx: Ctx, job: Job): Promise<Buffer> {
  const obj = (await ctx.deps.storage.get(job.key)) ?? notFound('file')
  const chunks: Buffer[] = []
  for await (const chunk of obj.stream) chunks.push(chunk as Buffer)
  const sharp = await loadSharp()
  try {
    return await pipeline(sharp, Buffer.concat(chunks), job).toBuffer()
  } catch (err) {
    ctx.log.info({ err, key: job.key }, 'an image could not be transformed')
    return unreadable()
  }
}

/** The sharp pipeline of a plan: EXIF orientation applied, first frame only, cover crops centred on the focal point. */
function pipeline(sharp: SharpLib, input: Buffer, { row, plan }: Job): Sharp {
  let img = sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, pages: 1 }).rotate()
  const { width: w, height: h } = plan
  const W = row.width as number
  const H = row.height as number
  if (plan.fit === 'cover') {
    const scale = Math.max(w / W, h / H)
    const rw = Math.max(w, Math.round(W * scale))
    const rh = Math.max(h, Math.round(H * scale))
    const left = Math.min(rw - w, Math.max(0, Math.round(row.focal_x * rw - w / 2)))
    const top = Math.min(rh - h, Math.max(0, Math.round(row.focal_y * rh - h / 2)))
    img = img.resize(rw, rh, { fit: 'fill' }).extract({ left, top, width: w, height: h })
  } else if (plan.fit === 'contain') {
    img = img.resize(w, h, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: plan.format === 'jpeg' ? 1 : 0 } })
  } else if (w !== W || h !== H) {
    img = img.resize(w, h, { fit: 'fill' })
  }
  switch (plan.format) {
    case 'jpeg':
      return img.flatten({ background: '#ffffff' }).jpeg({ quality: plan.quality })
    case 'webp':
      return img.webp({ quality: plan.quality })
    // Effort 2 of 9: AVIF at the default effort costs several times the CPU for a few per cent of bytes.
    case 'avif':
      return img.avif({ quality: plan.quality, effort: 2 })
    default:
      return img.png()
  }
}

/**
 * Keeps the rendition: its row first (so an object is never stored uncounted), then the object, then the bound.
 * Storing is best effort: the bytes are answered even when storage fails, and a failed put leaves no row.
 */
async function store(ctx: Ctx, job: Job, data: Buffer): Promise<void> {
  const db = ctx.deps.dbh.db
  try {
    await q.recordRendition(db, { key: job.rkey, source_key: job.key, focal: job.focal, size_bytes: data.length }, ctx.clock.now())
    try {
      await ctx.deps.storage.put(job.rkey, data, { contentType: MIME_OF[job.plan.format] })
    } catch (err) {
      await q.forgetRendition(db, job.rkey)
      throw err
    }
    await removeObjects(ctx, await q.evictRenditions(db, ctx.deps.config.renditionsMaxBytes))
  } catch (err) {
    ctx.log.warn({ err, key: job.rkey }, 'could not keep a rendition')
  }
}

async function removeObjects(ctx: Ctx, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.deps.storage.delete(key)
    } catch (err) {
      ctx.log.warn({ err, key }, 'could not remove a stored rendition')
    }
  }
}

/** Drops every rendition of these originals (their media are gone). */
export async function dropAll(ctx: Ctx, sourceKeys: string[]): Promise<void> {
  if (sourceKeys.length === 0) return
  await removeObjects(ctx, await q.dropRenditions(ctx.deps.dbh.db, sourceKeys))
}

/**
 * Drops the cover crops a record's old focal point made, unless another live record of the same file keeps that
 * point (one upload to several sites shares the file and may share the crops).
 */
export async function dropCrops(ctx: Ctx, row: Pick<MediaRow, 'id' | 'storage_key'>, old: { x: number; y: number }): Promise<void> {
  if (!row.storage_key) return
  if (await q.focalInUse(ctx.db, row.storage_key, row.id, old.x, old.y)) return
  await removeObjects(ctx, await q.dropRenditions(ctx.deps.dbh.db, [row.storage_key], focalVersion(old.x, old.y)))
}
