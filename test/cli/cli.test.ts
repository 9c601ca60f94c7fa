import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
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
const MIGRATIONS = (JSON.parse(readFileSync(path.join(ROOT, 'migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length
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
  return atriumIn({}, ...args)
}

/** Runs the CLI with extra environment (a fresh data directory, …) and optionally another working directory. */
function atriumIn(extra: NodeJS.ProcessEnv & { cwd?: string }, ...args: string[]): Promise<Run> {
  const { cwd, ...vars } = extra
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: cwd ?? ROOT, env: { ...env(), ...vars }, timeout: SLOW - 10_000 }, (err, stdout, stderr) => {
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
      const status = await atrium('migrate', '--status')
      expect(status.code, status.stderr).toBe(0)
      const lines = status.stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(MIGRATIONS)
      expect(lines.every((l) => /^applied {2}\d{4}_[a-z0-9_]+ {2}\d{4}-\d\d-\d\dT/.test(l))).toBe(true)
      expect(status.stderr).toBe(`${MIGRATIONS} applied, 0 pending\n`)
      siteId = await withDatabase(
        async (app) => (await sites.create(systemCtx(app.deps, 'test'), { name: 'CLI site', slug: `cli-${randomBytes(3).toString('hex')}` })).id,
      )
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
        const [row] = await app.deps.dbh.db
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.key_digest, digestKey(key)))
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
      expect(badPermission.stderr).toContain('--permission')
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
      const rows = json.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
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
      const rows = run.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { site_id: string | null })
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
      expect(list.stdout).toContain(
        `"id":"${keyId}","key_prefix":"${key.slice(0, 12)}","name":"listed key","permission":"Admin","site_id":null,"status":"Revoked"`,
      )
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
      // It says what to do instead: how to get a key for the demo site that exists.
      expect(again.stderr).toContain(`demo site exists already (slug demo, id ${demoSite})`)
      expect(again.stderr).toContain(`atrium keys create --permission Read --site ${demoSite}`)
    },
    SLOW,
  )
})

describe('atrium keys create --permission', () => {
  it(
    'takes the level in any case and stores its own spelling',
    async () => {
      const run = await atrium('keys', 'create', '--permission', 'rEaD', '--site', siteId)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stderr).toMatch(/^created Read key /)
    },
    SLOW,
  )
})

/** A database of its own (server mode) or a data directory of its own (embedded), empty. */
async function emptyTarget(): Promise<{ env: NodeJS.ProcessEnv; dir: string; written(): Promise<boolean>; drop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-empty-'))
  const name = serverUrl ? `atrium_t_${process.ppid}_cli_${randomBytes(4).toString('hex')}` : undefined
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    try {
      return await c.query<{ t: string | null }>(q)
    } finally {
      await c.end()
    }
  }
  if (name) await admin(`create database ${name}`)
  const url = name && serverUrl ? withDb(serverUrl, name) : undefined
  return {
    env: { ATRIUM_DATA_DIR: path.join(dir, 'data'), ...(url ? { DATABASE_URL: url } : {}) },
    dir,
    // Anything at all: the data directory (embedded), or any table (server).
    written: async () => {
      if (existsSync(path.join(dir, 'data')) && readdirSync(path.join(dir, 'data')).length > 0) return true
      if (!url) return false
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      try {
        const r = await c.query<{ n: string }>("select count(*)::text as n from pg_tables where schemaname = 'public'")
        return r.rows[0]?.n !== '0'
      } finally {
        await c.end()
      }
    },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true })
      if (name) await admin(`drop database if exists ${name} with (force)`)
    },
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })

