import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose'
import type { App } from '../../src/app.js'
import type { Client } from './http.js'

/*
 * A stand-in identity provider on 127.0.0.1: a real JWKS endpoint (RS256 and ES256 keys) and token minting.
 * `keys` is what the endpoint serves (tests rotate it); `up = false` makes the endpoint refuse connections.
 */

export interface SigningKey {
  kid: string
  alg: 'RS256' | 'ES256' | 'EdDSA'
  privateKey: CryptoKey
  jwk: JWK
}

export async function signingKey(alg: SigningKey['alg'], kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }
  return { kid, alg, privateKey, jwk }
}

export interface TestIdp {
  url: string
  issuer: string
  audience: string
  rs: SigningKey
  es: SigningKey
  /** Keys served by the JWKS endpoint (mutable: rotation). */
  served: SigningKey[]
  /** Requests the JWKS endpoint answered. */
  hits: number
  /** false: the endpoint answers 503 (provider down). */
  up: boolean
  /** A token for `sub` with the standard claims; `opts` override header fields and claims. */
  token(sub: string, claims?: JWTPayload, opts?: { key?: SigningKey; kid?: string; iat?: number }): Promise<string>
  env(extra?: Record<string, string>): Record<string, string>
  close(): Promise<void>
}

export async function startIdp(): Promise<TestIdp> {
  const rs = await signingKey('RS256', 'rs-1')
  const es = await signingKey('ES256', 'es-1')
  const idp = { served: [rs, es], hits: 0, up: true } as TestIdp
  const server: Server = createServer((req, res) => {
    idp.hits++
    if (!idp.up) {
      res.writeHead(503).end('down')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: idp.served.map((k) => k.jwk) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  Object.assign(idp, {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    issuer: `http://127.0.0.1:${port}`,
    audience: 'atrium-test',
    rs,
    es,
    async token(sub: string, claims: JWTPayload = {}, opts: { key?: SigningKey; kid?: string; iat?: number } = {}) {
      const key = opts.key ?? rs
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ email: `${sub}@example.test`, name: `User ${sub}`, ...claims })
        .setProtectedHeader({ alg: key.alg, kid: opts.kid ?? key.kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(idp.issuer)
        .setAudience(idp.audience)
        .setIssuedAt(opts.iat ?? now)
        .setExpirationTime((opts.iat ?? now) + 600)
        .sign(key.privateKey)
    },
    env(extra: Record<string, string> = {}) {
      return { ATRIUM_JWKS_URL: idp.url, ATRIUM_JWT_ISSUER: idp.issuer, ATRIUM_JWT_AUDIENCE: idp.audience, ...extra }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
  return idp
}

/** In-process HTTP with a bearer token. Paths are given without the prefix. */
export function bearer(app: App, token: string): Client {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    })
  return {
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body, headers),
    put: (url, body, headers) => send('PUT', url, body, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
  }
}

export interface JwtUser {
  sub: string
  userId: string
  token: string
  as: Client
}

/**
 * A signed-in identity-provider user (directory entry created by a first request), optionally a member of a site
 * with `role` (Owner: added as Admin, then given ownership through the service).
 */
export async function jwtUser(
  t: { app: App; sys(): import('../../src/core/context.js').Ctx },
  idp: TestIdp,
  role?: { siteId: string; role: import('../../src/core/principal.js').SiteRole },
  sub = `user_${Math.random().toString(36).slice(2, 10)}`,
): Promise<JwtUser> {
  const { userIdOf } = await import('../../src/platform/jwt.js')
  const members = await import('../../src/modules/members/service.js')
  const token = await idp.token(sub)
  const as = bearer(t.app, token)
  const res = await as.get('/auth/me')
  if (res.statusCode !== 200) throw new Error(`sign-in of ${sub} failed: ${res.body}`)
  if (role) {
    await members.add(t.sys(), role.siteId, { idp_user_id: sub, role: role.role === 'Owner' ? 'Admin' : role.role })
    if (role.role === 'Owner') await members.transferOwnership(t.sys(), role.siteId, { user_id: userIdOf(sub) })
  }
  return { sub, userId: userIdOf(sub), token, as }
}
