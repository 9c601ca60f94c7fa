import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { startCommand } from '../../scripts/start-command.js'

/** The node flags and environment `npm start` runs the server with (as bench/server.ts reads them). */
const START = startCommand()
const startFlags = () => START.flags
/** glibc's malloc reads these at start; musl and other platforms ignore them. */
const onGlibc = process.platform === 'linux' && !!(process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime

/*
 * A child with a large live heap collects it in full 20 times and reports the CPU time its other threads spent
 * meanwhile (/proc/self/task): V8's helper threads mark, sweep and scavenge in parallel unless the collector is
 * single-threaded. With V8's default they took 90–120 ms here; on one core (a server pinned or given one CPU) that
 * is CPU the event loop waits for (bench/README "Whole-server stalls in the editor phase").
 */
const CHILD = `
const fs = require('node:fs')
const helperMs = () => fs.readdirSync('/proc/self/task').filter((t) => t !== String(process.pid)).reduce((sum, t) => {
  const stat = fs.readFileSync('/proc/self/task/' + t + '/stat', 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return sum + (Number(f[11]) + Number(f[12])) * 10
}, 0)
const live = []
for (let i = 0; i < 1000000; i++) live.push({ i, s: 'x' + i, a: [i, { k: i }] })
const before = helperMs()
for (let r = 0; r < 20; r++) globalThis.gc()
console.log(JSON.stringify({ helperMs: helperMs() - before, live: live.length }))
`

/*
 * A child allocates 1,000 buffers of 100 KB outside the JavaScript heap (as answers and query results are), keeps
 * every tenth, lets the rest be collected and reports how much of the growth is still resident. glibc's default puts
 * such blocks in its heap and can only give back its top; with the start settings each is its own mapping, unmapped
 * when freed (bench/README "Peak RSS of the whole embedded bench").
 */
const FRAGMENTS = `
const fs = require('node:fs')
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024
globalThis.gc()
const before = rss()
let all = []
for (let i = 0; i < 1000; i++) all.push(Buffer.allocUnsafeSlow(100 * 1024).fill(i & 255))
const grown = rss() - before
const kept = all.filter((_, i) => i % 10 === 0)
all = null
for (let r = 0; r < 3; r++) globalThis.gc()
console.log(JSON.stringify({ grownMb: grown, leftMb: rss() - before, kept: kept.length }))
`

describe('npm start node flags', () => {
  it('runs the garbage collector on the main thread only (no helper threads competing with the event loop)', () => {
    expect(startFlags()).toContain('--single-threaded-gc')
  })

  it.skipIf(process.platform !== 'linux')(
    'leaves the helper threads idle through full collections of a large heap',
    async () => {
      const { stdout } = await promisify(execFile)(process.execPath, [...startFlags(), '--expose-gc', '-e', CHILD], { timeout: 60_000 })
      const out = JSON.parse(stdout) as { helperMs: number; live: number }
      expect(out.live).toBe(1_000_000)
      // /proc counts in 10 ms ticks; a helper thread may still compile JavaScript (not garbage collection) once.
      expect(out.helperMs).toBeLessThanOrEqual(20)
    },
    90_000,
  )

  it('limits glibc malloc arenas and hands large blocks back to the system', () => {
    expect(START.env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' })
  })

  it.skipIf(!onGlibc)(
    'returns freed buffers to the system when most of them die and a few survive between them',
    async () => {
      const run = async (env: Record<string, string>) => {
        const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '-e', FRAGMENTS], {
          timeout: 60_000,
          env: { PATH: process.env.PATH ?? '', ...env },
        })
        return JSON.parse(stdout) as { grownMb: number; leftMb: number }
      }
      const started = await run(START.env)
      const plain = await run({})
      // 100 MB of answers and query results, a tenth of them kept: the rest must not stay resident.
      expect(started.grownMb).toBeGreaterThan(80)
      expect(started.leftMb).toBeLessThan(30)
      // Without the settings glibc keeps the freed blocks between the survivors (what the bench's peak RSS showed).
      expect(plain.leftMb).toBeGreaterThan(started.leftMb + 40)
    },
    90_000,
  )
})
