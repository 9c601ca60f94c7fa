import fastJson from 'fast-json-stringify'
import { Type, type TSchema } from 'typebox'
import { forgetVersion, knownVersions, listVersionKey, positionOf, recordVersionKey, requestVersions, siteVersionKey } from './content-version.js'
import type { Ctx } from './context.js'
import type { LRUCache } from 'lru-cache'
import { boundedMap } from '../platform/bounded.js'
import { detached } from '../platform/strings.js'
import { versionTag } from './versions.js'
import { ApiError } from '../http/errors.js'

/**
 * A JSON answer already serialised through its response schema and encoded as UTF-8; routes send it as is. Bytes,
 * not a string: a cache hit then costs no encoding and no length count on the way to the socket.
 */
export type RawJson = Buffer & { readonly __rawJson: unique symbol }

const SHARED_TTL_MS = 10 * 60 * 1000
/** The per-process layer keeps at most this many answers and this many bytes of them (a few large feeds cannot take the memory). */
const LOCAL_MAX = 5000
const LOCAL_MAX_BYTES = 24 * 1024 * 1024

export interface Entry {
  /** The answer as UTF-8. */
  body: Buffer
  /** Clock ms after which the answer changes without a write (publish_end passing), or null. */
  until: number | null
}

/**
 * Answers remembered in this process, bounded by count and by size, the least recently used evicted first (a hot
 * answer asked on every page stays however old it is). The handles seen by admit() are bounded the same way.
 */
export class Layer {
  readonly entries: LRUCache<string, Entry>
  private readonly seen: LRUCache<string, true>

  constructor(
    private readonly maxEntries = LOCAL_MAX,
    private readonly maxBytes = LOCAL_MAX_BYTES,
  ) {
    // Counted as before (body and key bytes): the admission room below is a quarter of these figures.
    this.entries = boundedMap<Entry>({ maxEntries, maxBytes }, (e) => e.body.length, 0)
    // Handles are keys without versions (under 200 characters for slugs at their longest): 256 bytes each on average.
    this.seen = boundedMap<true>({ maxEntries: maxEntries * 2, maxBytes: maxEntries * 2 * 256 }, () => 0)
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize }
  }

  /** How many handles admit() remembers, and their bytes (tests). */
  get seenSize(): { entries: number; bytes: number } {
    return { entries: this.seen.size, bytes: this.seen.calculatedSize }
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key)
  }

  /** `shared`: another cache (Redis) keeps the answer too, so a huge one need not push out hundreds of others here. */
  set(key: string, e: Entry, shared: boolean): void {
    const size = e.body.length + key.length
    if (shared && size > this.maxBytes / 8) return
    this.entries.set(detached(key), e)
  }

  /**
   * Keeps an answer just loaded for `handle` (its key without the versions) when this layer is the only cache: at
   * once while a quarter of the layer holds everything; past that, only when the handle was loaded before, so that answers asked once (a
   * crawler, a sweep of old posts, one-off query strings) die young with their request instead of pushing hot
   * answers out and holding their bytes until an old-generation collection (raising the embedded server's peak RSS). A hot
   * answer asked again after a write changed its versions is kept at its first load. The handles seen are
   * bounded, the least recently seen forgotten first.
   */
  admit(key: string, handle: string, e: Entry): void {
    // get, not has: a handle loaded again is the most recently seen, the last to be forgotten.
    const known = this.seen.get(handle) === true
    if (!known) this.seen.set(detached(handle), true)
    // A quarter of the layer is room enough for answers not yet known to be asked again.
    const room = this.entries.size < this.maxEntries / 4 && this.entries.calculatedSize + e.body.length + key.length <= this.maxBytes / 4
    if (known || room) this.set(key, e, false)
  }
}

/** Per-process layer in front of each shared cache: a hit costs one version lookup and no parsing. */
const layers = new WeakMap<object, Layer>()

function layerOf(cache: object): Layer {
  let m = layers.get(cache)
  if (!m) {
    m = new Layer()
    layers.set(cache, m)
  }
  return m
}

function remember(ctx: Ctx, local: Layer, key: string, e: Entry): void {
  local.set(key, e, ctx.deps.cache.kind !== 'memory')
}

const fresh = (e: Entry | undefined, now: number): e is Entry => !!e && (e.until === null || e.until > now)

