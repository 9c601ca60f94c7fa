/*
 * Preview read latency (issue 39): GET /preview with a token, for a draft post (a 3 KB Markdown body in two locales)
 * and a page with five localized sections, against the service started as `npm start` starts it, on the embedded
 * database and, with DATABASE_URL (and REDIS_URL), on the server. Short runs: `tsx bench/preview.ts`
 * (BENCH_PREVIEW_REQUESTS per record and mode, default 2000, after 200 unmeasured). Each request is sent when the
 * previous one answered (one connection: latency, not throughput), then the same count again with 8 in flight. A token
 * lookup is one indexed statement per request (revocation is immediate); the record's answer comes from the read
 * cache under its record version, so "after a save" runs measure the miss that follows each write.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIfStale, startServer, type RunningServer } from './server.js'
import { stats, type LatencyStats } from './editor.js'

const KEY = `atr_${'b'.repeat(43)}`
const N = Number(process.env.BENCH_PREVIEW_REQUESTS ?? 2000)
const WARM = 200

async function call<T>(base: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? undefined : await res.json()) as T
}

const paragraph = (i: number) =>
  `## Part ${i}\n\nGardens change with the seasons, and a pond brings **birds**, dragonflies and frogs. See [the guide](https://example.com/${i}).\n\n- reeds\n- water lilies\n- marsh marigold\n`

async function seed(base: string) {
  const site = await call<{ id: string }>(base, 'POST', '/sites', {
    name: 'Preview bench',
    slug: `preview-bench-${Date.now()}`,
    locales: [{ code: 'en', is_default: true }, { code: 'de' }],
  })
  const body = Array.from({ length: 14 }, (_, i) => paragraph(i)).join('\n')
  const blog = await call<{ id: string; localizations: Array<{ id: string }> }>(base, 'POST', '/blogs', {
    site_ids: [site.id],
    status: 'Draft',
    localizations: [
      { locale: 'en', title: 'A draft about gardens', excerpt: 'Ponds and plants', body },
      { locale: 'de', title: 'Ein Entwurf über Gärten', body },
    ],
  })
  const page = await call<{ id: string }>(base, 'POST', '/pages', {
    site_ids: [site.id],
    route: '/about/garden',
    status: 'Draft',
    sections: Array.from({ length: 5 }, (_, i) => ({
      section_type: i === 0 ? 'hero' : 'text',
      localizations: [
        { locale: 'en', title: `Section ${i}`, text: paragraph(i) },
        { locale: 'de', title: `Abschnitt ${i}`, text: paragraph(i) },
      ],
    })),
  })
  const token = async (type: string, id: string) =>
    (await call<{ token: string }>(base, 'POST', `/sites/${site.id}/previews`, { type, id, expires_in: 3600 })).token
  const { slug } = await call<{ slug: string }>(base, 'GET', `/blogs/${blog.id}`)
  return { blog, bySlug: `/sites/${site.id}/blogs/by-slug/${slug}`, blogToken: await token('blog', blog.id), pageToken: await token('page', page.id) }
}

async function read(base: string, token: string): Promise<number> {
  const t0 = performance.now()
  // A key (for the reference run) reads the draft by slug as its delivery read; a token reads GET /preview.
  const res = token.startsWith('/')
    ? await fetch(`${base}/api/v1${token}`, { headers: { 'x-api-key': KEY } })
    : await fetch(`${base}/api/v1/preview`, { headers: { 'x-preview-token': token } })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`GET /preview: ${res.status}`)
  return performance.now() - t0
}

async function sequential(base: string, token: string): Promise<LatencyStats> {
  for (let i = 0; i < WARM; i++) await read(base, token)
  const ms: number[] = []
  for (let i = 0; i < N; i++) ms.push(await read(base, token))
  return stats(ms, 0)
}

async function concurrent(base: string, token: string, inFlight = 8): Promise<LatencyStats & { perSecond: number }> {
  const ms: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < N) ms.push(await read(base, token))
    }),
  )
  return { ...stats(ms, 0), perSecond: Math.round(N / ((performance.now() - t0) / 1000)) }
}

/** A save, then the preview read at once (the record's cached answer was dropped by the save: a miss). */
async function afterSave(base: string, seeded: Awaited<ReturnType<typeof seed>>): Promise<LatencyStats> {
  const ms: number[] = []
  const loc = seeded.blog.localizations[0]!.id
  for (let i = 0; i < Math.min(200, N); i++) {
    await call(base, 'PUT', `/blogs/localizations/${loc}`, { subtitle: `Revision ${i}` })
    ms.push(await read(base, seeded.blogToken))
  }
  return stats(ms, 0)
}

const fmt = (s: LatencyStats) => `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(1)} ms (${s.count})`

async function mode(name: string, databaseUrl: string | undefined, redisUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-preview-bench-'))
  let server: RunningServer | undefined
  try {
    server = await startServer({ dataDir, databaseUrl, redisUrl, env: { ATRIUM_BOOTSTRAP_KEY: KEY, ATRIUM_RATE_LIMIT_PER_IP: '10000000' } })
    const base = server.baseUrl
    const seeded = await seed(base)
    console.log(`\n${name}`)
    console.log(`  blog, 1 in flight:  ${fmt(await sequential(base, seeded.blogToken))}`)
    console.log(`  page, 1 in flight:  ${fmt(await sequential(base, seeded.pageToken))}`)
    console.log(`  reference, the same draft by slug with the Master key, 1 in flight: ${fmt(await sequential(base, seeded.bySlug))}`)
    const c = await concurrent(base, seeded.blogToken)
    console.log(`  blog, 8 in flight:  ${fmt(c)}, ${c.perSecond}/s`)
    console.log(`  blog, read after each save: ${fmt(await afterSave(base, seeded))}`)
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await buildIfStale()
await mode('embedded (PGlite, in-process cache)', undefined, undefined)
if (process.env.DATABASE_URL) await mode('PostgreSQL server + Redis', process.env.DATABASE_URL, process.env.REDIS_URL)
