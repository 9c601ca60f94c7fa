import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../src/db/client.js'
import { publicAccess } from '../../src/http/access.js'
import { lazyChildLogger, redactUrl } from '../../src/http/logging.js'
import { prepare } from '../../src/server.js'
import { freshDb } from '../helpers/db.js'
import { rawApp, type RawApp } from './support.js'

const masterKey = `atr_test_${randomBytes(24).toString('base64url')}`
const secret = (label: string) => `${label}-${randomBytes(9).toString('hex')}`
const lines: string[] = []
let raw: RawApp
let dbh: DbHandle

beforeAll(async () => {
  dbh = await freshDb()
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  raw = await rawApp(dbh, { env: { ATRIUM_BOOTSTRAP_KEY: masterKey }, logger: { level: 'trace', stream } })
  // A handler that logs what it received, as careless code might: redaction still applies.
  raw.app.post('/api/v1/test/echo', { config: { access: publicAccess }, schema: { response: { 200: Type.Object({}) } } }, (req) => {
    req.log.info({ body: req.body, headers: req.headers }, 'received')
    req.log.info(req.body as object, 'received body at top level')
    return {}
  })
  await prepare(raw.app, () => undefined)
  await raw.app.ready()
})
afterAll(async () => {
  await raw.close()
  await dbh.close()
})

describe('logs never carry a credential', () => {
  it('headers, query parameters and body fields are blanked in every log line', async () => {
    const sent: string[] = []
    const s = (label: string) => {
      const v = secret(label)
      sent.push(v)
      return v
    }
    const fakeKey = `atr_${s('fakekey')}`
    await raw.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { 'x-api-key': masterKey } })
    await raw.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { 'x-api-key': fakeKey } })
    await raw.app.inject({ method: 'GET', url: '/api/v1/sites', headers: { authorization: `Bearer ${s('jwt')}` } })
    await raw.app.inject({ method: 'GET', url: `/api/v1/health?api_key=${s('q1')}&token=${s('q2')}&key=${s('q3')}&page=2` })
    await raw.app.inject({ method: 'GET', url: `/api/v1/nowhere?access_token=${s('q4')}&client_secret=${s('q5')}&password=${s('q6')}` })
    const body = { key: s('b1'), secret: s('b2'), api_key: s('b3'), password: s('b4'), token: s('b5'), name: 'visible-name' }
    await raw.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: { 'x-api-key': masterKey }, payload: { ...body, permission: 'Read' } })
    await raw.app.inject({ method: 'POST', url: '/api/v1/test/echo', headers: { 'x-api-key': fakeKey, cookie: `session=${s('cookie')}` }, payload: body })

    const log = lines.join('')
    expect(lines.length).toBeGreaterThan(10)
    // The requests were logged (so the test would see a leak), with the parameter names but not their values.
    expect(log).toContain('/api/v1/health?api_key=[REDACTED]&token=[REDACTED]&key=[REDACTED]&page=2')
    expect(log).toContain('access_token=[REDACTED]')
    expect(log).toContain('visible-name')
    for (const value of [masterKey, ...sent]) expect(log, value).not.toContain(value)
  })

  it("request loggers are the lazy ones (http/logging.ts), and their lines still carry the request's id", async () => {
    expect(raw.app.childLoggerFactory).toBe(lazyChildLogger)
    const res = await raw.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'lazy-logger-check-1' } })
    expect(res.headers['x-request-id']).toBe('lazy-logger-check-1')
    const mine = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === 'lazy-logger-check-1')
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
  })

  it('one access line per request at info: the request, its status and time; the incoming line only at debug', async () => {
    await raw.app.inject({ method: 'GET', url: '/api/v1/health?page=3', headers: { 'x-request-id': 'access-line-check-1' } })
    const mine = lines
      .map(
        (l) =>
          JSON.parse(l) as {
            reqId?: string
            msg?: string
            level: number
            req?: { method: string; url: string }
            res?: { statusCode: number }
            responseTime?: number
          },
      )
      .filter((l) => l.reqId === 'access-line-check-1')
    const atInfo = mine.filter((l) => l.level >= 30)
    expect(atInfo).toHaveLength(1)
    expect(atInfo[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/v1/health?page=3' }, res: { statusCode: 200 } })
    expect(atInfo[0]?.responseTime).toBeGreaterThanOrEqual(0)
    expect(mine.filter((l) => l.msg === 'incoming request').map((l) => l.level)).toEqual([20])
  })

  it('redactUrl keeps ordinary parameters and blanks credential-like ones, however spelled', () => {
    expect(redactUrl('/a?page=1&per_page=5')).toBe('/a?page=1&per_page=5')
    expect(redactUrl('/a?API_KEY=x&Token=y&webhook_secret=z&q=key')).toBe('/a?API_KEY=[REDACTED]&Token=[REDACTED]&webhook_secret=[REDACTED]&q=key')
    expect(redactUrl('/a?api%5Fkey=x&x-api-key=y')).toBe('/a?api%5Fkey=[REDACTED]&x-api-key=[REDACTED]')
    expect(redactUrl('/a')).toBe('/a')
  })
})
