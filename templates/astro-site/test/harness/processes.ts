import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

export interface Started {
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

/** Starts a process and waits until `ready` says so (polled every 100 ms), failing with its output otherwise. */
export async function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: (output: string) => boolean | Promise<boolean>; timeoutMs: number; name: string },
): Promise<Started> {
  let output = ''
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const stop = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  process.once('exit', () => child.kill('SIGKILL'))
  const deadline = Date.now() + options.timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited (${child.exitCode}):\n${output}`)
    if (
      await Promise.resolve()
        .then(() => options.ready(output))
        .catch(() => false)
    )
      return { child, output: () => output, stop }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error(`${options.name} not ready after ${options.timeoutMs / 1000} s:\n${output}`)
}
