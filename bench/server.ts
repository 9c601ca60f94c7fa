/*
 * Runs the service under test as its own process (`node bin/atrium.js serve`) on 127.0.0.1 and a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const HOST = '127.0.0.1'

export interface ServerOptions {
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** Extra node flags for the server process (BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
  nodeArgs?: string[]
}

export interface RunningServer {
  baseUrl: string
  pid: number
  stop(): Promise<void>
  /** The last lines the server wrote (warnings and errors at LOG_LEVEL=warn). */
  output(): string
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

/** Starts the server and resolves once /api/v1/health answers 200. */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'ATRIUM_BOOTSTRAP_KEY', 'ATRIUM_TRUST_PROXY']) delete env[k]
  Object.assign(env, {
    HOST,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ATRIUM_DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
  })
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'bin/atrium.js', 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
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
    await waitHealthy(baseUrl, child, 90_000, output)
  } catch (err) {
    await stop()
    throw err
  }
  return { baseUrl, pid: child.pid ?? -1, stop, output }
}
