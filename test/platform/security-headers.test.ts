import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import type { Res } from '../helpers/http.js'

const ALLOWED = 'https://app.example.com'
const REFUSED = 'https://evil.example.net'

let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_CORS_ORIGINS: `${ALLOWED}, https://other.example.org` } })
  site = await makeSite(t)
})
afterAll(() => t.close())

const preflight = (origin: string, method: string, headers: string, url = `/api/v1/sites/${site.id}`, app = t.app): Promise<Res> =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  })

const allowHeaders = (res: Res) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-allow-'))

describe('CORS (ATRIUM_CORS_ORIGINS)', () => {
  it('an allowed origin gets its origin echoed and the exposed headers listed', async () => {
    const res = await t.as(site.keys.Read).get(`/sites/${site.id}`, { origin: ALLOWED })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(res.headers.vary).toMatch(/origin/i)
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/)
    expect(exposed).toEqual(
      expect.arrayContaining(['X-Request-Id', 'X-Total-Count', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']),
    )
  })

  it('edit conflicts from a browser: a preflight allows If-Match (and If-None-Match), and the ETag of every answer is readable, a 412 included', async () => {
    for (const [method, headers] of [
      ['PUT', 'x-api-key,content-type,if-match'],
      ['DELETE', 'x-api-key,if-match'],
      ['GET', 'x-api-key,if-none-match'],
    ] as const) {
      const pre = await preflight(ALLOWED, method, headers)
      expect(pre.statusCode).toBe(204)
      expect(pre.headers['access-control-allow-origin']).toBe(ALLOWED)
      expect(String(pre.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method)
      expect(String(pre.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(headers.split(',')))
    }
    // decisions.md "Wire format": scripts read ETag (If-Match), X-Total-Count, RateLimit-*, Retry-After and the request id.
    const EXPOSED = ['ETag', 'X-Request-Id', 'X-Total-Count', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']
    const exposed = (res: Res) => String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/)
    const read = await t.as(site.keys.Read).get(`/sites/${site.id}`, { origin: ALLOWED })
    expect(read.statusCode).toBe(200)
    expect(read.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(exposed(read)).toEqual(expect.arrayContaining(EXPOSED.map((h) => h.toLowerCase())))
    const conflict = await t.as(site.keys.Master).put(`/sites/${site.id}`, { name: 'Not written' }, { origin: ALLOWED, 'if-match': '"0000000000000000000000"' })
    expect(conflict.statusCode).toBe(412)
    expect(conflict.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(conflict.headers.etag).toBe(read.headers.etag)
    expect(exposed(conflict)).toContain('etag')
  })

  it('a refused origin gets no CORS header on a request, and a preflight without any allow header', async () => {
    const res = await t.as(site.keys.Read).get(`/sites/${site.id}`, { origin: REFUSED })
    expect(res.statusCode).toBe(200)
    expect(allowHeaders(res)).toEqual([])
    const pre = await preflight(REFUSED, 'PUT', 'x-api-key,content-type')
    expect(pre.statusCode).toBe(204)
    expect(allowHeaders(pre)).toEqual([])
    expect(pre.headers['x-request-id']).toBeTruthy()
  })

  it('a preflight of a PUT with X-API-Key and Content-Type needs no credentials and is never rate-limited', async () => {
    // A per-IP limit of 1: a preflight that counted against it would fail the second time.
    const tight = await testApp({ env: { ATRIUM_CORS_ORIGINS: ALLOWED, ATRIUM_RATE_LIMIT_PER_IP: '1' } })
    onTestFinished(() => tight.close())
    for (let i = 0; i < 5; i++) {
      const res = await preflight(ALLOWED, 'PUT', 'x-api-key,content-type', `/api/v1/sites/${site.id}`, tight.app)
      expect(res.statusCode, res.body).toBe(204)
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED)
      expect(String(res.headers['access-control-allow-methods'])).toContain('PUT')
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)
      expect(allowed).toEqual(expect.arrayContaining(['x-api-key', 'content-type']))
      expect(res.headers['access-control-max-age']).toBe('600')
      expect(res.headers['x-request-id']).toBeTruthy()
      expect(res.headers['ratelimit-limit']).toBeUndefined()
    }
    // Also for a path no route answers: the preflight never reaches the 404 handler.
    expect((await preflight(ALLOWED, 'POST', 'content-type', '/api/v1/no-such-thing', tight.app)).statusCode).toBe(204)
  })

  it('* answers any origin with *, preflight included', async () => {
    const star = await testApp({ env: { ATRIUM_CORS_ORIGINS: '*' } })
    onTestFinished(() => star.close())
    const res = await star.as().get('/health', { origin: REFUSED })
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const pre = await preflight(REFUSED, 'DELETE', 'x-api-key', `/api/v1/sites/${site.id}`, star.app)
    expect(pre.statusCode).toBe(204)
    expect(pre.headers['access-control-allow-origin']).toBe('*')
    expect(String(pre.headers['access-control-allow-methods'])).toContain('DELETE')
  })

  it('a request without Origin gets no CORS header but Vary: Origin, as every answer does', async () => {
    const res = await t.as(site.keys.Read).get(`/sites/${site.id}`)
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([])
    expect(res.headers.vary).toBe('Origin')
    const off = await t.as().get('/nowhere', { origin: REFUSED })
    expect(off.statusCode).toBe(404)
    expect(off.headers.vary).toBe('Origin')
  })

  it('OPTIONS that is no preflight: an allowed origin still gets the preflight answer, anything else the 404 problem', async () => {
    const allowed = await t.app.inject({ method: 'OPTIONS', url: `/api/v1/sites/${site.id}`, headers: { origin: ALLOWED } })
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(allowed.headers['access-control-max-age']).toBe('600')
    expect(allowed.body).toBe('')
    for (const headers of [{ origin: REFUSED }, {}]) {
      const res = await t.app.inject({ method: 'OPTIONS', url: `/api/v1/sites/${site.id}`, headers })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/)
      expect(allowHeaders(res)).toEqual([])
      expect(res.headers['x-request-id']).toBeTruthy()
    }
  })

  it('an allowed origin is matched whatever its case, and echoed as sent', async () => {
    const res = await t.as(site.keys.Read).get(`/sites/${site.id}`, { origin: 'https://APP.example.com' })
    expect(res.headers['access-control-allow-origin']).toBe('https://APP.example.com')
  })
})

describe('security headers', () => {
  const common = (res: Res) => {
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-powered-by']).toBeUndefined()
    expect(res.headers['x-request-id']).toBeTruthy()
  }

  it('a JSON answer and an error answer carry nosniff, a referrer policy and a closed CSP', async () => {
    for (const res of [
      await t.as(site.keys.Read).get(`/sites/${site.id}`),
      await t.as('atr_not_a_real_key_at_all').get('/sites'),
      await t.as(site.keys.Read).get('/nowhere'),
    ]) {
      common(res)
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
      expect(res.headers).toMatchObject({
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      })
      expect(res.headers['strict-transport-security']).toBeUndefined()
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined()
    }
  })

  it('the docs page gets a CSP that lets swagger-ui load its own scripts and styles', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
    const html = page.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(page.headers.location) }) : page
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toMatch(/text\/html/)
    common(html)
    const csp = String(html.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain("default-src 'none'")
    // Its CSP forbids framing too, and the older header must say the same.
    expect(csp).toContain("frame-ancestors 'none'")
    expect(html.headers['x-frame-options']).toBe('DENY')
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })
    expect(script.statusCode).toBe(200)
  })
})

describe('answers carrying a secret', () => {
  it('POST /api-keys (the plaintext key) is Cache-Control: no-store; an ordinary read is not', async () => {
    const created = await t.as(t.masterKey).post('/api-keys', { name: 'frontend', permission: 'Read', site_id: site.id })
    expect(created.statusCode).toBe(200)
    expect(created.headers['cache-control']).toBe('no-store')
    const list = await t.as(t.masterKey).get('/api-keys')
    expect(list.headers['cache-control']).toBeUndefined()
  })
})
