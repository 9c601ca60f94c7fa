import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, startProcess, type Started } from './processes.js'
import { startProxy, type CountingProxy } from './proxy.js'
import { seed, type Seeded } from './seed.js'

const TEMPLATE = fileURLToPath(new URL('../..', import.meta.url))
/** The Atrium repository this template lives in (its built dist/main.js serves the API). */
const ATRIUM_ROOT = process.env.ATRIUM_ROOT ?? path.resolve(TEMPLATE, '../..')
const MASTER_KEY = 'atr_starter_test_master_key_0123456789abcdef'

export interface Stack {
  atriumUrl: string
  masterKey: string
  proxy: CountingProxy
  starterUrl: string
  seeded: Seeded
  /** What the starter printed so far. */
  starterOutput: () => string
  stop: () => Promise<void>
}

/**
 * A real Atrium (embedded database in a temporary directory) with a seeded site, the counting proxy in front of it,
 * and the built starter (`node server.mjs`, as `npm start` runs it) reading Atrium through the proxy.
 */
export async function startStack(options: { cacheSeconds?: number } = {}): Promise<Stack> {
  for (const built of [path.join(ATRIUM_ROOT, 'dist/main.js'), path.join(TEMPLATE, 'dist/server/entry.mjs')])
    if (!existsSync(built)) throw new Error(`${built} missing: build Atrium (npm run build in the repository) and the starter (npm run build) first`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-starter-'))
  const [atriumPort, proxyPort, starterPort] = [await freePort(), await freePort(), await freePort()]
  const atriumUrl = `http://127.0.0.1:${atriumPort}`
  const started: Started[] = []
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    started.push(
      await startProcess(process.execPath, ['dist/main.js', 'serve'], {
        name: 'Atrium',
        cwd: ATRIUM_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: '127.0.0.1',
          PORT: String(atriumPort),
          LOG_LEVEL: 'warn',
          ATRIUM_DATA_DIR: dataDir,
          ATRIUM_BOOTSTRAP_KEY: MASTER_KEY,
          ATRIUM_PUBLIC_URL: atriumUrl,
        },
        ready: async () => (await fetch(`${atriumUrl}/api/v1/health/ready`)).ok,
        timeoutMs: Number(process.env.ATRIUM_READY_MS ?? 180_000),
      }),
    )
    const t0 = Date.now()
    const seeded = await seed(atriumUrl, MASTER_KEY)
    console.log(`Atrium ready, site seeded in ${Date.now() - t0} ms`)
    const proxy = await startProxy(atriumUrl, proxyPort)
    const starterUrl = `http://127.0.0.1:${starterPort}`
    started.push(
      await startProcess(process.execPath, ['server.mjs'], {
        name: 'the starter',
        cwd: TEMPLATE,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: '127.0.0.1',
          PORT: String(starterPort),
          CMS_API_URL: `${proxy.url}/api/v1`,
          CMS_API_KEY: seeded.readKey,
          CMS_SITE_ID: seeded.siteId,
          // One second by default: the tests see content go stale and refresh many times within a few seconds.
          CMS_CACHE_SECONDS: String(options.cacheSeconds ?? 1),
        },
        ready: (output) => output.includes('[atrium] warm-up'),
        timeoutMs: 30_000,
      }),
    )
    if (!started[1]!.output().includes('warm-up done')) throw new Error(`the starter's warm-up failed:\n${started[1]!.output()}`)
    return {
      atriumUrl,
      masterKey: MASTER_KEY,
      proxy,
      starterUrl,
      seeded,
      starterOutput: started[1]!.output,
      stop: async () => {
        await proxy.close()
        await stopAll()
      },
    }
  } catch (err) {
    await stopAll()
    throw err
  }
}