function decode(stored: string | undefined): Entry | undefined {
  if (stored === undefined) return undefined
  const nl = stored.indexOf('\n')
  if (nl < 0) return undefined
  const head = stored.slice(0, nl)
  const until = head === '' ? null : Number(head)
  if (until !== null && !Number.isFinite(until)) return undefined
  return { body: Buffer.from(stored.slice(nl + 1)), until }
}

export interface Loaded<T> {
  value: T
  until: Date | null
}

/** What a cached answer depends on: a site's lists (lists, feeds, similar) or one record reached by a handle. */
export type Dependency = { list: string } | { site: string; record: string }

function versionKeys(dep: Dependency): string[] {
  return 'list' in dep ? [siteVersionKey(dep.list), listVersionKey(dep.list)] : [siteVersionKey(dep.site), recordVersionKey(dep.record)]
}

/** Loads in flight in this process, by full key: concurrent misses of one answer share one load. */
const inflight = new Map<string, Promise<Entry>>()

/**
 * Read-through cache of rendered answers keyed by the versions they depend on (core/content-version.ts): every
 * write bumps the versions it changes before it answers, so no instance serves a stale answer after a write, and
 * a write to one record leaves other records' answers cached. Entries live in this process and, with Redis, in the
 * shared cache for the other instances. Concurrent misses of one answer in this process wait for one load.
 */
export async function cachedBytes(
  ctx: Ctx,
  namespace: string,
  dep: Dependency | string,
  key: string,
  load: () => Promise<Loaded<string>>,
  ttlMs = SHARED_TTL_MS,
  inHand = false,
): Promise<Buffer> {
  const on: Dependency = typeof dep === 'string' ? { list: dep } : dep
  const keys = versionKeys(on)
  // Read ahead by a record's access check (core/access.ts): then no promise to wait for here.
  const versions = knownVersions(ctx, keys) ?? (await requestVersions(ctx, keys))
  const handle = `${'list' in on ? on.list : on.record}:${key}`
  const full = `rc:${namespace}:${versions.join(':')}:${handle}`
  const now = ctx.clock.now().getTime()
  const local = layerOf(ctx.deps.cache)
  const mine = local.get(full)
  if (fresh(mine, now)) {
    ctx.deps.metrics.readCacheHit('local')
    return mine.body
  }
  let pending = inflight.get(full)
  if (!pending) {
    const loader = 'record' in on ? forgettingUnknown(ctx, on.record, load) : load
    pending = fill(ctx, full, `${namespace}:${handle}`, now, fromReplica(ctx, versions, loader), ttlMs, inHand).finally(() => inflight.delete(full))
    inflight.set(full, pending)
  }
  return (await pending).body
}

/**
 * With read replicas, a miss's load reads a replica that has replayed the newest write its versions carry, else the
 * primary (db/replicas.ts); a load that fails there for any reason but its own answer (an ApiError: 404, …) runs
 * again on the primary.
 */
function fromReplica<T>(ctx: Ctx, versions: readonly string[], load: () => Promise<T>): () => Promise<T> {
  const replicas = ctx.deps.dbh.replicas
  // Only the request's own handle routes (a transaction's or another handle's statements never leave the primary).
  if (!replicas || ctx.db !== ctx.deps.dbh.db) return load
  return () => replicas.read(positionOf(versions), load, (err) => err instanceof ApiError)
}

/**
 * A record's loader that, when the handle names nothing (404), also forgets the version the lookup just set for
 * it: an unknown slug then costs no cache entry at all. Measured (bench/README "Unknown slugs"): with the version
 * kept, 1,000,000 unknown slugs filled the in-process cache to its bound and VmRSS rose 26 % above the warm-up.
 */
function forgettingUnknown<T>(ctx: Ctx, record: string, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load()
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) await forgetVersion(ctx.deps, recordVersionKey(record))
      throw err
    }
  }
}

/**
 * A miss: the shared cache, else the loader. With a shared cache (Redis) a loaded answer is only shared, and this
 * process keeps it once it is asked again (then found in the shared cache): answers asked once (a crawler, the
 * first reads after a write) would otherwise push the hot ones out of the layer and keep their bytes alive until
 * an old-generation collection. Without one, this layer is the only cache: it keeps the answer, except that past a
 * quarter of its size it keeps only answers loaded before, for the same reason (Layer.admit). `inHand`: the loader
 * answers from what the request has already read from the database, so asking the shared cache first would only
 * cost a round trip.
 */
