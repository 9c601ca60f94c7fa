import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'

let t: TestApp
let port: number

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_REQUEST_TIMEOUT_MS: '1500', ATRIUM_HEADERS_TIMEOUT_MS: '1000', ATRIUM_KEEP_ALIVE_TIMEOUT_MS: '2000' } })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
  ms: number
}

/** Writes `chunks` on a fresh connection (the last one is left hanging if `stall`), reads until the server closes. */
function rawRequest(chunks: Array<string | Buffer>, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect({ host: '127.0.0.1', port })
    const got: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${timeoutMs} ms`))
    }, timeoutMs)
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c)
    })
    socket.on('data', (d: Buffer) => got.push(d))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(got).toString('latin1')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const l of headerLines) {
        const i = l.indexOf(':')
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), ms: Date.now() - started })
    })
  })
}

function expectRawProblem(res: RawAnswer, status: number, code: string) {
  expect(res.status, JSON.stringify(res)).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  const body = JSON.parse(res.body) as { status: number; code: string; type: string; title: string; detail: string }
  expect(body).toMatchObject({ status, code })
  expect(body.type).toMatch(/^urn:atrium:problem:/)
}

describe('connection limits', () => {
  it('the server carries the configured timeouts', () => {
    expect(t.app.server.requestTimeout).toBe(1500)
    expect(t.app.server.headersTimeout).toBe(1000)
    expect(t.app.server.keepAliveTimeout).toBe(2000)
    expect(t.app.server.timeout).toBe(t.config.connectionTimeoutMs)
  })

  it('a body that stalls after a few bytes is cut off with 408 within seconds', async () => {
    const res = await rawRequest([
      `POST /api/v1/sites HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${t.masterKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
    ])
    expectRawProblem(res, 408, 'REQUEST_TIMEOUT')
    expect(res.ms).toBeGreaterThanOrEqual(1000)
    expect(res.ms).toBeLessThan(5000)
  })

  it('headers that never finish are cut off with 408 too', async () => {
    const res = await rawRequest(['GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '])
    expectRawProblem(res, 408, 'REQUEST_TIMEOUT')
    expect(res.ms).toBeLessThan(5000)
  })
})

describe('requests the HTTP parser refuses are problems with a request id', () => {
  it('a NUL byte in the path → 400', async () => {
    expectRawProblem(await rawRequest(['GET /api/v1/he\u0000alth HTTP/1.1\r\nHost: x\r\n\r\n']), 400, 'VALIDATION_FAILED')
  })

  it('conflicting Content-Length headers → 400', async () => {
    const res = await rawRequest([
      'POST /api/v1/sites HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}',
    ])
    expectRawProblem(res, 400, 'VALIDATION_FAILED')
  })

  it('a 16 KiB URL → 414', async () => {
    expectRawProblem(await rawRequest([`GET /api/v1/health?q=${'a'.repeat(16 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`]), 414, 'URI_TOO_LONG')
  })

  it('over-large headers → 431', async () => {
    const headers = Array.from({ length: 40 }, (_, i) => `X-Filler-${i}: ${'b'.repeat(500)}`).join('\r\n')
    expectRawProblem(await rawRequest([`GET /api/v1/health HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n`]), 431, 'HEADERS_TOO_LARGE')
  })

  it('a malformed request line → 400', async () => {
    expectRawProblem(await rawRequest(['GARBAGE\r\n\r\n']), 400, 'VALIDATION_FAILED')
    expectRawProblem(await rawRequest(['GET /api/v1/health HTTP/9.9 extra\r\n\r\n']), 400, 'VALIDATION_FAILED')
  })

  it('the server keeps serving afterwards', async () => {
    const res = await rawRequest(['GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'])
    expect(res.status).toBe(200)
    expect(res.headers['x-request-id']).toBeTruthy()
  })
})
