/*
 * The `export` part of `npm run bench` (BENCH_PARTS=export runs it alone; embedded). Issue 30: export and import
 * stream with flat memory. Seeds one site with BENCH_EXPORT_POSTS posts (default 100,000; each with an en and a de
 * localization of about 2 KB) and BENCH_EXPORT_MEDIA_MB of stored media (default 1024, files of 8 MB of random
 * bytes), then runs `atrium export` and `atrium import` (into a second data directory) as a user would, each in a
 * process of its own, and reports per command the peak resident set (VmHWM, sampled every 100 ms until exit), the
 * wall time, and the time per 10,000 records of the blogs table (from the progress lines, one per 10,000 rows).
 */
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { systemCtx } from '../src/core/context.js'
import { openDb } from '../src/db/client.js'
import { migrate } from '../src/db/migrate.js'
import * as sites from '../src/modules/sites/service.js'
import { MemoryCache } from '../src/platform/cache/memory.js'
import { newStorageKey } from '../src/platform/storage/index.js'
import { memoryMb } from './server.js'

const BIN = fileURLToPath(new URL('../bin/atrium.js', import.meta.url))

export interface ExportBenchOptions {
  posts: number
  mediaMb: number
  log: (line: string) => void
}

async function seed(dataDir: string, posts: number, mediaMb: number, log: (l: string) => void): Promise<void> {
  const dbh = await openDb({ dataDir })
  const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
  const cache = new MemoryCache()
  const app = await buildApp(config, { dbh, cache, logger: false })
  try {
    await migrate(dbh)
    const site = await sites.create(systemCtx(app.deps, 'bench'), {
      name: 'Export bench',
      slug: 'bench',
      locales: [{ code: 'en', is_default: true }, { code: 'de' }],
    })
    const [en, de] = site.locales.map((l) => l.id)
    const t0 = Date.now()
    for (let from = 0; from < posts; from += 10_000) {
      const n = Math.min(10_000, posts - from)
      await dbh.db.execute(sql`
        with c as (insert into content (site_id, content_type) select ${site.id}::uuid, 'blog' from generate_series(1, ${n}) returning id),
             n as (select id, row_number() over () + ${from} as i from c),
             s as (insert into content_sites (content_id, site_id, content_type, slug) select id, ${site.id}::uuid, 'blog', 'post-' || i from n),
             b as (insert into blogs (content_id, site_id, slug, status) select id, ${site.id}::uuid, 'post-' || i, 'Draft' from n)
        insert into blog_localizations (content_id, locale_id, title, body)
        select id, l.locale_id, 'Post ' || i, repeat('Lorem ipsum dolor sit amet. ', 70) from n cross join (values (${en}::uuid), (${de}::uuid)) as l(locale_id)`)
    }
    log(`export bench: seeded ${posts} posts in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    const files = Math.ceil(mediaMb / 8)
    for (let i = 0; i < files; i++) {
      const bytes = randomBytes(8 * 1024 * 1024)
      const key = newStorageKey('media')
      await app.deps.storage.put(key, bytes)
      await dbh.db.execute(sql`insert into media (site_id, filename, mime_type, mime_category, size_bytes, checksum, storage_key)
        values (${site.id}::uuid, ${`file-${i}.zip`}, 'application/zip', 'archive', ${bytes.length}, ${createHash('sha256').update(bytes).digest('hex')}, ${key})`)
    }
    log(`export bench: stored ${files} media files (${files * 8} MB)`)
  } finally {
    await app.close()
    await cache.close()
    await dbh.close()
  }
}

interface Measured {
  code: number
  seconds: number
  peakMb: number
  /** Seconds between successive "blogs: <n>" progress lines (10,000 rows each). */
  per10k: number[]
  stderr: string
}

function run(dataDir: string, args: string[]): Promise<Measured> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
    delete env.DATABASE_URL
    delete env.REDIS_URL
    const start = Date.now()
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let peak = 0
    const sample = setInterval(() => {
      const m = child.pid ? memoryMb(child.pid) : undefined
      if (m) peak = Math.max(peak, m.peak)
    }, 100)
    const marks: number[] = []
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => {
      const text = d.toString()
      stderr += text
      for (const line of text.split('\n')) if (/ blogs: \d+$/.test(line) || / blogs \(\d+\)$/.test(line)) marks.push(Date.now())
    })
    child.on('exit', (code) => {
      clearInterval(sample)
      const per10k = marks.slice(1).map((m, i) => (m - (marks[i] as number)) / 1000)
      resolve({ code: code ?? -1, seconds: (Date.now() - start) / 1000, peakMb: peak, per10k, stderr })
    })
  })
}

const median = (xs: number[]) => (xs.length ? ([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number) : NaN)

/** Seeds, exports, imports; prints peak RSS and timings. Returns false when a command failed. */
export async function exportBench(o: ExportBenchOptions): Promise<boolean> {
  const from = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-export-'))
  const to = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-import-'))
  const file = path.join(os.tmpdir(), `atrium-bench-${randomBytes(4).toString('hex')}.tar.gz`)
  try {
    o.log(`\n== export and import (${o.posts} posts, ${o.mediaMb} MB of media; embedded) ==`)
    await seed(from, o.posts, o.mediaMb, o.log)
    const exp = await run(from, ['export', '--site', 'bench', '--out', file])
    if (exp.code !== 0) {
      o.log(`export failed (exit ${exp.code}):\n${exp.stderr}`)
      return false
    }
    o.log(
      `export: ${exp.seconds.toFixed(1)} s, peak RSS ${exp.peakMb.toFixed(0)} MB, ${median(exp.per10k).toFixed(2)} s per 10,000 posts (median), archive ${(statSync(file).size / 2 ** 20).toFixed(0)} MB`,
    )
    const imp = await run(to, ['import', file])
    if (imp.code !== 0) {
      o.log(`import failed (exit ${imp.code}):\n${imp.stderr}`)
      return false
    }
    o.log(`import: ${imp.seconds.toFixed(1)} s, peak RSS ${imp.peakMb.toFixed(0)} MB, ${median(imp.per10k).toFixed(2)} s per 10,000 posts (median)`)
    return true
  } finally {
    for (const d of [from, to]) rmSync(d, { recursive: true, force: true })
    rmSync(file, { force: true })
  }
}

/** `BENCH_PARTS=export` alone: `tsx bench/export.ts` also works (BENCH_EXPORT_POSTS, BENCH_EXPORT_MEDIA_MB). */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const posts = Number(process.env.BENCH_EXPORT_POSTS ?? 100_000)
  const mediaMb = Number(process.env.BENCH_EXPORT_MEDIA_MB ?? 1024)
  exportBench({ posts, mediaMb, log: (l) => process.stdout.write(`${l}\n`) }).then(
    (ok) => process.exit(ok ? 0 : 1),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
      process.exit(1)
    },
  )
}