async function fill(ctx: Ctx, full: string, handle: string, now: number, load: () => Promise<Loaded<string>>, ttlMs: number, inHand: boolean): Promise<Entry> {
  const local = layerOf(ctx.deps.cache)
  const shared = ctx.deps.cache.kind === 'memory' || inHand ? undefined : decode(await ctx.deps.cache.get(full).catch(() => undefined))
  if (fresh(shared, now)) {
    ctx.deps.metrics.readCacheHit('shared')
    remember(ctx, local, full, shared)
    return shared
  }
  ctx.deps.metrics.readCacheMiss()
  const { value, until } = await load()
  const entry: Entry = { body: Buffer.from(value), until: Math.min(until ? until.getTime() : Infinity, now + ttlMs) }
  if (ctx.deps.cache.kind === 'memory') local.admit(full, handle, entry)
  else {
    // Bytes, not the string again: the answer was encoded once above (the Redis client would encode it a second time).
    const stored = Buffer.concat([Buffer.from(`${entry.until ?? ''}\n`), entry.body])
    await ctx.deps.cache.set(full, stored, ttlMs).catch((err: unknown) => ctx.log.warn({ err }, 'read cache write failed'))
  }
  return entry
}

/** The ETag of a cached answer of one record (jsonCache with `record`), for sendRaw. */
const rawTags = new WeakMap<Buffer, string>()
export const tagOfRaw = (raw: RawJson): string | undefined => rawTags.get(raw)

/**
 * A cachedBytes for one response schema: values are serialised once, through that schema, and sent as is.
 * `record`: the answer is one record's (by slug, detail): the version tag of its `record` fields (core/versions.ts)
 * is computed at load and kept with the answer (`tag\nanswer`), so every instance sends the tag of what it sends.
 */
export function jsonCache<S extends TSchema>(namespace: string, schema: S, record?: TSchema) {
  const json = fastJson(schema as object) as (v: unknown) => string
  const fields = record ? Object.keys((record as { properties?: object }).properties ?? {}) : undefined
  const serialize = fields ? (v: unknown) => (v === null ? `\n${json(v)}` : `${versionTag(v, fields)}\n${json(v)}`) : json
  return {
    /**
     * `on`: a site id (the answer lists the site's records) or the record it shows. `inHand`: `load` answers from
     * what the request already read (no shared-cache lookup before it).
     */
    async get(ctx: Ctx, on: Dependency | string, key: string, load: () => Promise<Loaded<unknown>>, inHand = false): Promise<RawJson> {
      const body = await cachedBytes(
        ctx,
        namespace,
        on,
        key,
        async () => {
          const { value, until } = await load()
          return { value: serialize(value), until }
        },
        SHARED_TTL_MS,
        inHand,
      )
      if (!fields) return body as RawJson
      const [tag, raw] = splitFirstLine(body)
      if (tag !== '') rawTags.set(raw, tag)
      return raw as RawJson
    },
  }
}

/** A cached window of a longer list: the items as a plain JSON array and the list's total (for `X-Total-Count`). */
export interface RawWindow {
  raw: RawJson
  total: number
}

/**
 * A cachedBytes for plain-array answers of one item schema that carry their total in a header (featured blogs):
 * the array is serialised once, through Array(item), and stored with the total.
 */
export function jsonWindowCache<S extends TSchema>(namespace: string, item: S) {
  const serialize = fastJson(Type.Array(item) as object) as (v: unknown) => string
  return {
    async get(ctx: Ctx, siteId: string, key: string, load: () => Promise<Loaded<{ items: unknown[]; total: number }>>): Promise<RawWindow> {
      const body = await cachedBytes(ctx, namespace, siteId, key, async () => {
        const { value, until } = await load()
        return { value: `${value.total}\n${serialize(value.items)}`, until }
      })
      const [head, rest] = splitFirstLine(body)
      return { total: Number(head), raw: rest as RawJson }
    },
  }
}

/** A cached answer stored as `head\nrest`: the head as text and the rest as bytes (no copy). */
export function splitFirstLine(body: Buffer): [string, Buffer] {
  const nl = body.indexOf(0x0a)
  return [body.toString('utf8', 0, nl), body.subarray(nl + 1)]
}
