import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * `atrium export` and `atrium import` as a user runs them (embedded data directories; each run starts the CLI):
 * a seeded site exported and imported into another installation, a taken slug, --dry-run, --as, and the exit codes
 * of bad input (1: the command failed, 2: wrong usage). Progress goes to stderr as plain lines (no terminal here).
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BIN = path.join(ROOT, 'bin/atrium.js')
const SLOW = 120_000

let from: string
let to: string
let work: string

interface Run {
  code: number
  stdout: string
  stderr: string
}

function atrium(dataDir: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
  // Embedded on both sides: this file is about the commands, the round-trip test covers the server.
  delete env.DATABASE_URL
  delete env.REDIS_URL
  delete env.ATRIUM_BOOTSTRAP_KEY
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env, timeout: SLOW - 10_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr })
    })
  })
}

beforeAll(() => {
  from = mkdtempSync(path.join(os.tmpdir(), 'atrium-export-from-'))
  to = mkdtempSync(path.join(os.tmpdir(), 'atrium-export-to-'))
  work = mkdtempSync(path.join(os.tmpdir(), 'atrium-export-work-'))
})

afterAll(() => {
  for (const d of [from, to, work]) rmSync(d, { recursive: true, force: true })
})

describe('atrium export / import', () => {
  it(
    'moves a site to another installation; a taken slug, --as and --dry-run',
    async () => {
      expect((await atrium(from, 'seed', '--demo')).code).toBe(0)
      const file = path.join(work, 'demo.tar.gz')
      const exp = await atrium(from, 'export', '--site', 'demo', '--out', file)
      expect(exp, exp.stderr).toMatchObject({ code: 0 })
      expect(exp.stdout).toMatch(/exported site demo to .*demo\.tar\.gz: .*blogs 4/)
      expect(exp.stderr).toMatch(/exporting blogs/)
      expect(existsSync(`${file}.partial`)).toBe(false)

      const dry = await atrium(to, 'import', file, '--dry-run')
      expect(dry, dry.stderr).toMatchObject({ code: 0 })
      expect(dry.stdout).toMatch(/dry run: .* would create site demo .*blogs 4.*nothing was written/)

      const imp = await atrium(to, 'import', file)
      expect(imp, imp.stderr).toMatchObject({ code: 0 })
      expect(imp.stdout).toMatch(/imported site demo \([0-9a-f-]{36}\): .*blogs 4/)

      const again = await atrium(to, 'import', file)
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(/slug "demo" already exists: choose another with --as/)

      const copy = await atrium(to, 'import', file, '--as', 'demo-copy')
      expect(copy, copy.stderr).toMatchObject({ code: 0 })
      expect(copy.stdout).toMatch(/imported site demo-copy/)
    },
    SLOW,
  )

  it(
    'bad input: exit 1 with the problem named, exit 2 for wrong usage',
    async () => {
      const missing = await atrium(to, 'import', path.join(work, 'nope.tar.gz'))
      expect(missing.code).toBe(1)
      expect(missing.stderr).toMatch(/cannot read .*nope\.tar\.gz: no such file/)
      const unknown = await atrium(from, 'export', '--site', 'no-such-site', '--out', path.join(work, 'x.tar.gz'))
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toMatch(/site not found/)
      expect(existsSync(path.join(work, 'x.tar.gz'))).toBe(false)
      expect(existsSync(path.join(work, 'x.tar.gz.partial'))).toBe(false)
      expect((await atrium(from, 'export', '--out', path.join(work, 'y.tar.gz'))).code).toBe(2)
      const badSlug = await atrium(to, 'import', path.join(work, 'demo.tar.gz'), '--as', 'Not A Slug')
      expect(badSlug.code).toBe(2)
      expect(badSlug.stderr).toMatch(/as: must be a slug/)
    },
    SLOW,
  )
})
