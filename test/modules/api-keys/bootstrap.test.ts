import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../../src/app.js'
import { loadConfig } from '../../../src/config.js'
import type { DbHandle } from '../../../src/db/client.js'
import { apiKeys } from '../../../src/db/schema/api-keys.js'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { MemoryCache } from '../../../src/platform/cache/memory.js'
import { digestKey } from '../../../src/platform/crypto.js'
import { prepare } from '../../../src/server.js'
import { freshDb } from '../../helpers/db.js'
import { client } from '../../helpers/http.js'
import { KEY_FORMAT } from './helpers.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function database(): Promise<DbHandle> {
  const dbh = await freshDb()
  cleanups.push(() => dbh.close())
  return dbh
}

/** An app instance (no prepare yet) over the given database, with ATRIUM_BOOTSTRAP_KEY as given. */
async function instance(dbh: DbHandle, bootstrapKey?: string): Promise<App> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-boot-'))
  const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(bootstrapKey ? { ATRIUM_BOOTSTRAP_KEY: bootstrapKey } : {}) })
  const cache = new MemoryCache()
  const app = await buildApp(config, { dbh, cache, logger: false })
  cleanups.push(async () => {
    await app.close()
    await cache.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return app
}

async function keysWithDigest(dbh: DbHandle, plaintext: string) {
  return dbh.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.key_digest, digestKey(plaintext)))
}

async function keyCount(dbh: DbHandle): Promise<number> {
  const [r] = await dbh.db.select({ n: count() }).from(apiKeys)
  return r?.n ?? 0
}

function printer() {
  const lines: string[] = []
  return { lines, print: (l: string) => void lines.push(l) }
}

describe('bootstrap at start-up', () => {
  it('ATRIUM_BOOTSTRAP_KEY makes exactly one unscoped Master key, however often and on however many instances', async () => {
    const dbh = await database()
    const plaintext = `my-bootstrap-${randomBytes(12).toString('hex')}`
    const out = printer()
    const app = await instance(dbh, plaintext)
    await prepare(app, out.print)
    await prepare(app, out.print)
    await prepare(await instance(dbh, plaintext), out.print)
    const rows = await keysWithDigest(dbh, plaintext)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ permission: 'Master', site_id: null, status: 'Active', key_prefix: plaintext.slice(0, 12), created_by: 'system' })
    expect(await keyCount(dbh)).toBe(1)
    // The operator chose the key: nothing is printed, and the plaintext is not stored.
    expect(out.lines).toEqual([])
    expect(JSON.stringify(rows)).not.toContain(plaintext)
    const creations = await dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_id, rows[0]!.id))
    expect(creations.map((r) => r.action)).toEqual(['Create'])

    await app.ready()
    const me = await client(app, plaintext).get('/auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ permission: 'Master', site_id: null })
  })

  it('a bootstrap key that was revoked stays revoked', async () => {
    const dbh = await database()
    const plaintext = `my-bootstrap-${randomBytes(12).toString('hex')}`
    const app = await instance(dbh, plaintext)
    await prepare(app, () => undefined)
    await app.ready()
    const [row] = await keysWithDigest(dbh, plaintext)
    expect((await client(app, plaintext).post(`/api-keys/${row!.id}/revoke`)).statusCode).toBe(200)
    await prepare(await instance(dbh, plaintext), () => undefined)
    const rows = await keysWithDigest(dbh, plaintext)
    expect(rows.map((r) => r.status)).toEqual(['Revoked'])
    expect((await client(app, plaintext).get('/auth/me')).statusCode).toBe(401)
  })

  it('with no key and no variable, generates a Master key and prints it once', async () => {
    const dbh = await database()
    const out = printer()
    const app = await instance(dbh)
    await prepare(app, out.print)
    // One clearly marked line (decisions.md "start-up order"), the key at its end.
    const printed = out.lines
      .filter((l) => l.startsWith('ATRIUM FIRST MASTER KEY'))
      .map((l) => l.split(' ').at(-1) ?? '')
      .filter((k) => KEY_FORMAT.test(k))
    expect(printed).toHaveLength(1)
    const key = printed[0]!
    expect(out.lines.join('\n')).toMatch(/only this once/)
    const rows = await keysWithDigest(dbh, key)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ permission: 'Master', site_id: null, status: 'Active' })
    expect(await keyCount(dbh)).toBe(1)

    // Again, on this instance or another: nothing new, nothing printed.
    const again = printer()
    await prepare(app, again.print)
    await prepare(await instance(dbh), again.print)
    expect(again.lines).toEqual([])
    expect(await keyCount(dbh)).toBe(1)

    await app.ready()
    const me = await client(app, key).get('/auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ permission: 'Master', site_id: null, auth_method: 'api_key' })
  })

  it('a bootstrap key X-API-Key could never carry stops start-up with a clear message', async () => {
    const dbh = await database()
    const app = await instance(dbh, `has a space ${randomBytes(8).toString('hex')}`)
    await expect(prepare(app, () => undefined)).rejects.toThrow(/ATRIUM_BOOTSTRAP_KEY/)
    expect(await keyCount(dbh)).toBe(0)
  })

  it('with a key already present, nothing is generated', async () => {
    const dbh = await database()
    const plaintext = `my-bootstrap-${randomBytes(12).toString('hex')}`
    await prepare(await instance(dbh, plaintext), () => undefined)
    const out = printer()
    await prepare(await instance(dbh), out.print)
    expect(out.lines).toEqual([])
    expect(await keyCount(dbh)).toBe(1)
  })

  it.runIf(process.env.DATABASE_URL)('instances starting together still make one key', async () => {
    const dbh = await database()
    const outs = [printer(), printer(), printer()]
    const apps = await Promise.all(outs.map(() => instance(dbh)))
    await Promise.all(apps.map((app, i) => prepare(app, outs[i]!.print)))
    expect(outs.flatMap((o) => o.lines).filter((l) => l.startsWith('ATRIUM FIRST MASTER KEY') && KEY_FORMAT.test(l.split(' ').at(-1) ?? ''))).toHaveLength(1)
    expect(await keyCount(dbh)).toBe(1)
  })
})
