import { createServer, request, type IncomingMessage, type Server } from 'node:http'

/**
 * Stands between the starter and Atrium and counts what the starter asks: the "at most 4 API calls per page view"
 * is measured here, at the wire, not by the starter's own bookkeeping. `swapKey` sends every request with another
 * API key instead (one whose rate limit is used up, so Atrium itself answers 429).
 */
export interface CountingProxy {
  url: string
  calls: string[]
  inFlight: () => number
  /** Waits until no request has been in flight for `quietMs`. */
  settle: (quietMs?: number) => Promise<void>
  reset: () => void
  swapKey: (key: string | null) => void
  close: () => Promise<void>
}

export async function startProxy(target: string, port: number): Promise<CountingProxy> {
  const upstream = new URL(target)
  const calls: string[] = []
  let inFlight = 0
  let lastDone = Date.now()
  let key: string | null = null
  const server: Server = createServer((req: IncomingMessage, res) => {
    calls.push(`${req.method} ${req.url}`)
    inFlight++
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host }
    if (key && headers['x-api-key']) headers['x-api-key'] = key
    const done = () => {
      inFlight--
      lastDone = Date.now()
    }
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
      answer.on('end', done)
      answer.on('error', done)
    })
    out.on('error', (err) => {
      done()
      res.writeHead(502).end(String(err))
    })
    req.pipe(out)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    inFlight: () => inFlight,
    async settle(quietMs = 150) {
      while (inFlight > 0 || Date.now() - lastDone < quietMs) await new Promise((r) => setTimeout(r, 20))
    },
    reset: () => {
      calls.length = 0
    },
    swapKey: (k) => {
      key = k
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
