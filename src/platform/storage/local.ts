import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { access, mkdir, open, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertKey, meteredStream, type ObjectRange, type ObjectStream, type PutOptions, type Storage, type StoredObject } from './storage.js'

const isMissing = (err: unknown) => (err as { code?: unknown }).code === 'ENOENT'

/**
 * Files under a root directory (the data directory: `<ATRIUM_DATA_DIR>/documents/…`, `<ATRIUM_DATA_DIR>/media/…`).
 * A write goes to a temporary file in the key's own directory (same filesystem), is flushed to disk, then renamed
 * into place: atomic for readers on this and every other instance sharing the directory. A write that fails or is
 * refused removes its temporary file. Keys are checked against STORAGE_KEY before any path is built.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key)
    return path.join(this.root, ...key.split('/'))
  }

  async put(key: string, body: Readable | Uint8Array, opts: PutOptions = {}): Promise<StoredObject> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    const temp = `${target}.${randomBytes(8).toString('hex')}.tmp`
    const { meter, stored } = meteredStream(opts.maxBytes)
    const source = body instanceof Readable ? body : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)])
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true }))
      await rename(temp, target)
    } catch (err) {
      await unlink(temp).catch(() => undefined)
      throw err
    }
    return stored()
  }

  async get(key: string, range?: ObjectRange): Promise<ObjectStream | undefined> {
    let handle
    try {
      handle = await open(this.pathOf(key), 'r')
    } catch (err) {
      if (isMissing(err)) return undefined
      throw err
    }
    // Opened first, then measured: a delete meanwhile cannot split the size from the bytes.
    try {
      const { size } = await handle.stat()
      const part = range ? { start: range.start, end: Math.min(range.end, size - 1) } : {}
      return { stream: handle.createReadStream({ autoClose: true, ...part }), size }
    } catch (err) {
      await handle.close()
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: unknown) => {
      if (!isMissing(err)) throw err
    })
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key))
      return true
    } catch (err) {
      if (isMissing(err)) return false
      throw err
    }
  }
}
