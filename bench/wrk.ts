/*
 * Load generation with wrk (the Debian package), pinned to one core with taskset: one thread, `-c`
 * connections, a Lua script (written to a temporary file) that rotates the request paths, sets each
 * request's X-API-Key, counts non-2xx answers in a response() hook and prints the figures as one JSON line
 * from done(). Used when `wrk` is on the PATH; the bench falls back to autocannon otherwise.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BenchRequest } from './endpoints.js'

/** Absolute path of a program on the PATH (`which`), or undefined. */
export function which(program: string): string | undefined {
  try {
    const out = execFileSync('which', [program], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return out || undefined
  } catch {
    return undefined
  }
}

/**
 * Cores for the server under test and for the load generator: the server on core 0, wrk on the last core,
 * when the machine has two or more and taskset exists (BENCH_PIN=0 turns it off). Every server the bench
 * starts (Atrium, the one-query server, the from-memory server) gets the same core.
 */
export interface Pinning {
  server: number | undefined
  loadGen: number | undefined
  note: string
}

export function pinning(enabled: boolean): Pinning {
  const cores = os.cpus().length
  if (!enabled) return { server: undefined, loadGen: undefined, note: 'no CPU pinning (BENCH_PIN=0)' }
  if (cores < 2) return { server: undefined, loadGen: undefined, note: 'no CPU pinning (one core)' }
  if (!which('taskset')) return { server: undefined, loadGen: undefined, note: 'no CPU pinning (taskset not found)' }
  return {
    server: 0,
    loadGen: cores - 1,
    note:
      `server under test pinned to core 0, load generator to core ${cores - 1} (taskset); ` +
      'PostgreSQL, Redis and the bench process itself are not pinned and share both',
  }
}

export interface WrkPlan {
  baseUrl: string
  reqs: BenchRequest[]
  connections: number
  durationS: number
  /** Index of the first request in the rotation (a sweep's warm-up leaves off where the timed run starts). */
  offset: number
  /** Stop once every request of the list has been sent once (a sweep of keys never asked before: cache misses). */
  once: boolean
  /**
   * Append `&locale=en-x-<n>` with n = offset + request number: a locale tag no site has, so the answer is the
   * default locale's, under a cache key never used before (cache misses of a list).
   */
  bust: boolean
  cpu: number | undefined
  timeoutS: number
}

export interface WrkResult {
  requests: number
  /** Seconds of the run (wrk's own), or from the first request to the stop of a sweep that ran out of keys. */
  durationS: number
  rps: number
  /** Milliseconds. */
  p50: number
  p99: number
  non2xx: number
  statusCodes: Record<string, number>
  errors: { connect: number; read: number; write: number; timeout: number }
  /** Requests sent (the next offset of the rotation). */
  issued: number
  /** A sweep that ran out of keys before the duration was over. */
  stoppedEarly: boolean
  /** CPU ms of wrk itself. */
  cpuMs: number | undefined
}

/*
 * One thread (-t1), so the Lua counters are the run's. Wall time comes from clock_gettime through LuaJIT's
 * FFI: wrk's own summary.duration is always the full -d, even when a thread stopped early.
 */
const SCRIPT = `
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk_id, bench_timespec *tp);
]]
local ts = ffi.new("bench_timespec")
local function now_us()
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) * 1e6 + tonumber(ts.tv_nsec) / 1e3
end

local DATA, OFFSET, ONCE, BUST = %DATA%, %OFFSET%, %ONCE%, %BUST%
local paths, heads = {}, {}
issued, non2xx, t0, t1, stopped = 0, 0, 0, 0, 0
codes = ""
local counts = {}

function init(args)
  for line in io.lines(DATA) do
    local key, accept, p = line:match("^([^\\t]*)\\t([^\\t]*)\\t(.*)$")
    local h = { ["Accept"] = accept }
    if key ~= "" then h["X-API-Key"] = key end
    paths[#paths + 1] = p
    heads[#heads + 1] = h
  end
end

function request()
  if issued == 0 then t0 = now_us() end
  local n = OFFSET + issued
  issued = issued + 1
  local i = (n % #paths) + 1
  local p = paths[i]
  if BUST then p = p .. "&locale=en-x-" .. n end
  return wrk.format("GET", p, heads[i])
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    counts[status] = (counts[status] or 0) + 1
    local parts = {}
    for c, k in pairs(counts) do parts[#parts + 1] = string.format('"%d":%d', c, k) end
    codes = table.concat(parts, ",")
  end
  if ONCE and stopped == 0 and OFFSET + issued >= #paths then
    stopped = 1
    t1 = now_us()
    wrk.thread:stop()
  end
end

local threads = {}
function setup(thread) threads[#threads + 1] = thread end

function done(summary, latency, requests)
  local t = threads[1]
  local dur = summary.duration
  if t:get("stopped") == 1 then dur = t:get("t1") - t:get("t0") end
  local e = summary.errors
  io.write(string.format(
    '\\nBENCH_WRK {"requests":%d,"durationUs":%.0f,"p50":%d,"p99":%d,"non2xx":%d,"codes":{%s},"connect":%d,"read":%d,"write":%d,"timeout":%d,"issued":%d,"stopped":%d}\\n',
    summary.requests, dur, latency:percentile(50), latency:percentile(99), t:get("non2xx"), t:get("codes"),
    e.connect, e.read, e.write, e.timeout, t:get("issued"), t:get("stopped")))
end
`

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

/** bash's `times`: the second line is the children's user and system time. */
function childCpuMs(stderr: string): number | undefined {
  const lines = stderr.trim().split('\n')
  const last = lines.at(-1) ?? ''
  const m = [...last.matchAll(/(\d+)m([\d.]+)s/g)]
  if (m.length !== 2) return undefined
  return m.reduce((sum, x) => sum + (Number(x[1]) * 60 + Number(x[2])) * 1000, 0)
}

interface WrkJson {
  requests: number
  durationUs: number
  p50: number
  p99: number
  non2xx: number
  codes: Record<string, number>
  connect: number
  read: number
  write: number
  timeout: number
  issued: number
  stopped: number
}

/** Runs wrk once (pinned when plan.cpu is set) and returns its figures. */
export async function runWrk(wrk: string, plan: WrkPlan): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-wrk-'))
  // Removed on the way out too (Ctrl-C, watchdog: process.exit skips finally blocks).
  const remove = () => rmSync(dir, { recursive: true, force: true })
  process.once('exit', remove)
  try {
    const data = path.join(dir, 'requests.tsv')
    writeFileSync(data, plan.reqs.map((r) => `${r.headers['x-api-key'] ?? ''}\t${r.headers.accept ?? '*/*'}\t${r.path}`).join('\n') + '\n')
    const script = path.join(dir, 'bench.lua')
    writeFileSync(
      script,
      SCRIPT.replace('%DATA%', luaString(data))
        .replace('%OFFSET%', String(plan.offset))
        .replace('%ONCE%', String(plan.once))
        .replace('%BUST%', String(plan.bust)),
    )
    const args = ['-t1', `-c${plan.connections}`, `-d${plan.durationS}s`, '--latency', `--timeout`, `${plan.timeoutS}s`, '-s', script, plan.baseUrl]
    const pin = plan.cpu === undefined ? '' : `taskset -c ${plan.cpu} `
    const child = spawn('bash', ['-c', `${pin}"$0" "$@"; rc=$?; times 1>&2; exit $rc`, wrk, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject)
      child.once('close', resolve)
    })
    const line = stdout.split('\n').find((l) => l.startsWith('BENCH_WRK '))
    if (code !== 0 || !line) throw new Error(`wrk exited with ${code}:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`)
    const j = JSON.parse(line.slice('BENCH_WRK '.length)) as WrkJson
    const durationS = j.durationUs / 1e6
    return {
      requests: j.requests,
      durationS,
      rps: durationS > 0 ? j.requests / durationS : 0,
      p50: j.p50 / 1000,
      p99: j.p99 / 1000,
      non2xx: j.non2xx,
      statusCodes: j.codes,
      errors: { connect: j.connect, read: j.read, write: j.write, timeout: j.timeout },
      issued: j.issued,
      stoppedEarly: j.stopped === 1,
      cpuMs: childCpuMs(stderr),
    }
  } finally {
    process.off('exit', remove)
    remove()
  }
}
