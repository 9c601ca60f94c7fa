import { createHash, randomBytes } from 'node:crypto'
import { Transform, type Readable } from 'node:stream'

/*
 * Where uploaded files live: one interface, a local directory (the embedded default) or S3-compatible object
 * storage (ATRIUM_STORAGE=s3), without callers changing. Keys are opaque and generated here
 * (`newStorageKey`): never derived from a client's file name, so no client text reaches a filesystem path or an
 * object name. Objects are immutable once written: a changed file is a new key.
 */

/** What the service stores files for; the first segment of every key (S3: the key prefix; local: a directory). */
export const STORAGE_NAMESPACES = ['documents', 'media', 'renditions'] as const
export type StorageNamespace = (typeof STORAGE_NAMESPACES)[number]

/**
 * A valid key: `<namespace>/<2 chars>/<random>` plus an optional `-<suffix>` or `.<ext>` (media variants). Image
 * renditions live under `renditions/` (`<original's random>_<parameters>.<ext>`), a prefix of their own so that a
 * bucket lifecycle rule or a disk quota can tell them from originals.
 */
export const STORAGE_KEY = /^(?:documents|media|renditions)\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{16,120}(?:\.[A-Za-z0-9]{1,10})?$/

/** A new random key (192 bits) in a namespace: `documents/Xy/XyZ…`. */
export function newStorageKey(namespace: StorageNamespace): string {
  const id = randomBytes(24).toString('base64url')
  return `${namespace}/${id.slice(0, 2)}/${id}`
}

export interface StoredObject {
  /** Bytes written. */
  size: number
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string
}

export interface ObjectStream {
  /** The bytes asked for: the whole object, or the range. */
  stream: Readable
  /** The whole object's size (also when a range was asked for). */
  size: number
}

/** Inclusive byte positions within an object (end clamped to the object's last byte). */
export interface ObjectRange {
  start: number
  end: number
}

export interface PutOptions {
  /** Refuse (StorageLimitError) and keep nothing once more than this many bytes arrive (streamed uploads). */
  maxBytes?: number
  /** Hint for object stores (sent as the object's Content-Type); the local store ignores it. */
  contentType?: string
}

/** put() refused a body longer than `maxBytes`; nothing was stored. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`)
  }
}

export interface Storage {
  readonly kind: 'local' | 's3'
  /**
   * Writes the whole body under `key`, atomically: readers see the complete object or none, and a failed or
   * refused write (StorageLimitError, a broken stream) leaves nothing behind. Hashes while it writes: a stream is
   * never buffered whole. An existing object under the key is replaced.
   */
  put(key: string, body: Readable | Uint8Array, opts?: PutOptions): Promise<StoredObject>
  /** The object (or one byte range of it, streamed) with its whole size, or undefined when there is none. */
  get(key: string, range?: ObjectRange): Promise<ObjectStream | undefined>
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Reachability check for health (object stores); absent: nothing to check beyond the filesystem. */
  check?(): Promise<void>
  /** Releases connections at shutdown. */
  close?(): void
}

/** Throws on a key that is not one newStorageKey() could have made (a bug, never client input). */
export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key.slice(0, 200))}`)
}

/**
 * A pass-through stream that counts and hashes what flows through it, failing with StorageLimitError past
 * `maxBytes`, so a write learns its size and SHA-256 in the one pass that stores it. `stored()` once, at the end.
 */
export function meteredStream(maxBytes: number | undefined): { meter: Transform; stored: () => StoredObject } {
  const hash = createHash('sha256')
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (maxBytes !== undefined && size > maxBytes) return done(new StorageLimitError(maxBytes))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  return { meter, stored: () => ({ size, sha256: hash.digest('hex') }) }
}
