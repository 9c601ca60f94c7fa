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

let siteId: string

describe('atrium CLI', () => {
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
        expect(audit.map((a) => [a.action, a.user_id, a.api_key_id, a.site_id])).toEqual([['Create', null, null, siteId]])
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
      expect(badPermission).toMatchObject({ code: 2, stdout: '' })
      expect(badPermission.stderr).toContain("option '--permission <level>' argument 'Owner' is invalid. Allowed choices are Read, Write, Admin, Master")
      expect(noPermission).toMatchObject({ code: 2, stdout: '' })
      expect(noPermission.stderr).toContain("required option '--permission <level>' not specified")
      expect(badSite).toMatchObject({ code: 2, stdout: '' })
      expect(badSite.stderr).toContain("option '--site <id>' argument 'not-a-uuid' is invalid")
      expect(unknownOption).toMatchObject({ code: 2, stdout: '' })
      expect(unknownOption.stderr).toContain('--color')
      expect(missingSite).toMatchObject({ code: 1, stdout: '' })
      expect(missingSite.stderr).toContain('site not found')
      expect(await withDatabase(async (app) => (await app.deps.dbh.db.select({ id: apiKeys.id }).from(apiKeys)).length)).toBe(before)
    },
    SLOW,
  )
})

describe('atrium CLI: help, version and usage errors', () => {
  it(
    'help, version, an unknown command and a bad flag',
    async () => {
      const [help, createHelp, version, unknown, badFlag, noSub] = await Promise.all([
        atrium('--help'),
        atrium('keys', 'create', '--help'),
        atrium('--version'),
        atrium('frobnicate'),
        atrium('keys', 'list', '--colour', 'red'),
        atrium('keys'),
      ])
      expect(help.code, help.stderr).toBe(0)
      for (const cmd of ['serve', 'migrate', 'keys', 'seed']) expect(help.stdout).toContain(cmd)
      expect(createHelp.code).toBe(0)
      for (const flag of ['--permission <level>', '--site <id>', '--name <name>']) expect(createHelp.stdout).toContain(flag)
      const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
      expect(version).toMatchObject({ code: 0, stdout: `${pkg.version}\n` })
      expect(unknown).toMatchObject({ code: 2, stdout: '' })
      expect(unknown.stderr).toContain("unknown command 'frobnicate'")
      expect(badFlag).toMatchObject({ code: 2, stdout: '' })
      expect(badFlag.stderr).toContain("unknown option '--colour'")
      // A command group without its subcommand shows its usage, as an error.
      expect(noSub.code).toBe(2)
      expect(noSub.stderr).toContain('create')
    },
    SLOW,
  )

  it(
    "a rule the service enforces is reported by the flag's name, not the API field",
    async () => {
      const run = await atrium('keys', 'create', '--permission', 'Write')
      expect(run).toMatchObject({ code: 2, stdout: '' })
      expect(run.stderr).toContain('--site: only Master and Admin keys may be unscoped')
      expect(run.stderr).not.toContain('site_id')
    },
    SLOW,
  )
})

describe('atrium keys list / revoke', () => {
  let key: string
  let keyId: string

  beforeAll(async () => {
    const run = await atrium('keys', 'create', '--permission', 'Admin', '--name', 'listed key')
    expect(run.code, run.stderr).toBe(0)
    key = run.stdout.trim()
    keyId = /key ([0-9a-f-]{36})/.exec(run.stderr)![1]!
  }, SLOW)

  it(
    'lists id, prefix, name, permission, site and status as a table or JSON lines, never the key',
    async () => {
      // One after the other: the embedded database admits one process at a time.
      const table = await atrium('keys', 'list')
      const json = await atrium('keys', 'list', '--json')
      expect(table.code, table.stderr).toBe(0)
      const lines = table.stdout.trimEnd().split('\n')
      expect(lines[0]).toMatch(/^ID\s+PREFIX\s+NAME\s+PERMISSION\s+SITE\s+STATUS$/)
      const row = lines.find((l) => l.startsWith(keyId))
      expect(row).toMatch(new RegExp(`^${keyId}\\s+${key.slice(0, 12)}\\s+listed key\\s+Admin\\s+-\\s+Active$`))
      expect(table.stdout).not.toContain(key)

      expect(json.code, json.stderr).toBe(0)
      const rows = json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(rows).toContainEqual({ id: keyId, key_prefix: key.slice(0, 12), name: 'listed key', permission: 'Admin', site_id: null, status: 'Active' })
      expect(json.stdout).not.toContain(key)
    },
    SLOW,
  )

  it(
    '--site lists only that site',
    async () => {
      const run = await atrium('keys', 'list', '--json', '--site', siteId)
      expect(run.code, run.stderr).toBe(0)
      const rows = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { site_id: string | null })
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => r.site_id === siteId)).toBe(true)
    },
    SLOW,
  )

  it(
    'revoke revokes once; again is a failure (1); a bad id is a usage error (2)',
    async () => {
      const first = await atrium('keys', 'revoke', keyId)
      expect(first.code, first.stderr).toBe(0)
      expect(first.stdout).toContain(keyId)
      const again = await atrium('keys', 'revoke', keyId)
      expect(again).toMatchObject({ code: 1, stdout: '' })
      expect(again.stderr).toMatch(/revoked/i)
      const bad = await atrium('keys', 'revoke', 'not-an-id')
      expect(bad).toMatchObject({ code: 2, stdout: '' })
      expect(bad.stderr).toContain("'not-an-id'")
      const list = await atrium('keys', 'list', '--json')
      expect(list.stdout).toContain(`"id":"${keyId}","key_prefix":"${key.slice(0, 12)}","name":"listed key","permission":"Admin","site_id":null,"status":"Revoked"`)
      await withDatabase(async (app) => {
        await app.ready()
        expect((await client(app, key).get('/auth/me')).statusCode).toBe(401)
      })
    },
    SLOW,
  )
})

describe('atrium seed --demo', () => {
  it(
    'creates a site with en and de, published and draft posts with tags and categories, and prints a Read key once',
    async () => {
      const run = await atrium('seed', '--demo')
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/^atr_[A-Za-z0-9_-]{43}\n$/)
      const key = run.stdout.trim()
      expect(run.stderr).not.toContain(key)
      const demoSite = /demo site ([0-9a-f-]{36})/.exec(run.stderr)![1]!
      await withDatabase(async (app) => {
        await app.ready()
        const reader = client(app, key)
        expect((await reader.get('/auth/me')).json()).toMatchObject({ permission: 'Read', site_id: demoSite })
        const locales = (await reader.get(`/sites/${demoSite}/locales`)).json<Array<{ code: string }>>()
        expect(locales.map((l) => l.code).sort()).toEqual(['de', 'en'])
        const published = (await reader.get(`/sites/${demoSite}/blogs/published?locale=de`)).json<{
          data: Array<{ slug: string; title: string; tags: unknown[]; categories: unknown[] }>
        }>()
        expect(published.data.length).toBe(3)
        expect(published.data.every((b) => b.tags.length > 0 && b.categories.length === 1)).toBe(true)
        expect(published.data.map((b) => b.title)).toContain('Hallo, Atrium')
        const all = (await reader.get(`/sites/${demoSite}/blogs`)).json<{ meta: { total: number } }>()
        expect(all.meta.total).toBe(4)
      })
      // Seeding twice is refused (the demo slug is taken), not a second copy.
      const again = await atrium('seed', '--demo')
      expect(again).toMatchObject({ code: 1, stdout: '' })
      expect(again.stderr).toContain('demo')
    },
    SLOW,
  )
})
