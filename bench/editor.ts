/*
 * The editor scenario's writer: in the bench process, one loop per site that once a second changes the
 * author of one of the site's sampled posts (`PUT /blogs/{id}` with the site's Write key), then reads that
 * post by slug at once (a read after a write: the write bumped the site's content version, so it is a
 * cache miss unless a reader got there first). Both latencies are recorded.
 */
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Starts one writer per site, spread over the second; stop() waits for the writes in flight. */
export function startEditor(baseUrl: string, sites: SeededSite[], intervalMs = 1000): Editor {
  const writes: number[] = []
  const reads: number[] = []
  const failures: string[] = []
  let writeFailed = 0
  let readFailed = 0
  let running = true
  const fail = (what: string) => {
    if (failures.length < 5) failures.push(what)
  }

  const loop = async (site: SeededSite, index: number) => {
    await sleep((index * intervalMs) / sites.length)
    const posts = sampledPosts(site)
    for (let n = 0; running; n++) {
      const started = performance.now()
      const post = posts[n % posts.length]!
      try {
        const t0 = performance.now()
        const res = await fetch(`${baseUrl}/api/v1/blogs/${post.id}`, {
          method: 'PUT',
          headers: { 'x-api-key': site.writeKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ author: `Bench Editor ${n}` }),
          signal: AbortSignal.timeout(10_000),
        })
        const body = await res.text()
        if (res.status === 200) writes.push(performance.now() - t0)
        else {
          writeFailed++
          fail(`PUT /blogs/${post.id} answered ${res.status}: ${body.slice(0, 200)}`)
        }
        const req: BenchRequest = get(site, `/sites/${site.id}/blogs/by-slug/${encodeURIComponent(post.slug)}`)
        const t1 = performance.now()
        const read = await fetch(`${baseUrl}${req.path}`, { headers: req.headers, signal: AbortSignal.timeout(10_000) })
        const text = await read.text()
        if (read.status === 200 && text.includes(`"Bench Editor ${n}"`)) reads.push(performance.now() - t1)
        else {
          readFailed++
          fail(`read after write of ${post.slug}: ${read.status}${read.status === 200 ? ' without the new author' : ''}`)
        }
      } catch (err) {
        writeFailed++
        fail(err instanceof Error ? err.message : String(err))
      }
      await sleep(Math.max(0, intervalMs - (performance.now() - started)))
    }
  }

  const loops = sites.map((s, i) => loop(s, i))
  return {
    async stop() {
      running = false
      await Promise.all(loops)
      return { writes: stats(writes, writeFailed), readsAfterWrite: stats(reads, readFailed), failures }
    },
  }
}
