import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startStandInIdp } from './oidc-provider'

/**
 * ONE real Atrium for the whole run, from the repository build (dist/ serving admin/dist), on a fresh embedded
 * database in a temporary ATRIUM_DATA_DIR, with a known Master key and the stand-in identity provider. Tests never
 * share state anyway: each seeds its own site (fixtures.ts).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BOOTSTRAP_KEY = 'atr_e2e_master_key_0123456789abcdef'

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // Three minutes: a busy 2-core machine was seen taking 45-60 s for the first start (migrations on a fresh database).
  const limit = Number(process.env.ATRIUM_E2E_READY_MS ?? 180_000)
  const deadline = Date.now() + limit
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Atrium exited (${child.exitCode}):\n${log()}`)
    try {
      if ((await fetch(`${url}/api/v1/health/ready`)).ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`Atrium not ready after ${limit / 1000} s:\n${log()}`)
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ['dist/main.js', 'admin/dist/index.html']) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} missing: run \`npm run build\` first (npm run test:e2e does)`)
  }
  const idp = await startStandInIdp({ clientId: 'atrium-admin', audience: 'atrium-e2e' })
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'))
  // The states expectAccessible checked four ways in this run, one claim file each, shared by the workers (themes.ts).
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
  const scanned = mkdtempSync(path.join(ROOT, '.tmp', 'e2e-scanned-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ATRIUM_DATA_DIR: dataDir,
      ATRIUM_BOOTSTRAP_KEY: BOOTSTRAP_KEY,
      ATRIUM_PUBLIC_URL: url,
      ATRIUM_JWKS_URL: idp.jwksUrl,
      ATRIUM_JWT_ISSUER: idp.issuer,
      ATRIUM_JWT_AUDIENCE: idp.audience,
      ATRIUM_OIDC_CLIENT_ID: idp.clientId,
      // Every browser and fixture request comes from 127.0.0.1: one address, many tests.
      ATRIUM_RATE_LIMIT_PER_IP: '100000',
      // The AI specs configure a stand-in provider on 127.0.0.1 (test/servers/ai-provider.ts); a hung one fails fast.
      ATRIUM_ALLOW_PRIVATE_AI_TARGETS: 'true',
      ATRIUM_AI_TIMEOUT_MS: '5000',
      // The webhook spec's receiver listens on 127.0.0.1.
      ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // A runner stopped by a signal (a `timeout`, Ctrl+C) skips the teardown: the server must not outlive it.
  const stopChild = () => child.kill('SIGTERM')
  process.once('exit', stopChild)
  for (const signal of ['SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      stopChild()
      process.exit(1)
    })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  try {
    await waitReady(url, child, () => output)
  } catch (e) {
    // No teardown runs after a failed setup: never leave the server (and its data directory) behind.
    child.kill('SIGKILL')
    await idp.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(scanned, { recursive: true, force: true })
    throw e
  }
  // Workers start after this and inherit the environment.
  process.env.ATRIUM_E2E_URL = url
  process.env.ATRIUM_E2E_KEY = BOOTSTRAP_KEY
  process.env.ATRIUM_E2E_IDP_SUB = idp.user.sub
  process.env.ATRIUM_E2E_IDP_ISSUER = idp.issuer
  process.env.ATRIUM_E2E_SCANNED = scanned

  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)))
    await idp.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(scanned, { recursive: true, force: true })
  }
}
