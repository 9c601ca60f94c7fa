import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { expectProblem } from '../helpers/http.js'

// A stand-in build (what `vite build` emits), so the server suite never needs the real admin build.
const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-admin-'))
const INDEX = '<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>'
mkdirSync(path.join(dir, 'assets'))
writeFileSync(path.join(dir, 'index.html'), INDEX)
writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'console.log("admin")')
writeFileSync(path.join(dir, 'assets/index-abc123.css'), 'body{}')
writeFileSync(path.join(dir, 'theme.js'), '/* theme */')

let t: TestApp
let off: TestApp
let unbuilt: TestApp
beforeAll(async () => {
  t = await testApp({
    adminDir: dir,
    env: {
      ATRIUM_PUBLIC_URL: 'https://cms.example.com',
      ATRIUM_JWT_ISSUER: 'https://id.example.com/tenant',
      ATRIUM_S3_PUBLIC_URL: 'https://cdn.example.com/media',
    },
  })
  off = await testApp({ adminDir: dir, env: { ATRIUM_ADMIN: 'false' } })
  unbuilt = await testApp({ adminDir: path.join(dir, 'absent') })
})
afterAll(async () => {
  await Promise.all([t?.close(), off?.close(), unbuilt?.close()])
  rmSync(dir, { recursive: true, force: true })
})

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url })

describe('the admin at /admin/', () => {
  it('serves the page with no-cache and its own CSP', async () => {
    for (const url of ['/admin/', '/admin', '/admin/index.html']) {
      const res = await get(t, url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX)
    }
    const csp = String((await get(t, '/admin/')).headers['content-security-policy'])
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]))
    expect(directives['script-src']).toBe("'self'")
    expect(directives['style-src']).toBe("'self'")
    expect(directives['frame-ancestors']).toBe("'none'")
    expect(directives['connect-src']).toBe("'self' https://id.example.com")
    expect(directives['img-src']).toBe("'self' data: blob: https://cms.example.com https://cdn.example.com")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
  })

  it('falls back to the page for client routes (deep links and reloads)', async () => {
    for (const url of ['/admin/sites/7f1c/dashboard', '/admin/auth/callback?code=x&state=y', '/admin/settings']) {
      const res = await get(t, url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toBe(INDEX)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('serves hashed assets immutable with their type; a missing file is a 404, never the page', async () => {
    const js = await get(t, '/admin/assets/index-abc123.js')
    expect(js.statusCode).toBe(200)
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(js.body).toBe('console.log("admin")')
    const css = await get(t, '/admin/assets/index-abc123.css')
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    // Files outside assets/ keep their name across builds: revalidated.
    expect((await get(t, '/admin/theme.js')).headers['cache-control']).toBe('no-cache')
    expectProblem(await get(t, '/admin/assets/index-old999.js'), 404, 'NOT_FOUND')
    expectProblem(await get(t, '/admin/missing.js'), 404, 'NOT_FOUND')
    expectProblem(await get(t, '/admin/assets/..%2F..%2Fpackage.json'), 404, 'NOT_FOUND')
  })

  it('ATRIUM_ADMIN=false: 404 everywhere below /admin', async () => {
    for (const url of ['/admin/', '/admin/assets/index-abc123.js', '/admin/sites']) expectProblem(await get(off, url), 404, 'NOT_FOUND')
  })

  it('not built: a 404 problem that says how to build it', async () => {
    const body = expectProblem(await get(unbuilt, '/admin/'), 404, 'NOT_FOUND')
    expect(body.detail).toMatch(/npm run build/)
  })

  it('is not part of the API document', async () => {
    const doc = (await t.as().get('/openapi.json')).json<{ paths: Record<string, unknown> }>()
    expect(Object.keys(doc.paths).filter((p) => p.includes('admin'))).toEqual([])
  })
})

describe('GET /config', () => {
  it('names the admin and, with a client id, the identity provider for OIDC sign-in', async () => {
    const oidc = await testApp({
      env: { ATRIUM_PUBLIC_URL: 'https://cms.example.com', ATRIUM_JWT_ISSUER: 'https://id.example.com', ATRIUM_OIDC_CLIENT_ID: 'atrium-admin' },
    })
    try {
      expect((await oidc.as().get('/config')).json()).toMatchObject({
        admin_url: 'https://cms.example.com/admin/',
        oidc: { issuer: 'https://id.example.com', client_id: 'atrium-admin', scopes: ['openid', 'profile', 'email'] },
      })
    } finally {
      await oidc.close()
    }
  })

  it('oidc is null without a client id; admin_url null when the admin is off', async () => {
    expect((await t.as().get('/config')).json()).toMatchObject({ admin_url: 'https://cms.example.com/admin/', oidc: null })
    expect((await off.as().get('/config')).json()).toMatchObject({ admin_url: null, oidc: null })
  })
})

describe('admin settings', () => {
  it('ATRIUM_ADMIN is on by default; ATRIUM_OIDC_CLIENT_ID needs ATRIUM_JWT_ISSUER', () => {
    expect(loadConfig({}).admin).toBe(true)
    expect(loadConfig({ ATRIUM_ADMIN: 'false' }).admin).toBe(false)
    expect(() => loadConfig({ ATRIUM_ADMIN: 'maybe' })).toThrow(ConfigError)
    expect(() => loadConfig({ ATRIUM_OIDC_CLIENT_ID: 'atrium-admin' })).toThrow(/ATRIUM_OIDC_CLIENT_ID needs ATRIUM_JWT_ISSUER/)
    expect(loadConfig({ ATRIUM_OIDC_CLIENT_ID: 'atrium-admin', ATRIUM_JWT_ISSUER: 'https://id.example.com' }).oidcClientId).toBe('atrium-admin')
  })
})
