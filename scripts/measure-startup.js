#!/usr/bin/env node
// Start-up time and memory of the compiled server: `npm run build && node scripts/measure-startup.js`.
// Starts `node [NODE_FLAGS] dist/main.js serve` on 127.0.0.1 (a fresh temporary data directory unless DATABASE_URL
// is set), times the first healthy /api/v1/health, then reports RSS idle and after a short load.
import { spawn, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const flags = (process.env.NODE_FLAGS ?? '').split(' ').filter(Boolean)
let port = 0
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-measure-'))
const key = `atr_measure_${randomBytes(24).toString('base64url')}`
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })

function get(urlPath, headers = {}) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    })
    req.on('error', () => resolve(0))
  })
}

/** Resident set size of a process in MB (ps works on Linux and macOS). */
const rssMb = (pid) =>
  Math.round(
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024,
  )

/** One start of the server: time to the first healthy answer, RSS idle and after a short load. */
async function measure() {
  port = 0
  const started = process.hrtime.bigint()
  const child = spawn(process.execPath, [...flags, path.join(ROOT, 'dist/main.js'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ATRIUM_DATA_DIR: dataDir, ATRIUM_BOOTSTRAP_KEY: key, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // An ephemeral port, read from the "Server listening at" log line.
  let out = ''
  child.stdout.on('data', (d) => {
    out += d.toString()
    port ||= Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1] ?? 0)
  })
  try {
    while (port === 0 || (await get('/api/v1/health')) !== 200) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      await sleep(20)
    }
    const readyMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6)
    await sleep(5000)
    const idle = rssMb(child.pid)
    // A short load: 2,000 authenticated reads over 10 connections.
    const paths = ['/api/v1/sites', '/api/v1/auth/me', '/api/v1/api-keys', '/api/v1/health']
    let i = 0
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (i < 2000) await get(paths[i++ % paths.length], { 'x-api-key': key })
      }),
    )
    const loaded = rssMb(child.pid)
    await sleep(5000)
    return { readyMs, idle, loaded, after: rssMb(child.pid) }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))
  }
}

const mode = process.env.DATABASE_URL ? 'server' : 'embedded'
try {
  // First start on an empty database (creates and migrates it), then a restart on the same one.
  for (const label of ['first start', 'restart']) {
    const m = await measure()
    process.stdout.write(
      `${mode}${flags.length ? ` (${flags.join(' ')})` : ''}, ${label}: first healthy answer ${m.readyMs} ms; RSS idle ${m.idle} MB, ` +
        `after 2,000 requests ${m.loaded} MB, 5 s later ${m.after} MB\n`,
    )
  }
} finally {
  agent.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}
