import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from '../../src/db/data-dir-lock.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BIN = path.join(ROOT, 'bin/atrium.js')
const SLOW = 300_000

let dataDir: string
const children: ChildProcess[] = []

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-'))
})
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** Always the embedded database, on this test's directory, listening on an ephemeral loopback port. */
function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    ATRIUM_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ATRIUM_BOOTSTRAP_KEY: `atr_test_${randomBytes(24).toString('base64url')}`,
  }
  delete e.DATABASE_URL
  delete e.REDIS_URL
  return e
}

function atrium(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: env(), timeout: SLOW - 10_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr })
    })
  })
}

/** Starts `atrium serve` and resolves with the process and its port once it listens. */
function startServer(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve'], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) resolve({ child, port: Number(m[1]) })
    })
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)))
  })
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))))

function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/v1/health' }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      .on('error', reject)
  })
}

describe('the embedded database admits one process at a time', () => {
  it(
    'a second process gets a clear error naming the holder and exits non-zero; after the first exits, a new one starts',
    async () => {
      const first = await startServer()
      expect(await health(first.port)).toBe(200)
      const lockFile = path.join(dataDir, 'atrium.lock')
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid })

      const cli = await atrium('keys', 'create', '--permission', 'Master')
      expect(cli.code).toBe(1)
      expect(cli.stdout).toBe('')
      expect(cli.stderr).toContain(`in use by another process (pid ${first.child.pid}`)
      expect(cli.stderr).toContain('atrium.js serve')
      expect(cli.stderr).toMatch(/Stop the server first, or use its HTTP API/)

      const second = spawn(process.execPath, [BIN, 'serve'], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(second)
      let secondErr = ''
      second.stderr.on('data', (d: Buffer) => (secondErr += d.toString()))
      expect(await exited(second)).toBe(1)
      expect(secondErr).toContain(`pid ${first.child.pid}`)
      expect(secondErr).toContain('DATABASE_URL')
      // The first one never noticed.
      expect(await health(first.port)).toBe(200)

      first.child.kill('SIGTERM')
      expect(await exited(first.child)).toBe(0)
      expect(existsSync(lockFile)).toBe(false)

      const next = await startServer()
      expect(await health(next.port)).toBe(200)
      next.child.kill('SIGTERM')
      expect(await exited(next.child)).toBe(0)
    },
    SLOW,
  )

  it(
    'a lock left by a process that no longer runs is taken over',
    async () => {
      const gone = spawn(process.execPath, ['-e', ''])
      await exited(gone)
      const lockFile = path.join(dataDir, 'atrium.lock')
      writeFileSync(lockFile, JSON.stringify({ pid: gone.pid, hostname: os.hostname(), command: 'node crashed', started_at: '' }))
      const run = await atrium('migrate')
      expect(run.code, run.stderr).toBe(0)
      expect(existsSync(lockFile)).toBe(false)
    },
    SLOW,
  )
})

describe('lockDataDir (in process)', () => {
  it('refuses a second lock in the same process, allows one after release, and survives debris', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-unit-'))
    try {
      const lock = lockDataDir(dir)
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
      lock.release()
      lock.release()
      lockDataDir(dir).release()
      // An empty lock file (a crash between create and write) does not block forever.
      writeFileSync(path.join(dir, 'atrium.lock'), '')
      const again = lockDataDir(dir)
      again.release()
      expect(existsSync(path.join(dir, 'atrium.lock'))).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
