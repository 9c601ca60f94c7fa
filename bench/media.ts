/*
 * The media part of `npm run bench` (BENCH_PARTS=media runs it alone; `npm run bench:media` is that shortcut), in
 * each database mode the bench runs, against a fresh Atrium process on the mode's seeded database (so its peak RSS is
 * the uploads' own), with the first seeded site's Write key (uploads) and Read key (reads):
 *   1. uploads of the 2 MB JPEG (3000×2000, variants thumbnail/small/medium/large made inline) at
 *      BENCH_MEDIA_CONNECTIONS (default 8) for BENCH_DURATION seconds, with autocannon in the bench process (a
 *      multipart body built per request); every request's bytes differ (a JPEG comment segment carries a counter), so
 *      each is a real new upload (201), never a deduplicated one. Uploads/s, p50/p99, non-2xx and the server's peak
 *      RSS (VmHWM: the process starts fresh, so the peak is start-up plus the uploads);
 *   2. GET /media/{id} over the uploaded records with the bench's load generator (wrk when installed) at
 *      BENCH_CONNECTIONS (default 50): req/s, p50/p99, CPU ms per request;
 *   3. one upload at a time (BENCH_MEDIA_SINGLE of each, default 5): the answer time of the 2 MB JPEG and of a 24 MP
 *      photo of about 20 MB (6000×4000): whether inline variants hold the answer too long (issue 13, item 3).
 * Both timed runs go into the mode's report (non-2xx or errors fail the bench).
 */
import autocannon from 'autocannon'
import sharp from 'sharp'
import type { BenchRequest } from './endpoints.js'
import { measure, unmeasured, type Measurement } from './load.js'
import type { Phase } from './phases.js'
import { memoryMb, type RunningServer } from './server.js'

const singles = Number(process.env.BENCH_MEDIA_SINGLE ?? 5)
const uploadConnections = Number(process.env.BENCH_MEDIA_CONNECTIONS ?? 8)

/**
 * A photo-like JPEG of the given size: a gradient with noise of `noise` levels (a power of two: more noise, more bytes
 * per pixel), at the best quality that stays under `maxBytes`.
 */
async function photo(w: number, h: number, maxBytes: number, noise = 64): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3)
  let seed = 12345
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    raw[i] = ((i % (w * 3)) / 36 + (seed & (noise - 1))) & 255
  }
  let last: Buffer | undefined
  for (let q = 100; q >= 35; q -= 5) {
    last = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: q })
      .toBuffer()
    if (last.length <= maxBytes) return last
  }
  return last as Buffer
}

/** The JPEG with a COM segment after SOI carrying `n`: other bytes, same picture. */
function unique(jpg: Buffer, n: number): Buffer {
  const text = Buffer.from(`atrium-bench-${n}-${Date.now()}-${Math.random()}`)
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

function autocannonRun(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: unknown, res: autocannon.Result) => (err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res)))
  })
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0

/** `n` uploads one after the other: answer times in ms. */
async function oneAtATime(api: string, key: string, siteId: string, jpg: Buffer, n: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const f = form(siteId, unique(jpg, -1 - i))
    const t0 = performance.now()
    const res = await fetch(`${api}/media/upload`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': f.type }, body: f.body })
    const text = await res.text()
    times.push(performance.now() - t0)
    if (res.status !== 201) throw new Error(`single upload: ${res.status} ${text.slice(0, 300)}`)
  }
  return times
}

