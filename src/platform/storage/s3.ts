import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Config } from '../../config.js'
import {
  assertKey,
  meteredStream,
  StorageLimitError,
  type ObjectRange,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage.js'

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * S3-compatible object storage (`ATRIUM_STORAGE=s3`: ATRIUM_S3_BUCKET, ATRIUM_S3_REGION, optional ATRIUM_S3_ENDPOINT,
 * ATRIUM_S3_ACCESS_KEY_ID / ATRIUM_S3_SECRET_ACCESS_KEY (else the SDK's default chain), ATRIUM_S3_FORCE_PATH_STYLE).
 * Keys are the object names. A stream is first spooled to a temporary file (hashed and metered on the way, so a
 * body past `maxBytes` is refused before anything reaches the bucket, and memory stays flat), then sent with one
 * PutObject with its length: objects appear whole or not at all. Checksums are only sent where S3 requires them
 * (S3-compatible servers do not all know the SDK's default CRC32 trailers).
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const
  private readonly client: S3Client
  private readonly bucket: string

  constructor(
    s3: Config['s3'],
    private readonly spoolDir: string = path.join(os.tmpdir(), 'atrium-s3-spool'),
  ) {
    this.bucket = s3.bucket ?? ''
    this.client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  async put(key: string, body: Readable | Uint8Array, opts: PutOptions = {}): Promise<StoredObject> {
    assertKey(key)
    if (!(body instanceof Readable)) {
      if (opts.maxBytes !== undefined && body.byteLength > opts.maxBytes) throw new StorageLimitError(opts.maxBytes)
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.byteLength, ContentType: opts.contentType }))
      return { size: body.byteLength, sha256: createHash('sha256').update(body).digest('hex') }
    }
    await mkdir(this.spoolDir, { recursive: true })
    const temp = path.join(this.spoolDir, `${randomBytes(12).toString('hex')}.tmp`)
    const { meter, stored } = meteredStream(opts.maxBytes)
    try {
      await pipeline(body, meter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }))
      const put = stored()
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(temp), ContentLength: put.size, ContentType: opts.contentType }),
      )
      return put
    } finally {
      await unlink(temp).catch(() => undefined)
    }
  }

  async get(key: string, range?: ObjectRange): Promise<ObjectStream | undefined> {
    assertKey(key)
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      )
      if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject answered no stream')
      // A ranged answer names the whole size in Content-Range ("bytes 0-99/1234"); ContentLength is the part's.
      const total = range && out.ContentRange ? Number(/\/(\d+)$/.exec(out.ContentRange)?.[1]) : NaN
      return { stream: out.Body, size: Number.isSafeInteger(total) ? total : (out.ContentLength ?? 0) }
    } catch (err) {
      if (notFound(err)) return undefined
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key)
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key)
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return true
    } catch (err) {
      if (notFound(err)) return false
      throw err
    }
  }

  /** Reachability for health: HeadBucket (object stores report no capacity). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
  }

  close(): void {
    this.client.destroy()
  }
}