describe('atrium serve', () => {
  it(
    'a busy port fails within seconds: exit 1 naming the port, no data written, no migration, no key',
    async () => {
      const target = await emptyTarget()
      const busy = net.createServer()
      await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()))
      const port = (busy.address() as net.AddressInfo).port
      try {
        const started = Date.now()
        const run = await atriumIn({ ...target.env, LOG_LEVEL: 'info' }, 'serve', '--port', String(port), '--host', '127.0.0.1')
        const took = Date.now() - started
        expect(run.code).toBe(1)
        expect(run.stderr).toContain(`PORT ${port} is already in use`)
        expect(run.stderr).not.toMatch(/atr_[A-Za-z0-9_-]{43}/)
        expect(run.stdout).not.toMatch(/atr_[A-Za-z0-9_-]{43}|migrations applied/)
        expect(await target.written()).toBe(false)
        // Most of this is starting node and the TypeScript loader on a shared machine; nothing waits on a database.
        expect(took).toBeLessThan(60_000)
      } finally {
        busy.close()
        await target.drop()
      }
    },
    SLOW,
  )

  it(
    'on an empty database: the first key on stderr as one marked line, logs without it, a warning naming ATRIUM_PUBLIC_URL, probes, clean stop',
    async () => {
      const target = await emptyTarget()
      const port = await freePort()
      const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
        cwd: ROOT,
        env: { ...env(), ...target.env, LOG_LEVEL: 'info' },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
      const base = `http://127.0.0.1:${port}/api/v1`
      try {
        let ready: Response | undefined
        for (const until = Date.now() + SLOW - 60_000; Date.now() < until;) {
          ready = await fetch(`${base}/health/ready`).catch(() => undefined)
          if (ready?.status === 200) break
          // While starting, the port answers: live 200, ready and the API 503.
          if (ready?.status === 503) expect((await fetch(`${base}/health/live`)).status).toBe(200)
          await new Promise((r) => setTimeout(r, 200))
        }
        expect(ready?.status, stderr).toBe(200)
        expect(await ready!.json()).toEqual({ status: 'ready', reason: null })
        expect((await fetch(`${base}/health/live`)).status).toBe(200)

        const marked = stderr.split('\n').filter((l) => l.startsWith('ATRIUM FIRST MASTER KEY'))
        expect(marked).toHaveLength(1)
        const key = /(atr_[A-Za-z0-9_-]{43})$/.exec(marked[0]!)![1]!
        expect(stdout).not.toContain(key)
        const logs = stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { level: number; msg: string; public_url?: string })
        expect(logs.filter((l) => /Master key was generated and printed once to standard error/.test(l.msg))).toHaveLength(1)
        const warned = logs.filter((l) => l.msg.includes('ATRIUM_PUBLIC_URL'))
        expect(warned).toHaveLength(1)
        expect(warned[0]).toMatchObject({ level: 40, public_url: `http://localhost:${port}` })
        const me = await fetch(`${base}/auth/me`, { headers: { 'x-api-key': key } })
        expect(me.status).toBe(200)
      } finally {
        child.kill('SIGTERM')
        expect(await exited).toBe(0)
        await target.drop()
      }
    },
    SLOW,
  )
})

describe('atrium with a .env file', () => {
  it(
    'a line that cannot be parsed: exit 1 naming the file and the line; migrate --status on a fresh database lists all pending and changes nothing',
    async () => {
      const target = await emptyTarget()
      try {
        writeFileSync(path.join(target.dir, '.env'), `LOG_LEVEL=silent\nATRIUM_DATA_DIR=${target.env.ATRIUM_DATA_DIR}\nnot a setting\n`)
        const bad = await atriumIn({ ...target.env, cwd: target.dir }, 'migrate', '--status')
        expect(bad).toMatchObject({ code: 1, stdout: '' })
        expect(bad.stderr).toContain(`${path.join(target.dir, '.env')}:3:`)
        expect(bad.stderr).not.toContain('not a setting')

        writeFileSync(path.join(target.dir, '.env'), 'ATRIUM_APP_NAME=x\n')
        for (let i = 0; i < 2; i++) {
          const status = await atriumIn({ ...target.env, cwd: target.dir }, 'migrate', '--status')
          expect(status.code, status.stderr).toBe(0)
          const lines = status.stdout.trimEnd().split('\n')
          expect(lines).toHaveLength(MIGRATIONS)
          expect(lines.every((l) => /^pending {2}\d{4}_[a-z0-9_]+$/.test(l))).toBe(true)
          expect(status.stderr).toContain(`0 applied, ${MIGRATIONS} pending`)
        }
      } finally {
        await target.drop()
      }
    },
    SLOW,
  )
})
