/*
 * The starter frontend's page views per second (issue 39): the built starter (templates/astro-site, `node server.mjs`)
 * against a real Atrium on this machine (embedded database, a seeded site: the template's own test harness), its cache
 * warm and refreshing as in production (CMS_CACHE_SECONDS=5). autocannon runs as its own process on the blog list and
 * on a post, one after the other; the proxy in front of Atrium counts what the starter asked during each run.
 *
 *   npm run build && npm run client:build && (cd templates/astro-site && npm ci && npm run build)
 *   npx tsx templates/astro-site/bench/starter.ts      (from the repository root)
 *
 * BENCH_STARTER_SECONDS (default 10) and BENCH_STARTER_CONNECTIONS (default 10) change the runs.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startStack } from '../test/harness/stack.js'

/** The Atrium repository: its autocannon (a development dependency there) generates the load. */
const ATRIUM_ROOT = process.env.ATRIUM_ROOT ?? fileURLToPath(new URL('../../..', import.meta.url))

const seconds = Number(process.env.BENCH_STARTER_SECONDS ?? 10)
const connections = Number(process.env.BENCH_STARTER_CONNECTIONS ?? 10)

interface AutocannonJson {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
}

/** autocannon in its own process (asynchronously: the proxy in this process keeps forwarding the starter's refreshes). */
function autocannon(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', 'autocannon', '--json', '-c', String(connections), '-d', String(seconds), url], {
      cwd: ATRIUM_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`autocannon exited ${code}`))))
  })
}

const stack = await startStack({ cacheSeconds: 5 })
try {
  const rows: string[] = []
  for (const path of ['/blog/', '/blog/post-6/']) {
    const url = `${stack.starterUrl}${path}`
    // Warm: the page's content in the starter's cache (the shared parts were loaded at start).
    // (Once more on failure: the connection kept alive from the previous path may have been closed by the server meanwhile.)
    for (let i = 0; i < 3; i++) await (await fetch(url).catch(() => fetch(url))).text()
    await stack.proxy.settle()
    stack.proxy.reset()
    const result = JSON.parse(await autocannon(url)) as AutocannonJson
    await stack.proxy.settle()
    rows.push(
      `| \`${path}\` | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.requests.total} | ${result.non2xx + result.errors} | ${stack.proxy.calls.length} |`,
    )
  }
  console.log(`autocannon, ${connections} connections, ${seconds} s per path, CMS_CACHE_SECONDS=5\n`)
  console.log('| path | page views/s | p50 ms | p99 ms | requests | non-2xx or errors | calls to Atrium during the run |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} catch (err) {
  console.error(`the starter said:\n${stack.starterOutput()}`)
  throw err
} finally {
  await stack.stop()
}
