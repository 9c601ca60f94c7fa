/*
 * The editor scenario's writer: in a worker thread of the bench process, one loop per site that once a second changes the
 * author of one of the site's sampled posts (`PUT /blogs/{id}` with the site's Write key), then reads that
 * post by slug at once (a read after a write: the write bumped the site's content version, so it is a
 * cache miss unless a reader got there first). Both latencies are recorded.
 */
import { Worker } from 'node:worker_threads'
import type { BenchRequest } from './endpoints.js'
import { get, sampledPosts } from './endpoints.js'
import type { SeededSite } from './seed.js'

export interface LatencyStats {
  count: number
  failed: number
  /** Milliseconds. */
  p50: number
  p99: number
  max: number
}

export interface EditorResult {
  writes: LatencyStats
  readsAfterWrite: LatencyStats
  failures: string[]
  /** Every save in order of its start, for BENCH_EDITOR_LOG. */
  log: WriteLogEntry[]
}

export interface Editor {
  stop(): Promise<EditorResult>
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export function stats(ms: number[], failed: number): LatencyStats {
  const sorted = [...ms].sort((a, b) => a - b)
  return { count: ms.length, failed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 }
}

/** What the writer thread needs of a site: its sampled posts, its Write key, and the read by slug (path, headers). */
interface WriterSite {
  writeKey: string
  posts: Array<{ id: string; slug: string; read: BenchRequest }>
}

/*
 * The writer loops run in a worker thread of their own. In the bench process they shared the event loop with
 * autocannon (the load generator when wrk is not installed), which keeps that loop saturated at 50 connections: a PUT's
 * answer waited there for autocannon's turn to end, so the write latency measured the load generator's loop as much as
 * the server (session 19: the server's own time from the request's headers to its last byte had p50 77 ms when the
 * bench recorded 703 ms, on a loaded machine). With wrk, a process of its own, the writer's loop was idle anyway.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads')
const { baseUrl, sites, intervalMs } = workerData
const writes = [], reads = [], failures = [], log = []
let writeFailed = 0, readFailed = 0, running = true
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const fail = (what) => { if (failures.length < 5) failures.push(what) }
const loop = async (site, index) => {
  await sleep((index * intervalMs) / sites.length)
  for (let n = 0; running; n++) {
    const started = performance.now()
    const post = site.posts[n % site.posts.length]
    // A write and the read after it are counted apart: a read that times out after a good save is a failed read, not
    // a failed write. After a failed save there is no write to read back, so no read is made.
    const t0 = performance.now()
    let saved = false
    try {
      const res = await fetch(baseUrl + '/api/v1/blogs/' + post.id, {
        method: 'PUT',
        headers: { 'x-api-key': site.writeKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ author: 'Bench Editor ' + n }),
        signal: AbortSignal.timeout(10000),
      })
      const body = await res.text()
      log.push({ site: index, n, at: performance.timeOrigin + t0, ms: performance.now() - t0, status: res.status })
      if (res.status === 200) { writes.push(performance.now() - t0); saved = true }
      else { writeFailed++; fail('PUT /blogs/' + post.id + ' answered ' + res.status + ': ' + body.slice(0, 200)) }
    } catch (err) {
      writeFailed++
      fail('PUT /blogs/' + post.id + ': ' + (err instanceof Error ? err.message : String(err)))
    }
    if (saved) {
      try {
        const t1 = performance.now()
        const read = await fetch(baseUrl + post.read.path, { headers: post.read.headers, signal: AbortSignal.timeout(10000) })
        const text = await read.text()
        if (read.status === 200 && text.includes('"Bench Editor ' + n + '"')) reads.push(performance.now() - t1)
        else { readFailed++; fail('read after write of ' + post.slug + ': ' + read.status + (read.status === 200 ? ' without the new author' : '')) }
      } catch (err) {
        readFailed++
        fail('read after write of ' + post.slug + ': ' + (err instanceof Error ? err.message : String(err)))
      }
    }
    await sleep(Math.max(0, intervalMs - (performance.now() - started)))
  }
}
// The thread's own first fetch loads and compiles its HTTP client: done once before the first timed save.
const loops = fetch(baseUrl + '/api/v1/health').then((r) => r.text(), () => undefined).then(() => Promise.all(sites.map((s, i) => loop(s, i))))
parentPort.once('message', async () => {
  running = false
  await loops
  parentPort.postMessage({ writes, reads, writeFailed, readFailed, failures, log })
})
`

/** One save as the writer saw it (BENCH_EDITOR_LOG): the site's loop, its sequence number, start (epoch ms) and latency. */
export interface WriteLogEntry {
  site: number
  n: number
  at: number
  ms: number
  status: number
}

interface WriterResult {
  log: WriteLogEntry[]
  writes: number[]
  reads: number[]
  writeFailed: number
  readFailed: number
  failures: string[]
}

/** Starts one writer per site, spread over the second, in a worker thread; stop() waits for the writes in flight. */
export function startEditor(baseUrl: string, sites: SeededSite[], intervalMs = 1000): Editor {
  const writerSites: WriterSite[] = sites.map((site) => ({
    writeKey: site.writeKey,
    posts: sampledPosts(site).map((p) => ({ id: p.id, slug: p.slug, read: get(site, `/sites/${site.id}/blogs/by-slug/${encodeURIComponent(p.slug)}`) })),
  }))
  const worker = new Worker(WRITER, { eval: true, workerData: { baseUrl, sites: writerSites, intervalMs } })
  const failed = new Promise<never>((_, reject) => worker.once('error', reject))
  return {
    async stop() {
      const done = new Promise<WriterResult>((resolve) => worker.once('message', resolve))
      worker.postMessage('stop')
      const r = await Promise.race([done, failed])
      await worker.terminate()
      return {
        writes: stats(r.writes, r.writeFailed),
        readsAfterWrite: stats(r.reads, r.readFailed),
        failures: r.failures,
        log: r.log.sort((a, b) => a.at - b.at),
      }
    },
  }
}
