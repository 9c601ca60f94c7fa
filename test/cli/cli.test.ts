import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { systemCtx } from '../../src/core/context.js'
import { openDb } from '../../src/db/client.js'
import { apiKeys } from '../../src/db/schema/api-keys.js'
import { auditLogs } from '../../src/db/schema/audit.js'
import * as sites from '../../src/modules/sites/service.js'
import { MemoryCache } from '../../src/platform/cache/memory.js'
import { digestKey } from '../../src/platform/crypto.js'
import { withDb } from '../setup/global.js'
import { client } from '../helpers/http.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BIN = path.join(ROOT, 'bin/atrium.js')
const KEY_FORMAT = /^atr_[A-Za-z0-9_-]{43}$/
const MIGRATIONS = (JSON.parse(readFileSync(path.join(ROOT, 'src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length
// Each run starts tsx and a database: generous, the machine may be busy.
const SLOW = 300_000

/** Embedded: a temporary data directory. Server mode: a fresh, empty database of this test alone. */
const serverUrl = process.env.DATABASE_URL
let dataDir: string
let databaseUrl: string | undefined
let dbName: string | undefined

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-'))
  if (serverUrl) {
    // Named like the harness's clones, so the global teardown drops it if this file cannot.
    dbName = `atrium_t_${process.ppid}_cli_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    await admin.end()
    databaseUrl = withDb(serverUrl, dbName)
  }
})

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  if (serverUrl && dbName) {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  }
})

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
  delete e.DATABASE_URL
  delete e.REDIS_URL
  delete e.ATRIUM_BOOTSTRAP_KEY
  if (databaseUrl) e.DATABASE_URL = databaseUrl
  return e
}

interface Run {
  code: number
  stdout: string
  stderr: string
}

function atrium(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: env(), timeout: SLOW - 10_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
      resolve({ code, stdout, stderr })
    })
  })
}

/** The CLI's database, opened in this process between runs (never while a CLI run has it open). */
async function withDatabase<T>(fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const dbh = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir, poolSize: 2 })
  const cache = new MemoryCache()
  const app = await buildApp(loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { dbh, cache, logger: false })
  try {
    return await fn(app)
  } finally {
    await app.close()
    await cache.close()
    await dbh.close()
  }
}

describe('atrium CLI', () => {
  let siteId: string

  it(
    'migrate applies every migration once and says how many',
    async () => {
      const first = await atrium('migrate')
      expect(first, first.stderr).toMatchObject({ code: 0, stdout: `migrations applied: ${MIGRATIONS}\n` })
      const second = await atrium('migrate')
      expect(second, second.stderr).toMatchObject({ code: 0, stdout: 'migrations applied: 0\n' })
      siteId = await withDatabase(async (app) => (await sites.create(systemCtx(app.deps, 'test'), { name: 'CLI site', slug: `cli-${randomBytes(3).toString('hex')}` })).id)
    },
    SLOW,
  )

  it(
    'keys create prints the new key alone on stdout and exits 0',
    async () => {
      expect(siteId).toBeDefined()
      const run = await atrium('keys', 'create', '--permission', 'Read', '--site', siteId, '--name', 'x')
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/^atr_[A-Za-z0-9_-]{43}\n$/)
      const key = run.stdout.trim()
      expect(key).toMatch(KEY_FORMAT)
      expect(run.stderr).toMatch(new RegExp(`^created Read key [0-9a-f-]{36} for site ${siteId}\\n$`))
      expect(run.stderr).not.toContain(key)

      await withDatabase(async (app) => {
        const [row] = await app.deps.dbh.db.select().from(apiKeys).where(eq(apiKeys.key_digest, digestKey(key)))
        expect(row).toMatchObject({ name: 'x', permission: 'Read', site_id: siteId, status: 'Active', key_prefix: key.slice(0, 12), created_by: 'system' })
        const audit = await app.deps.dbh.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.entity_type, 'api_key'), eq(auditLogs.entity_id, row!.id)))
        expect(audit.map((a) => [a.action, a.user_id, a.site_id])).toEqual([['Create', 'system', siteId]])
        expect(JSON.stringify(audit)).not.toContain(key)
        await app.ready()
        const me = await client(app, key).get('/auth/me')
        expect(me.statusCode).toBe(200)
        expect(me.json()).toMatchObject({ permission: 'Read', site_id: siteId, auth_method: 'api_key' })
      })
    },
    SLOW,
  )

  it(
    'usage errors exit 2 and create nothing; a site that does not exist exits 1',
    async () => {
      const before = await withDatabase(async (app) => (await app.deps.dbh.db.select({ id: apiKeys.id }).from(apiKeys)).length)
      // The usage errors stop before opening the database, so they can run beside the one that opens it.
      const [badPermission, noPermission, badSite, unknownOption, missingSite] = await Promise.all([
        atrium('keys', 'create', '--permission', 'Owner', '--site', siteId),
        atrium('keys', 'create', '--site', siteId),
        atrium('keys', 'create', '--permission', 'Read', '--site', 'not-a-uuid'),
        atrium('keys', 'create', '--permission', 'Read', '--color', 'red'),
        atrium('keys', 'create', '--permission', 'Read', '--site', '00000000-0000-4000-8000-000000000000'),
      ])
      for (const run of [badPermission, noPermission]) {
        expect(run.code, run.stderr).toBe(2)
        expect(run.stdout).toBe('')
        expect(run.stderr).toContain('--permission must be one of Read, Write, Admin, Master')
      }
      expect(badSite).toMatchObject({ code: 2, stdout: '' })
      expect(badSite.stderr).toContain('--site must be a site id')
      expect(unknownOption).toMatchObject({ code: 2, stdout: '' })
      expect(unknownOption.stderr).toContain('--color')
      expect(missingSite).toMatchObject({ code: 1, stdout: '' })
      expect(missingSite.stderr).toContain('site not found')
      expect(await withDatabase(async (app) => (await app.deps.dbh.db.select({ id: apiKeys.id }).from(apiKeys)).length)).toBe(before)
    },
    SLOW,
  )
})
