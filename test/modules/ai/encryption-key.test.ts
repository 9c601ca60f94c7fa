import { mkdtempSync, rmSync, statSync, unlinkSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, ConfigError } from '../../../src/config.js'
import type { DbHandle } from '../../../src/db/client.js'
import { aiConfigs, encryptionKeys } from '../../../src/db/schema/ai.js'
import { checkEncryptionKey } from '../../../src/core/encryption-key.js'
import { SecretBox, Secrets } from '../../../src/platform/secrets.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { freshDb } from '../../helpers/db.js'
import { makeSite } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

const K1 = randomBytes(32).toString('base64')
const K2 = randomBytes(32).toString('base64')
const lookup = () => Promise.resolve([{ address: '93.184.216.34', family: 4 }])
const cfg = { provider_name: 'OpenAI', base_url: 'https://api.example.com/v1', model: 'm', api_key: 'sk-SECRET-start-up-check-1234' }

describe('SecretBox', () => {
  it('AES-256-GCM round trip with a random IV; tampering and a foreign key are refused', () => {
    const box = new SecretBox(Buffer.from(K1, 'base64'))
    const a = box.encrypt('hello')
    const b = box.encrypt('hello')
    expect(a.ciphertext).not.toBe(b.ciphertext)
    expect(box.decrypt(a.ciphertext, a.keyId)).toBe('hello')
    const parts = a.ciphertext.split('.')
    parts[3] = Buffer.from('jello').toString('base64url')
    expect(() => box.decrypt(parts.join('.'), a.keyId)).toThrow()
    const other = new SecretBox(Buffer.from(K2, 'base64'))
    expect(() => other.decrypt(a.ciphertext, a.keyId)).toThrow(/another key/)
    expect(() => other.decrypt(a.ciphertext, null)).toThrow()
  })

  it('ATRIUM_ENCRYPTION_KEY must be 32 bytes of base64', () => {
    expect(() => loadConfig({ ATRIUM_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(ConfigError)
    expect(() => loadConfig({ ATRIUM_ENCRYPTION_KEY: 'not base64 at all!' })).toThrow(/ATRIUM_ENCRYPTION_KEY/)
    expect(loadConfig({ ATRIUM_ENCRYPTION_KEY: K1 }).encryptionKey).toBe(K1)
  })
})

describe('start-up key check', () => {
  let dbh: DbHandle
  let dataDir: string
  const apps: TestApp[] = []
  const start = async (env: Record<string, string>) => {
    const app = await testApp({ dbh, env: { ATRIUM_DATA_DIR: dataDir, ...env }, lookup })
    apps.push(app)
    return app
  }
  beforeAll(async () => {
    dbh = await freshDb()
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-key-'))
  })
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined)
    await dbh.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('embedded default: generates the key once into the data directory (0600) and reuses it', async () => {
    const first = await start({ ATRIUM_ENCRYPTION_KEY: '' })
    const file = path.join(dataDir, 'encryption.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const key = readFileSync(file, 'utf8')
    const site = await makeSite(first)
    expectStatus(await first.as(site.keys.Admin).put(`/sites/${site.id}/ai/config`, cfg), 200)
    await first.close()
    apps.pop()
    const second = await start({ ATRIUM_ENCRYPTION_KEY: '' })
    expect(readFileSync(file, 'utf8')).toBe(key)
    expectStatus(await second.as(site.keys.Admin).get(`/sites/${site.id}/ai/config`), 200)
    await second.close()
    apps.pop()
  })

  it('refuses to start when encrypted rows exist and the key file is gone (never regenerates)', async () => {
    unlinkSync(path.join(dataDir, 'encryption.key'))
    await expect(start({ ATRIUM_ENCRYPTION_KEY: '' })).rejects.toThrow(/encrypted secret\(s\).*no encryption key.*ATRIUM_ENCRYPTION_KEY/s)
    expect(() => statSync(path.join(dataDir, 'encryption.key'))).toThrow()
  })

  it('refuses to start with a key other than the one the rows were encrypted with', async () => {
    await expect(start({ ATRIUM_ENCRYPTION_KEY: K2 })).rejects.toThrow(/not the key 1 stored secret\(s\) were encrypted with/)
  })

  it('after the rows are re-encrypted or removed, a new key is accepted; its rows then pin it', async () => {
    await dbh.db.delete(aiConfigs)
    const app = await start({ ATRIUM_ENCRYPTION_KEY: K1 })
    const site = await makeSite(app)
    expectStatus(await app.as(site.keys.Admin).put(`/sites/${site.id}/ai/config`, cfg), 200)
    const [reg] = await dbh.db.select().from(encryptionKeys)
    expect(reg!.fingerprint).toBe(new SecretBox(Buffer.from(K1, 'base64')).keyId)
    await expect(start({ ATRIUM_ENCRYPTION_KEY: '' })).rejects.toThrow(ConfigError)
    await expect(start({ ATRIUM_ENCRYPTION_KEY: K2 })).rejects.toThrow(/ATRIUM_ENCRYPTION_KEY/)
    const again = await start({ ATRIUM_ENCRYPTION_KEY: K1 })
    expect(again.deps.secrets.current.keyId).toBe(reg!.fingerprint)
  })

  it('PostgreSQL server without ATRIUM_ENCRYPTION_KEY: an instance that generated another key starts, but stores no secret until the keys agree', async () => {
    await dbh.db.delete(aiConfigs)
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-key2-'))
    try {
      const res = await checkEncryptionKey(dbh.db, new Secrets(undefined, otherDir), true)
      expect(res.mismatch).toBe(new SecretBox(Buffer.from(K1, 'base64')).keyId)
      expect(res.message).toMatch(/another instance registered.*set ATRIUM_ENCRYPTION_KEY to the same value/s)
      // That instance refuses to encrypt (503, nothing stored); a configuration without a key is fine.
      if (dbh.kind === 'postgres') {
        const stray = await start({ ATRIUM_ENCRYPTION_KEY: '', ATRIUM_DATA_DIR: otherDir })
        const site = await makeSite(stray)
        const refused = await stray.as(site.keys.Admin).put(`/sites/${site.id}/ai/config`, cfg)
        expectStatus(refused, 503)
        expect(refused.json().code).toBe('ENCRYPTION_KEY_MISMATCH')
        expect(JSON.stringify(refused.json())).not.toContain('SECRET')
        expect(await dbh.db.select().from(aiConfigs)).toHaveLength(0)
        expectStatus(await stray.as(site.keys.Admin).put(`/sites/${site.id}/ai/config`, { ...cfg, api_key: undefined }), 200)
        await dbh.db.delete(aiConfigs)
      }
      // Embedded (one instance per data directory) or an explicit key: with nothing encrypted, the new key takes over.
      const own = await checkEncryptionKey(dbh.db, new Secrets(undefined, otherDir), false)
      expect(own.replaced).toBe(new SecretBox(Buffer.from(K1, 'base64')).keyId)
      expect((await checkEncryptionKey(dbh.db, new Secrets(K2, otherDir), true)).replaced).toBeDefined()
    } finally {
      rmSync(otherDir, { recursive: true, force: true })
    }
  })
})