/** The media part in one mode; `start` starts a fresh Atrium process on the mode's database. */
export async function mediaPhase(p: Phase, start: () => Promise<RunningServer>): Promise<void> {
  const site = p.sites[0]
  if (!site) throw new Error('media bench: no seeded site')
  const [small, large] = await Promise.all([photo(3000, 2000, 2.2 * 1024 * 1024), photo(6000, 4000, 21 * 1024 * 1024, 256)])
  const server = await start()
  p.onCleanup(() => server.stop())
  try {
    const api = `${server.baseUrl}/api/v1`
    const mb = (b: Buffer) => (b.length / 1024 / 1024).toFixed(1)
    p.log(`media (Atrium pid ${server.pid}, fresh process): ${mb(small)} MB JPEG 3000×2000 and ${mb(large)} MB JPEG 6000×4000 (24 MP)`)
    const memBefore = memoryMb(server.pid)
    let n = 0
    const ids: string[] = []
    const durationS = p.load.durationS
    const up = await autocannonRun({
      url: `${api}/media/upload`,
      connections: uploadConnections,
      duration: durationS,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const f = form(site.id, unique(small, n++))
            return { ...req, body: f.body, headers: { 'x-api-key': site.writeKey, 'content-type': f.type } }
          },
          onResponse: (status, body) => {
            if (status === 201) ids.push((JSON.parse(body) as { id: string }).id)
          },
        },
      ],
    })
    const memAfter = memoryMb(server.pid)
    const uploads: Measurement = {
      ...unmeasured({ name: `POST /media/upload (2 MB JPEG, ${uploadConnections} connections)`, target: undefined }, 'missing', ''),
      status: 'measured',
      rps: up.requests.total / durationS,
      p50: up.latency.p50,
      p99: up.latency.p99,
      requests: up.requests.total,
      durationS,
      non2xx: up.non2xx,
      errors: up.errors + up.timeouts,
    }
    p.report.extra.set('media-upload', uploads)
    const rss = `server peak RSS ${memBefore?.peak.toFixed(0) ?? '?'} MB before the uploads, ${memAfter?.peak.toFixed(0) ?? '?'} MB after (now ${memAfter?.now.toFixed(0) ?? '?'} MB)`
    const upLine =
      `uploads of the 2 MB JPEG at ${uploadConnections} connections: ${uploads.rps.toFixed(1)}/s (${uploads.requests} in ${durationS} s), ` +
      `p50 ${uploads.p50} ms, p99 ${uploads.p99} ms, ${uploads.non2xx} non-2xx, ${uploads.errors} errors; ${rss}`
    p.log(`  ${upLine}`)
    p.report.notes.push(`media: ${upLine}`)
    // Uploads still in flight when the run stopped finish before the reads are timed.
    await new Promise((r) => setTimeout(r, 3000))

    const reqs: BenchRequest[] = ids.slice(0, 1000).map((id) => ({ method: 'GET', path: `/api/v1/media/${id}`, headers: { 'x-api-key': site.readKey } }))
    if (reqs.length === 0) throw new Error('media bench: no upload answered 201')
    const get = await measure(p.gen, server.baseUrl, { name: 'GET /media/{id}', target: undefined }, { reqs, kind: 'rotate' }, p.load, {
      serverPid: server.pid,
      transactions: p.db.transactions,
      dbPids: p.db.backendPids,
    })
    p.report.extra.set('media-get', get)
    const cpu = get.cpu.server === undefined ? '' : `, server CPU ${get.cpu.server.toFixed(2)} ms/req`
    const getLine =
      `GET /media/{id} (${reqs.length} records, ${p.load.connections} connections, ${p.gen.kind}): ${Math.round(get.rps)} req/s, ` +
      `p50 ${get.p50.toFixed(1)} ms, p99 ${get.p99.toFixed(1)} ms, ${get.non2xx} non-2xx, ${get.errors} errors${cpu}`
    p.log(`  ${getLine}`)
    p.report.notes.push(`media: ${getLine}`)
    for (const [what, jpg] of [
      ['2 MB JPEG', small],
      ['24 MP JPEG', large],
    ] as const) {
      const times = await oneAtATime(api, site.writeKey, site.id, jpg, singles)
      const line = `one upload at a time, ${what} (${mb(jpg)} MB): p50 ${pct(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length}`
      p.log(`  ${line}`)
      p.report.notes.push(`media: ${line}`)
    }
  } finally {
    await server.stop()
    const tail = server.output()
    if (tail) p.log(`Atrium output (warn and above):\n${tail}`)
  }
}
