/*
 * Runs a server under test as its own process on 127.0.0.1 and a free port: the service (compiled, started
 * as `npm start` starts it), the one-query reference server and the from-memory server, each optionally
 * pinned to one core with taskset (the pid stays the server's: taskset execs it).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { startCommand } from '../scripts/start-command.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const HOST = '127.0.0.1'

export interface ServerOptions {
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** Extra node flags for the server process (BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
  nodeArgs?: string[]
  /** Core to pin the process to (taskset), or undefined. */
  cpu?: number | undefined
  /** More settings (the metrics part: ATRIUM_METRICS_PORT). */
  env?: Record<string, string>
  /** How long to wait for /api/v1/health (default 90 s). */
  healthTimeoutMs?: number
}

export interface RunningServer {
  name: string
  baseUrl: string
  pid: number
  stop(): Promise<void>
  /** The last lines the server wrote (warnings and errors at LOG_LEVEL=warn). */
  output(): string
}

/** VmHWM (peak resident set) and VmRSS of a process in MB, from /proc/<pid>/status; undefined when unreadable. */
export function memoryMb(pid: number): { peak: number; now: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
    const peak = kb('VmHWM')
    const now = kb('VmRSS')
    return Number.isFinite(peak) && Number.isFinite(now) ? { peak: peak / 1024, now: now / 1024 } : undefined
  } catch {
    return undefined
  }
}

async function freePort(): Promise<number> {
  const srv = net.createServer()
  srv.listen(0, HOST)
  await once(srv, 'listening')
  const addr = srv.address()
  srv.close()
  await once(srv, 'close')
  if (!addr || typeof addr === 'string') throw new Error('could not find a free port')
  return addr.port
}

async function waitHealthy(baseUrl: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was healthy:\n${output()}`)
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2000) })
      if (res.status === 200) return
      last = `${res.status} ${await res.text()}`
    } catch (err) {
      last = err instanceof Error ? err.message : String(err)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server not healthy after ${timeoutMs} ms (last: ${last}):\n${output()}`)
}

interface ProcessSpec {
  name: string
  /** Arguments after the node executable. */
  args: string[]
  env: NodeJS.ProcessEnv
  cpu: number | undefined
  healthTimeoutMs?: number | undefined
}

/** Starts a node process serving on a free port (passed as PORT) and resolves once /api/v1/health answers 200. */
async function startProcess(spec: ProcessSpec): Promise<RunningServer> {
  const port = await freePort()
  const env = { ...spec.env, HOST, PORT: String(port) }
  const [cmd, args] = spec.cpu === undefined ? [process.execPath, spec.args] : ['taskset', ['-c', String(spec.cpu), process.execPath, ...spec.args]]
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > 40) lines.splice(0, lines.length - 40)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const output = () => lines.join('\n')
  const baseUrl = `http://${HOST}:${port}`
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    await exited
    clearTimeout(timer)
  }
  try {
    await waitHealthy(baseUrl, child, spec.healthTimeoutMs ?? 90_000, output)
  } catch (err) {
    await stop()
    throw err
  }
  return { name: spec.name, baseUrl, pid: child.pid ?? -1, stop, output }
}

/**
 * Node flags and environment (glibc's malloc settings) of every server the bench starts: those `npm start` runs the
 * service with (read from package.json).
 */
const START = startCommand()
export const NODE_FLAGS = START.flags

/** Compiles src/ to dist/ when it is stale (`node scripts/build.js --if-stale`, as `npm start` does); returns whether it built. */
export async function buildIfStale(): Promise<boolean> {
  const { isFresh } = (await import(new URL('../scripts/build.js', import.meta.url).href)) as { isFresh: () => boolean }
  if (isFresh()) return false
  const child = spawn(process.execPath, ['scripts/build.js', '--if-stale'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`node scripts/build.js --if-stale exited with ${code}`)
  return true
}

/**
 * Starts the service the way `npm start` does (`<its environment> node <its flags> dist/main.js serve`, compiled by
 * buildIfStale) and resolves once /api/v1/health answers 200.
 */
export function startServer(opts: ServerOptions): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...START.env }
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'ATRIUM_BOOTSTRAP_KEY', 'ATRIUM_TRUST_PROXY']) delete env[k]
  Object.assign(env, {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ATRIUM_DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.env,
  })
  return startProcess({
    name: 'atrium',
    args: [...NODE_FLAGS, ...(opts.nodeArgs ?? []), 'dist/main.js', 'serve'],
    env,
    cpu: opts.cpu,
    healthTimeoutMs: opts.healthTimeoutMs,
  })
}

/** Starts a bench server written in TypeScript (bench/<file>) through tsx, with its settings in env. */
export function startBenchServer(name: string, file: string, settings: Record<string, string>, cpu: number | undefined): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...START.env, NODE_ENV: 'production', ...settings }
  for (const k of ['DATABASE_URL', 'REDIS_URL']) delete env[k]
  return startProcess({ name, args: [...NODE_FLAGS, '--import', 'tsx', `bench/${file}`], env, cpu })
}
