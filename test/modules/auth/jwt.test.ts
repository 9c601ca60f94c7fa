import { createPublicKey, type JsonWebKey } from 'node:crypto'
import { SignJWT } from 'jose'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { idpUsers } from '../../../src/db/schema/idp-users.js'
import { ManualClock } from '../../../src/platform/clock.js'
import { JWKS_TTL_MS, userIdOf, uuidV5 } from '../../../src/platform/jwt.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { bearer, signingKey, startIdp, type TestIdp } from '../../helpers/idp.js'

let idp: TestIdp
let t: TestApp
let clock: ManualClock

beforeAll(async () => {
  idp = await startIdp()
  clock = new ManualClock(new Date())
  t = await testApp({ clock, env: idp.env({ ATRIUM_SYSTEM_ADMINS: 'admin-sub, other-admin' }) })
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

const me = (token: string) => bearer(t.app, token).get('/auth/me')
const nowS = () => Math.floor(clock.now().getTime() / 1000)
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')

async function rejected(token: string, detail?: RegExp) {
  const body = expectProblem(await me(token), 401, 'UNAUTHENTICATED')
  if (detail) expect(body.detail).toMatch(detail)
}

describe('user ids', () => {
  it('uuidV5 follows RFC 9562 (DNS namespace example) and sub maps to a fixed v5 id', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2')
    expect(userIdOf('user_1')).toBe(userIdOf('user_1'))
    expect(userIdOf('user_1')).not.toBe(userIdOf('user_2'))
    expect(userIdOf('user_1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('JWT authentication', () => {
  it('a valid RS256 token authenticates: auth info of a JWT user, directory entry from the standard claims', async () => {
    const token = await idp.token('user_rs', { email: 'rs@example.test', name: 'Ruth S', picture: 'https://img.example.test/rs.png' })
    expect(expectStatus(await me(token), 200)).toEqual({
      permission: null,
      site_id: null,
      auth_method: 'jwt',
      idp_user_id: 'user_rs',
      memberships: [],
      is_system_admin: false,
    })
    const [row] = await t.dbh.db
      .select()
      .from(idpUsers)
      .where(eq(idpUsers.id, userIdOf('user_rs')))
    expect(row).toMatchObject({ idp_user_id: 'user_rs', email: 'rs@example.test', name: 'Ruth S', avatar_url: 'https://img.example.test/rs.png', role: 'User' })
    expect(row!.last_sign_in_at).toBeInstanceOf(Date)
  })

  it('a valid ES256 token authenticates', async () => {
    expect(expectStatus(await me(await idp.token('user_es', {}, { key: idp.es })), 200)).toMatchObject({ idp_user_id: 'user_es', auth_method: 'jwt' })
  })

  it('ATRIUM_SYSTEM_ADMINS makes a sub a system admin (Master everywhere)', async () => {
    expect(expectStatus(await me(await idp.token('admin-sub')), 200)).toMatchObject({ is_system_admin: true, permission: 'Master' })
  })

  it('expired and not-yet-valid tokens are 401', async () => {
    await rejected(await idp.token('user_rs', {}, { iat: nowS() - 3600 }), /expired/)
    await rejected(await idp.token('user_rs', { nbf: nowS() + 600 }), /not yet valid/)
  })

  it('wrong issuer and wrong audience are 401', async () => {
    const base = () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'rs-1' })
        .setSubject('user_rs')
        .setIssuedAt(nowS())
        .setExpirationTime(nowS() + 600)
    await rejected(await base().setIssuer('https://evil.example').setAudience(idp.audience).sign(idp.rs.privateKey), /iss/)
    await rejected(await base().setIssuer(idp.issuer).setAudience('someone-else').sign(idp.rs.privateKey), /aud/)
    await rejected(await base().setIssuer(idp.issuer).sign(idp.rs.privateKey), /aud/)
    // Control: the same builder with the right claims passes.
    expectStatus(await me(await base().setIssuer(idp.issuer).setAudience(idp.audience).sign(idp.rs.privateKey)), 200)
  })

  it('an unknown kid, a foreign key with a known kid, alg none and HS256 signed with the public key are 401', async () => {
    const foreign = await signingKey('RS256', 'rs-1')
    await rejected(await idp.token('user_rs', {}, { key: foreign }), /signature/)
    const stranger = await signingKey('ES256', 'nobody')
    await rejected(await idp.token('user_rs', {}, { key: stranger }), /unknown key/)
    const claims = { sub: 'user_rs', iss: idp.issuer, aud: idp.audience, iat: nowS(), exp: nowS() + 600 }
    await rejected(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)
    await rejected(`${b64({ alg: 'none', kid: 'rs-1' })}.${b64(claims)}.`)
    const pem = createPublicKey({ key: idp.rs.jwk as JsonWebKey, format: 'jwk' }).export({ type: 'spki', format: 'pem' }) as string
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'rs-1' }).sign(new TextEncoder().encode(pem))
    await rejected(hs, /algorithm/)
    const hsJwk = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'rs-1' }).sign(new TextEncoder().encode(JSON.stringify(idp.rs.jwk)))
    await rejected(hsJwk, /algorithm/)
  })

  it('malformed, empty and oversized bearer tokens are 401 problems (never 500)', async () => {
    for (const token of ['abc', 'a.b', 'a.b.c.d', '....', '%%%.###.$$$', 'eyJ.eyJ.sig', `${b64({ alg: 'RS256' })}.notjson.x`, 'x'.repeat(20_000)]) {
      await rejected(token)
    }
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: 'Bearer ' } }), 401, 'UNAUTHENTICATED')
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${'a'.repeat(9000)}.b.c` } }),
      401,
      'UNAUTHENTICATED',
    )
  })

  it('key rotation: a new kid is fetched once the refetch cooldown allows; unknown kids cannot hammer the provider', async () => {
    const rotated = await signingKey('ES256', 'es-2')
    idp.served = [idp.rs, idp.es, rotated]
    clock.advance(31_000)
    const hits = idp.hits
    expectStatus(await me(await idp.token('user_rot', {}, { key: rotated })), 200)
    expect(idp.hits).toBe(hits + 1)
    // A burst of unknown kids within the cooldown: no further fetch.
    const bogus = await signingKey('ES256', 'made-up')
    for (let i = 0; i < 5; i++) await rejected(await idp.token('user_rot', {}, { key: bogus }))
    expect(idp.hits).toBe(hits + 1)
    // The retired key stops working once the set is refetched without it.
    idp.served = [rotated]
    clock.advance(31_000)
    await rejected(await idp.token('user_rot', {}, { key: bogus }))
    await rejected(await idp.token('user_rs', {}, { iat: nowS() }), /unknown key/)
    expectStatus(await me(await idp.token('user_rot', {}, { key: rotated, iat: nowS() })), 200)
    idp.served = [idp.rs, idp.es, rotated]
    clock.advance(31_000)
    await me(await idp.token('user_rs', {}, { iat: nowS() }))
  })

  it('JWKS down: cached keys keep working (also past the 15-minute TTL) and health reports the identity provider down', async () => {
    expectStatus(await me(await idp.token('user_down', {}, { iat: nowS() })), 200)
    idp.up = false
    try {
      clock.advance(JWKS_TTL_MS + 60_000)
      expectStatus(await me(await idp.token('user_down', {}, { iat: nowS() })), 200)
      await new Promise((r) => setTimeout(r, 5100)) // health is cached for 5 s
      const health = expectStatus<{ status: string; services: Array<{ name: string; status: string; latency_ms: number; error: string | null }> }>(
        await t.as().get('/health'),
        200,
      )
      expect(health.status).toBe('degraded')
      const idpHealth = health.services.find((s) => s.name === 'identity_provider')!
      expect(idpHealth.status).toBe('down')
      expect(idpHealth.error).toMatch(/503/)
    } finally {
      idp.up = true
    }
  })
})

describe('JWT attacks', () => {
  /*
   * Another identity provider on 127.0.0.1 with its own keys under the same kids (rs-1, es-1): what an attacker
   * controls. Its server stands for the URLs a token's jku/x5u header names: it must receive no request, and
   * nothing but the configured JWKS URL may be fetched while the attacks are answered.
   */
  let other: TestIdp
  beforeAll(async () => {
    other = await startIdp()
  })
  afterAll(async () => {
    await other.close()
  })

  const claims = () => ({ sub: 'user_rs', iss: idp.issuer, aud: idp.audience, iat: nowS(), exp: nowS() + 600 })
  const signed = (header: Record<string, unknown>, body: Record<string, unknown> = claims()) =>
    new SignJWT(body).setProtectedHeader({ alg: 'RS256', ...header }).sign(other.rs.privateKey)

  it('every forged, misdirected or out-of-time token is 401 and no request goes anywhere but the configured JWKS URL', async () => {
    const pem = createPublicKey({ key: idp.rs.jwk as JsonWebKey, format: 'jwk' }).export({ type: 'spki', format: 'pem' }) as string
    const x5c = [Buffer.from('not a certificate').toString('base64')]
    const attacks: Array<[string, Promise<string> | string]> = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
      ['alg none, known kid', `${b64({ alg: 'none', kid: 'rs-1' })}.${b64(claims())}.`],
      ['alg None', `${b64({ alg: 'None', kid: 'rs-1' })}.${b64(claims())}.`],
      [
        'HS256 with the JWKS public key (PEM) as secret',
        new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: 'rs-1' }).sign(new TextEncoder().encode(pem)),
      ],
      [
        'HS256 with the JWK as secret',
        new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: 'rs-1' }).sign(new TextEncoder().encode(JSON.stringify(idp.rs.jwk))),
      ],
      ['jku at another server, known kid', signed({ kid: 'rs-1', jku: other.url })],
      ['jku at another server, unknown kid', signed({ kid: 'jku-only', jku: other.url })],
      ['jku at another server, no kid', signed({ jku: other.url })],
      ['embedded jwk, known kid', signed({ kid: 'rs-1', jwk: other.rs.jwk })],
      ['embedded jwk, no kid', signed({ jwk: other.rs.jwk })],
      ['x5u at another server', signed({ kid: 'rs-1', x5u: `${other.issuer}/cert.pem` })],
      ['x5u at another server, no kid', signed({ x5u: `${other.issuer}/cert.pem` })],
      ['x5c chain', signed({ kid: 'rs-1', x5c })],
      ['wrong iss', idp.token('user_rs', { iss: 'https://evil.example' })],
      ['wrong aud', idp.token('user_rs', { aud: 'someone-else' })],
      ['expired', idp.token('user_rs', {}, { iat: nowS() - 3600 })],
      ['not yet valid', idp.token('user_rs', { nbf: nowS() + 600 })],
      ['another issuer’s key under the same kid, our claims', signed({ kid: 'rs-1' })],
      ['another issuer’s token as it issues it (same kid)', other.token('user_rs')],
      ['another issuer’s ES256 key under the same kid', other.token('user_rs', {}, { key: other.es })],
    ]
    const fetched: string[] = []
    const realFetch = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      fetched.push(input instanceof Request ? input.url : String(input))
      return realFetch(input, init)
    })
    try {
      for (const [name, token] of attacks) {
        const res = await me(await token)
        expect(res.statusCode, name).toBe(401)
        expectProblem(res, 401, 'UNAUTHENTICATED')
        // Past the refetch cooldown, so an unknown kid may fetch the configured key set again.
        clock.advance(31_000)
      }
    } finally {
      spy.mockRestore()
    }
    expect(other.hits).toBe(0)
    // The unknown kids refetched the configured key set: the spy sees the verifier's requests.
    expect(fetched).toContain(idp.url)
    expect(fetched.every((url) => url === idp.url)).toBe(true)
    // Control: a genuine token still passes after the attacks.
    expectStatus(await me(await idp.token('user_rs', {}, { iat: nowS() })), 200)
  })
})

describe('JWT authentication off', () => {
  it('no ATRIUM_JWKS_URL: bearer tokens are 401 and health reports the identity provider disabled', async () => {
    const off = await testApp()
    try {
      expectProblem(await bearer(off.app, await idp.token('user_rs')).get('/auth/me'), 401, 'UNAUTHENTICATED')
      const health = expectStatus<{ services: Array<{ name: string; status: string }> }>(await off.as().get('/health'), 200)
      expect(health.services.find((s) => s.name === 'identity_provider')).toMatchObject({ status: 'disabled' })
    } finally {
      await off.close()
    }
  })

  it('health reports the identity provider up with its latency when configured', async () => {
    const h = await testApp({ env: idp.env() })
    try {
      const health = expectStatus<{ services: Array<{ name: string; status: string; latency_ms: number }> }>(await h.as().get('/health'), 200)
      const s = health.services.find((x) => x.name === 'identity_provider')!
      expect(s.status).toBe('up')
      expect(Number.isInteger(s.latency_ms)).toBe(true)
    } finally {
      await h.close()
    }
  })
})
