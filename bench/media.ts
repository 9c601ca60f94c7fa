/*
 * `npm run bench:media`: upload throughput and GET /media/{id} (issue 13, item 5). Starts the service as
 * `npm start` does (bench/server.ts) on a fresh embedded data directory (or the PostgreSQL server of
 * DATABASE_URL, in a fresh database dropped at the end is NOT done here: use the embedded default), creates a site
 * and a Master key with the CLI before the server starts, then:
 *   1. uploads of a 2 MB JPEG (3000×2000, variants thumbnail/small/medium/large made inline) at 8 connections for
 *      BENCH_DURATION seconds (default 10); every request's bytes differ (a JPEG comment segment carries a
 *      counter), so each is a real new upload (201), not a deduplicated one;
 *   2. GET /media/{id} over the uploaded records at 8 connections for the same time.
 * Prints uploads/s, p50/p99 latency, non-2xx count and the server's peak RSS (VmHWM) before and after the uploads.
 * The load generator is autocannon in this process (multipart bodies built per request).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { buildIfStale, memoryMb, startServer } from './server.js'

const durationS = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8)

/** A photo-like 3000×2000 JPEG of about 2 MB: a gradient with noise. */
async function photo(): Promise<Buffer> {
  const w = 3000
  const h = 2000
  const raw = Buffer.alloc(w * h * 3)
  let seed = 12345
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    raw[i] = ((i % (w * 3)) / 36 + (seed & 63)) & 255
  }
  for (let q = 90; q >= 40; q -= 5) {
    const jpg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: q }).toBuffer()
    if (jpg.length <= 2.2 * 1024 * 1024) return jpg
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 35 }).toBuffer()
}

/** The JPEG with a COM segment after SOI carrying `n`: other bytes, same picture. */
function unique(jpg: Buffer, n: number): Buffer {
  const text = Buffer.from(`atrium-bench-${n}-${Date.now()}`)
  const seg = Buffer.alloc(4)
  seg.writeUInt16BE(0xfffe, 0)
  seg.writeUInt16BE(text.length + 2, 2)
  return Buffer.concat([jpg.subarray(0, 2), seg, text, jpg.subarray(2)])
}

function form(siteId: string, bytes: Buffer): { body: Buffer; type: string } {
  const boundary = `----atriumbench${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="site_ids"\r\n\r\n${JSON.stringify([siteId])}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: unknown, res: autocannon.Result) => (err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res)))
  })
}

async function main(): Promise<void> {
  await buildIfStale()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-media-'))
  const env: NodeJS.ProcessEnv = { ...process.env, ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ATRIUM_DEFAULT_KEY_RATE_LIMIT: '100000000' }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  const key = execFileSync(process.execPath, ['dist/main.js', 'keys', 'create', '--permission', 'Master', '--name', 'bench'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  const server = await startServer({ dataDir, databaseUrl: undefined, redisUrl: undefined })
  try {
    const api = `${server.baseUrl}/api/v1`
    const headers = { 'x-api-key': key, 'content-type': 'application/json' }
    const siteRes = await fetch(`${api}/sites`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench media', slug: `bench-media-${Date.now()}` }) })
    if (siteRes.status !== 201) throw new Error(`creating the site: ${siteRes.status} ${await siteRes.text()}`)
    const siteId = ((await siteRes.json()) as { id: string }).id
    const jpg = await photo()
    console.log(`photo: ${(jpg.length / 1024 / 1024).toFixed(2)} MB JPEG, 3000×2000; ${connections} connections, ${durationS} s`)
    const first = form(siteId, unique(jpg, -1))
    const probe = await fetch(`${api}/media/upload`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': first.type }, body: first.body })
    if (probe.status !== 201) throw new Error(`probe upload: ${probe.status} ${await probe.text()}`)
    const memBefore = memoryMb(server.pid)
    let n = 0
    const ids: string[] = []
    const upload = await run({
      url: `${api}/media/upload`,
      connections,
      duration: durationS,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const f = form(siteId, unique(jpg, n++))
            return { ...req, body: f.body, headers: { 'x-api-key': key, 'content-type': f.type } }
          },
          onResponse: (status, body) => {
            if (status === 201) ids.push((JSON.parse(body) as { id: string }).id)
          },
        },
      ],
    })
    const memAfter = memoryMb(server.pid)
    console.log(
      `uploads: ${(upload.requests.total / durationS).toFixed(1)}/s (${upload.requests.total} in ${durationS} s), p50 ${upload.latency.p50} ms, p99 ${upload.latency.p99} ms, ` +
        `non-2xx ${upload.non2xx}, errors ${upload.errors + upload.timeouts}; server RSS peak ${memBefore?.peak.toFixed(0)} MB before, ${memAfter?.peak.toFixed(0)} MB after (now ${memAfter?.now.toFixed(0)} MB)`,
    )
    // Let the uploads still in flight when autocannon stopped finish before the reads are timed.
    await new Promise((r) => setTimeout(r, 3000))
    let i = 0
    const get = await run({
      url: api,
      connections,
      duration: durationS,
      timeout: 10,
      headers: { 'x-api-key': key },
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/media/${ids[i++ % Math.max(1, ids.length)] ?? ''}` }) }],
    })
    console.log(`GET /media/{id}: ${(get.requests.total / durationS).toFixed(0)} req/s, p50 ${get.latency.p50} ms, p99 ${get.latency.p99} ms, non-2xx ${get.non2xx}, errors ${get.errors + get.timeouts}`)
    if (upload.non2xx + upload.errors + get.non2xx + get.errors > 0) process.exitCode = 1
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
