import { execFile } from 'node:child_process'
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

/*
 * A real PostgreSQL primary and a streaming standby of it, made with this machine's binaries (initdb,
 * pg_basebackup -R, pg_ctl) in a temporary directory, on free ports of 127.0.0.1 and a socket directory of their
 * own: the machine's own cluster is never touched. The standby applies commits `delayMs` late
 * (recovery_min_apply_delay), so a test can force lag. PostgreSQL refuses to run as root: as root, every binary
 * runs as the `postgres` OS user (runuser).
 */

const run = promisify(execFile)

export const PG_BIN = process.env.ATRIUM_PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** Why the harness cannot run here (binaries missing, or not the server suite), or undefined when it can. */
export function standbyUnavailable(): string | undefined {
  if (!process.env.DATABASE_URL) return 'primary/standby tests run in the server suite only (DATABASE_URL unset)'
  for (const bin of ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres']) {
    if (!existsSync(path.join(PG_BIN, bin))) return `PostgreSQL binaries missing: ${path.join(PG_BIN, bin)} (set ATRIUM_PG_BIN)`
  }
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser'
  return undefined
}

export interface PgPair {
  /** postgres://postgres@127.0.0.1:<port>/<db> of the primary. */
  primaryUrl: string
  standbyUrl: string
  primaryPort: number
  standbyPort: number
  /** Changes the standby's apply delay (reloads it; no restart). */
  setDelay(ms: number): Promise<void>
  /** Stops the standby at once (immediate mode: as a crash). */
  killStandby(): Promise<void>
  startStandby(): Promise<void>
  /** Waits until the standby has replayed everything the primary has written so far. */
  catchUp(timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      s.close(() => resolve(port))
    })
  })
}

const asRoot = () => process.getuid?.() === 0

/** Runs a PostgreSQL binary (as `postgres` when this process is root). */
async function pgBin(bin: string, args: string[]): Promise<string> {
  const file = path.join(PG_BIN, bin)
  const { stdout } = asRoot() ? await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/tmp' }) : await run(file, args, { cwd: '/tmp' })
  return stdout
}

function owned(dir: string): void {
  if (!asRoot()) return
  const uid = Number(process.env.ATRIUM_PG_UID ?? 101)
  const gid = Number(process.env.ATRIUM_PG_GID ?? 104)
  chownSync(dir, uid, gid)
}

/**
 * Starts a primary and its standby; `db` is created on the primary (and so exists on the standby). `delayMs`: the
 * standby's recovery_min_apply_delay.
 */
export async function startPair(opts: { db?: string; delayMs?: number } = {}): Promise<PgPair> {
  const db = opts.db ?? 'atrium'
  const base = mkdtempSync(path.join(os.tmpdir(), 'atrium-pgpair-'))
  owned(base)
  const sock = path.join(base, 'sock')
  mkdirSync(sock)
  owned(sock)
  const primaryDir = path.join(base, 'primary')
  const standbyDir = path.join(base, 'standby')
  const [primaryPort, standbyPort] = [await freePort(), await freePort()]
  const common = [
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${sock}'`,
    `shared_buffers = 32MB`,
    `max_connections = 80`,
    `fsync = off`,
    `full_page_writes = off`,
    `wal_level = replica`,
    `max_wal_senders = 4`,
    `wal_keep_size = 256MB`,
    `hot_standby = on`,
    `hot_standby_feedback = on`,
    `wal_receiver_status_interval = 1s`,
    `log_min_messages = warning`,
  ]
  const started: string[] = []
  const stop = async (dir: string) => {
    await pgBin('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
  }
  try {
    await pgBin('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
    appendFileSync(primaryDir + '/postgresql.conf', [...common, `port = ${primaryPort}`].join('\n') + '\n')
    await pgBin('pg_ctl', ['-D', primaryDir, '-l', path.join(base, 'primary.log'), '-w', 'start'])
    started.push(primaryDir)
    const primaryAdmin = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`
    const admin = new pg.Client({ connectionString: primaryAdmin })
    await admin.connect()
    await admin.query(`create database ${db}`)
    await admin.end()
    await pgBin('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ])
    appendFileSync(standbyDir + '/postgresql.conf', [`port = ${standbyPort}`, `recovery_min_apply_delay = ${opts.delayMs ?? 0}`].join('\n') + '\n')
    const startStandby = async () => {
      await pgBin('pg_ctl', ['-D', standbyDir, '-l', path.join(base, 'standby.log'), '-w', 'start'])
    }
    await startStandby()
    started.push(standbyDir)
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${db}`
    const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${db}`
    const query = async <T>(url: string, text: string): Promise<T[]> => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      try {
        return (await c.query(text)).rows as T[]
      } finally {
        await c.end()
      }
    }
    return {
      primaryUrl,
      standbyUrl,
      primaryPort,
      standbyPort,
      setDelay: async (ms) => {
        // ALTER SYSTEM writes postgresql.auto.conf, not the database: a standby takes it.
        await query(standbyUrl, `alter system set recovery_min_apply_delay = '${Math.max(0, Math.round(ms))}ms'`)
        await query(standbyUrl, `select pg_reload_conf()`)
      },
      killStandby: () => stop(standbyDir),
      startStandby,
      catchUp: async (timeoutMs = 20_000) => {
        const [row] = await query<{ lsn: string }>(primaryUrl, `select pg_current_wal_lsn()::text as lsn`)
        const lsn = row?.lsn ?? '0/0'
        const until = Date.now() + timeoutMs
        while (Date.now() < until) {
          const [r] = await query<{ ok: boolean }>(standbyUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as ok`)
          if (r?.ok) return
          await new Promise((res) => setTimeout(res, 50))
        }
        throw new Error(`standby did not reach ${lsn} within ${timeoutMs} ms`)
      },
      close: async () => {
        for (const dir of started.reverse()) await stop(dir)
        rmSync(base, { recursive: true, force: true })
      },
    }
  } catch (err) {
    for (const dir of started.reverse()) await stop(dir)
    rmSync(base, { recursive: true, force: true })
    throw err
  }
}
