import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  path: string
  headers: http.IncomingHttpHeaders
  body: string
}

/** What the receiver does with a request: status, optional delay (ms), headers and body (default `ok`). */
export type Reply = { status: number; delayMs?: number; headers?: Record<string, string>; body?: string | Buffer }

/** A real HTTP receiver on 127.0.0.1; `replies` are used in order, then `fallback`. */
export async function receiver(replies: Reply[] = [], fallback: Reply = { status: 200 }) {
  const got: Received[] = []
  const queue = [...replies]
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const r = queue.shift() ?? fallback
      const send = () => {
        if (res.destroyed) return
        res.writeHead(r.status, r.headers ?? {})
        res.end(r.body ?? 'ok')
      }
      if (r.delayMs) setTimeout(send, r.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
