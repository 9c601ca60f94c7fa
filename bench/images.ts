/*
 * The images part of the bench (BENCH_PARTS=images; `npm run bench:images`): renditions on the file URL
 * (README.md, "Renditions") on a 2400×1600 JPEG and a 4000×3000 PNG, uploaded to the first seeded site of a
 * fresh Atrium process:
 *   1. cold renditions, one after the other (BENCH_IMAGES_COLD per image, default 12: distinct widths and formats):
 *      renditions/s with p50/p99 of the answer times;
 *   2. warm (stored) renditions vs the original file, each with autocannon at BENCH_CONNECTIONS for BENCH_DURATION:
 *      req/s and the ratio (goal ≥ 80 %);
 *   3. in a second fresh process: 50 concurrent cold requests for distinct sizes (w × h crops not made before) while a
 *      delivery read (post by slug) runs beside them with autocannon; the process's peak RSS (VmHWM; goal < 400 MB
 *      embedded) and the delivery read's p99 meanwhile (goal < 50 ms).
 */
import autocannon from 'autocannon'
import sharp from 'sharp'
import type { Phase } from './phases.js'
import { memoryMb, type RunningServer } from './server.js'

const coldPerImage = Number(process.env.BENCH_IMAGES_COLD ?? 12)
const WIDTHS = [160, 256, 384, 512, 640, 768, 960, 1024, 1280, 1536, 1920, 2048]

function noisy(w: number, h: number): Buffer {
  const raw = Buffer.alloc(w * h * 3)
  let seed = 12345
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    raw[i] = ((i % (w * 3)) / 24 + (seed & 31)) & 255
  }
  return raw
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: unknown, res: autocannon.Result) => (err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res)))
  })
}

