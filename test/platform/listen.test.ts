import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { bindPort, PortUnavailableError, type BoundPort } from '../../src/http/listen.js'

const config = loadConfig({ HOST: '127.0.0.1', PORT: '0' })
let bound: BoundPort

beforeAll(async () => {
  bound = await bindPort(config, 0)
})
afterAll(() => bound.close())

function get(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: bound.port, path }, (res) => {
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      .on('error', reject)
  })
}

describe('a port bound before the app exists', () => {
  it('answers liveness 200, readiness 503 and every other request a 503 problem with Retry-After', async () => {
    expect(await get('/api/v1/health/live')).toMatchObject({ status: 200, body: '{"status":"ok"}' })
    const ready = await get('/api/v1/health/ready')
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toEqual({ status: 'not_ready', reason: 'starting' })
    const api = await get('/api/v1/sites')
    expect(api.status).toBe(503)
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(api.headers['retry-after']).toBe('1')
    expect(api.headers['x-request-id']).toBeTruthy()
    expect(api.headers['x-frame-options']).toBe('DENY')
    expect(JSON.parse(api.body)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
  })

  it('hands over to the app handler at open()', async () => {
    const other = await bindPort(config, 0)
    try {
      const server = other.serverFactory((_req, res) => res.end('app'))
      expect(server).toBe(other.server)
      const before = await new Promise<number>((r) =>
        http.get({ host: '127.0.0.1', port: other.port, path: '/x' }, (res) => {
          res.resume()
          r(res.statusCode ?? 0)
        }),
      )
      expect(before).toBe(503)
      other.open()
      const after = await new Promise<string>((r) =>
        http.get({ host: '127.0.0.1', port: other.port, path: '/x' }, (res) => {
          let b = ''
          res.on('data', (d: Buffer) => (b += d.toString()))
          res.on('end', () => r(b))
        }),
      )
      expect(after).toBe('app')
    } finally {
      await other.close()
    }
  })

  it('a busy port is refused at once, naming the variable and the port', async () => {
    const started = Date.now()
    await expect(bindPort(config, bound.port)).rejects.toThrow(PortUnavailableError)
    await expect(bindPort(config, bound.port)).rejects.toThrow(`PORT ${bound.port} is already in use`)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
