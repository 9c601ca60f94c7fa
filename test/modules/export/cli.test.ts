import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { run } from '../../../src/cli/program.js'

/*
 * `atrium export` and `atrium import` as a user runs them, through the CLI's own entry (run(argv) answers the exit
 * code bin/atrium.js exits with; in-process, so each command costs no interpreter start): a seeded site exported
 * and imported into another installation (embedded data directories), --dry-run, a taken slug, and the exit codes of
 * bad input (1: the command failed, naming the problem; 2: wrong usage). Progress goes to stderr as plain lines.
 */

let from: string
let to: string
let work: string
const saved = { ...process.env }

interface Run {
  code: number | 'serving'
  stdout: string
  stderr: string
}

async function atrium(dataDir: string, ...args: string[]): Promise<Run> {
  process.env.ATRIUM_DATA_DIR = dataDir
  process.env.LOG_LEVEL = 'silent'
  // Embedded on both sides: this file is about the commands, the round-trip test covers the server.
  delete process.env.DATABASE_URL
  delete process.env.REDIS_URL
  delete process.env.ATRIUM_BOOTSTRAP_KEY
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => ((stdout += String(c)), true))
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => ((stderr += String(c)), true))
  try {
    return { code: await run(args), stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

beforeAll(() => {
  from = mkdtempSync(path.join(os.tmpdir(), 'atrium-export-from-'))
  to = mkdtempSync(path.join(os.tmpdir(), 'atrium-export-to-'))
  work = mkdtempSync(path.join(os.tmpdir(), 'atrium-export-work-'))
})

afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
  Object.assign(process.env, saved)
})

afterAll(() => {
  for (const d of [from, to, work]) rmSync(d, { recursive: true, force: true })
})

describe('atrium export / import', () => {
  it('moves a site to another installation; --dry-run; a taken slug', async () => {
    expect((await atrium(from, 'seed', '--demo')).code).toBe(0)
    const file = path.join(work, 'demo.tar.gz')
    const exp = await atrium(from, 'export', '--site', 'demo', '--out', file)
    expect(exp.code, exp.stderr).toBe(0)
    expect(exp.stdout).toMatch(/exported site demo to .*demo\.tar\.gz: .*blogs 4/)
    expect(exp.stderr).toMatch(/exporting blogs/)
    expect(existsSync(`${file}.partial`)).toBe(false)

    const dry = await atrium(to, 'import', file, '--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(/dry run: .* would create site demo .*blogs 4.*nothing was written/)

    const imp = await atrium(to, 'import', file)
    expect(imp.code, imp.stderr).toBe(0)
    expect(imp.stdout).toMatch(/imported site demo \([0-9a-f-]{36}\): .*blogs 4/)
    expect(imp.stderr).toMatch(/importing blogs/)

    const again = await atrium(to, 'import', file)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/slug "demo" already exists: choose another with --as/)
  }, 120_000)

  it('bad input: exit 1 with the problem named, exit 2 for wrong usage', async () => {
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
    expect(badSlug.stderr).toMatch(/--as.*must be a slug/)
  }, 60_000)
})
