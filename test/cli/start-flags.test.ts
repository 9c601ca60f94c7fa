import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The node flags `npm start` runs the server with (as bench/server.ts reads them). */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const run = /\bnode((?: --[\w-]+(?:=\S+)?)*) dist\/main\.js serve\b/.exec(pkg.scripts.start)
  if (!run) throw new Error(`package.json "start" does not run node … dist/main.js serve: ${pkg.scripts.start}`)
  return (run[1] ?? '').split(' ').filter(Boolean)
}

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
})
