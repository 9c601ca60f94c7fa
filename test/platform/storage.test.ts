import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { LocalStorage, newStorageKey, openStorage, STORAGE_KEY, StorageLimitError } from '../../src/platform/storage/index.js'
import { S3Storage } from '../../src/platform/storage/s3.js'

/* The local file storage behind documents (and media): atomic writes, streamed reads, opaque keys. */

let root: string
let store: LocalStorage

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'atrium-storage-'))
  store = new LocalStorage(root)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const files = (dir = root): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.relative(root, path.join(dir, e.name))]))
async function readAll(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const chunk of s) parts.push(chunk as Buffer)
  return Buffer.concat(parts)
}

describe('LocalStorage', () => {
  it('puts bytes and streams, answering size and SHA-256; get streams them back with the size; delete and exists', async () => {
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251))
    const key = newStorageKey('documents')
    expect(key).toMatch(STORAGE_KEY)
    expect(await store.put(key, bytes)).toEqual({ size: bytes.length, sha256: sha(bytes) })
    expect(await store.exists(key)).toBe(true)
    const got = (await store.get(key))!
    expect(got.size).toBe(bytes.length)
    expect((await readAll(got.stream)).equals(bytes)).toBe(true)
    const streamed = newStorageKey('media')
    const chunks = [Buffer.from('a'.repeat(70_000)), Buffer.from('b'.repeat(70_000))]
    expect(await store.put(streamed, Readable.from(chunks))).toEqual({ size: 140_000, sha256: sha(Buffer.concat(chunks)) })
    expect(files().sort()).toEqual([key, streamed].sort())
    await store.delete(key)
    await store.delete(key)
    expect(await store.exists(key)).toBe(false)
    expect(await store.get(key)).toBeUndefined()
  })

  it('a stream over maxBytes or one that fails midway leaves nothing behind (no file, no temporary file)', async () => {
    const before = files()
    const key = newStorageKey('media')
    await expect(store.put(key, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(StorageLimitError)
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1000))
        this.destroy(new Error('connection reset'))
      },
    })
    await expect(store.put(key, broken)).rejects.toThrow('connection reset')
    expect(files()).toEqual(before)
    expect(await store.exists(key)).toBe(false)
  })

  it('refuses keys it did not make: no client text reaches a path', async () => {
    for (const key of [
      '../etc/passwd',
      'documents/../../x',
      '/abs/path',
      'documents/ab/short',
      'other/ab/abcdefghijklmnopqrstuvwxyz',
      'documents/ab/abc def ghijklmnopqrs',
    ]) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/)
      await expect(store.get(key)).rejects.toThrow(/invalid storage key/)
    }
    expect(new Set(Array.from({ length: 50 }, () => newStorageKey('documents'))).size).toBe(50)
  })

  it('openStorage: the data directory by default; S3 with ATRIUM_STORAGE=s3', async () => {
    const local = await openStorage(loadConfig({ ATRIUM_DATA_DIR: root }))
    expect(local).toBeInstanceOf(LocalStorage)
    expect((local as LocalStorage).root).toBe(root)
    const s3 = await openStorage(loadConfig({ ATRIUM_STORAGE: 's3', ATRIUM_S3_BUCKET: 'b', ATRIUM_S3_REGION: 'r' }))
    expect(s3).toBeInstanceOf(S3Storage)
    s3.close?.()
    expect(() => loadConfig({ ATRIUM_STORAGE: 's3', ATRIUM_S3_BUCKET: 'b' })).toThrow(/ATRIUM_S3_REGION/)
  })
})