async function upload(api: string, siteId: string, key: string, bytes: Buffer, name: string): Promise<{ image_url: string; public_url: string }> {
  const boundary = `----atriumbench${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="site_ids"\r\n\r\n${JSON.stringify([siteId])}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await fetch(`${api}/media/upload`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  })
  const json = (await res.json()) as { image_url: string; public_url: string }
  if (res.status !== 201 && res.status !== 200) throw new Error(`images bench: upload ${res.status} ${JSON.stringify(json).slice(0, 300)}`)
  return json
}

/** The path and query of an absolute URL, on the running server. */
const on = (server: RunningServer, url: string) => {
  const u = new URL(url)
  return `${server.baseUrl}${u.pathname}${u.search}`
}

/*
 * The file route is public and never reads a key: its calls count against the per-IP limit (300/min), which a bench
 * from one address passes at once. The servers of this part run with ATRIUM_RATE_LIMIT_PER_IP raised (run.ts), and
 * every run reports its non-2xx answers, so a limited run cannot pass for a fast one.
 */
async function timedGet(url: string): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(url, { headers: { accept: 'image/webp,*/*' } })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`images bench: ${url} answered ${res.status}`)
  return performance.now() - t0
}

export async function imagesPhase(p: Phase, start: () => Promise<RunningServer>): Promise<void> {
  const site = p.sites[0]
  if (!site) throw new Error('images bench: no seeded site')
  const jpeg = await sharp(noisy(2400, 1600), { raw: { width: 2400, height: 1600, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
  const png = await sharp(noisy(4000, 3000), { raw: { width: 4000, height: 3000, channels: 3 } })
    .png()
    .toBuffer()
  const mb = (b: Buffer) => (b.length / 1024 / 1024).toFixed(1)
  let server = await start()
  p.onCleanup(() => server.stop())
  const api = `${server.baseUrl}/api/v1`
  const images = [
    { what: `2400×1600 JPEG (${mb(jpeg)} MB)`, media: await upload(api, site.id, site.writeKey, jpeg, 'bench.jpg') },
    { what: `4000×3000 PNG (${mb(png)} MB)`, media: await upload(api, site.id, site.writeKey, png, 'bench.png') },
  ]
  p.log(`images (Atrium pid ${server.pid}): ${images.map((i) => i.what).join(', ')}`)
  try {
    for (const img of images) {
      // 1. Cold: distinct widths, alternating WebP and JPEG.
      const urls = WIDTHS.slice(0, coldPerImage).map((w, i) => on(server, `${img.media.image_url}&w=${w}&fmt=${i % 2 ? 'jpeg' : 'webp'}`))
      const times: number[] = []
      const t0 = performance.now()
      for (const url of urls) times.push(await timedGet(url))
      const perS = urls.length / ((performance.now() - t0) / 1000)
      const coldLine = `cold renditions of the ${img.what}: ${perS.toFixed(1)}/s one at a time, p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms over ${times.length}`
      p.log(`  ${coldLine}`)
      p.report.notes.push(`images: ${coldLine}`)
      // 2. Warm vs the original.
      const warmUrl = urls[Math.min(4, urls.length - 1)]
      if (!warmUrl) throw new Error('images bench: BENCH_IMAGES_COLD must be at least 1')
      const opts = { connections: p.load.connections, duration: p.load.durationS, headers: { accept: 'image/webp,*/*' } }
      const warm = await run({ ...opts, url: warmUrl })
      const original = await run({ ...opts, url: on(server, img.media.public_url) })
      // A run whose answers take longer than its duration completes none: say so rather than print 0 req/s alone.
      const unfinished = (r: autocannon.Result) => (r.errors + r.timeouts > 0 ? `, ${r.errors} errors, ${r.timeouts} timeouts` : '')
      const warmLine =
        `warm rendition (${new URL(warmUrl).search}) ${Math.round(warm.requests.average)} req/s (p99 ${warm.latency.p99} ms, ${warm.non2xx} non-2xx${unfinished(warm)}) vs the original ` +
        `${Math.round(original.requests.average)} req/s (p99 ${original.latency.p99} ms, ${original.non2xx} non-2xx${unfinished(original)}): ${((100 * warm.requests.average) / original.requests.average).toFixed(0)} %`
      p.log(`  ${warmLine}`)
      p.report.notes.push(`images: ${img.what}: ${warmLine}`)
    }
  } finally {
    await server.stop()
  }
  // 3. A fresh process: 50 cold crops at once beside a delivery read.
  server = await start()
  p.onCleanup(() => server.stop())
  try {
    const post = site.posts[0]
    if (!post) throw new Error('images bench: no seeded post')
    const before = memoryMb(server.pid)
    const crops: string[] = []
    for (let i = 0; crops.length < 50; i++) {
      const img = images[i % 2] as (typeof images)[number]
      const w = WIDTHS[i % WIDTHS.length] as number
      const h = WIDTHS[(i * 7 + 3) % WIDTHS.length] as number
      crops.push(on(server, `${img.media.image_url}&w=${w}&h=${h}&fmt=webp`))
    }
    const delivery = run({
      url: `${server.baseUrl}/api/v1/sites/${site.id}/blogs/by-slug/${encodeURIComponent(post.slug)}`,
      headers: { 'x-api-key': site.readKey },
      connections: 4,
      duration: Math.max(5, p.load.durationS),
    })
    const t0 = performance.now()
    const statuses = await Promise.all(
      crops.map(async (url) => {
        const res = await fetch(url, { headers: { accept: 'image/webp' } })
        await res.arrayBuffer()
        return res.status
      }),
    )
    const burstMs = performance.now() - t0
    const read = await delivery
    const after = memoryMb(server.pid)
    const ok = statuses.filter((s) => s === 200).length
    const line =
      `50 concurrent cold crops: ${ok} × 200, ${statuses.length - ok} other (${[...new Set(statuses)].join('/')}) in ${(burstMs / 1000).toFixed(1)} s; ` +
      `server peak RSS ${before?.peak.toFixed(0) ?? '?'} MB before, ${after?.peak.toFixed(0) ?? '?'} MB after; post by slug meanwhile ` +
      `(4 connections): ${Math.round(read.requests.average)} req/s, p50 ${read.latency.p50} ms, p99 ${read.latency.p99} ms, ${read.non2xx} non-2xx`
    p.log(`  ${line}`)
    p.report.notes.push(`images: ${line}`)
  } finally {
    await server.stop()
    const tail = server.output()
    if (tail) p.log(`Atrium output (warn and above):\n${tail}`)
  }
}
