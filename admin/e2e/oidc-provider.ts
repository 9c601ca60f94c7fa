import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose'

/**
 * A stand-in OpenID Connect provider on 127.0.0.1 for the browser tests: discovery, an authorization endpoint that
 * signs in its one configured user at once (no login form: the test is about the admin's side of the flow), a token
 * endpoint that checks the code, redirect URI and PKCE verifier, and the JWKS Atrium validates the tokens with.
 */
export interface StandInIdp {
  issuer: string
  jwksUrl: string
  audience: string
  clientId: string
  /** The `sub` the next sign-in gets. */
  user: { sub: string; name: string; email: string }
  /** Token requests answered (and refused). */
  tokenRequests: { ok: number; refused: number }
  close(): Promise<void>
}

interface Grant {
  challenge: string
  redirectUri: string
  sub: string
  name: string
  email: string
}

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (data += c))
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })

export async function startStandInIdp(opts: { clientId: string; audience: string }): Promise<StandInIdp> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'e2e-1', alg: 'RS256', use: 'sig' }
  const grants = new Map<string, Grant>()
  const idp = { user: { sub: 'e2e-oidc-user', name: 'Olivia OIDC', email: 'olivia@example.test' }, tokenRequests: { ok: 0, refused: 0 } } as StandInIdp
  const sign = (key: CryptoKey, claims: Record<string, unknown>, aud: string, sub: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'e2e-1', typ: 'JWT' })
      .setIssuer(idp.issuer)
      .setAudience(aud)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key)

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', idp.issuer)
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' }).end(JSON.stringify(value))
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, accept',
          'access-control-allow-methods': 'GET, POST',
        })
        .end()
      return
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, {
        issuer: idp.issuer,
        authorization_endpoint: `${idp.issuer}/authorize`,
        token_endpoint: `${idp.issuer}/token`,
        jwks_uri: idp.jwksUrl,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['none'],
      })
      return
    }
    if (url.pathname === '/jwks') {
      json(200, { keys: [jwk] })
      return
    }
    if (url.pathname === '/authorize') {
      const q = url.searchParams
      const redirectUri = q.get('redirect_uri') ?? ''
      const valid =
        q.get('response_type') === 'code' &&
        q.get('client_id') === opts.clientId &&
        q.get('code_challenge_method') === 'S256' &&
        (q.get('code_challenge') ?? '').length >= 43 &&
        /^http:\/\/127\.0\.0\.1:\d+\/admin\/auth\/callback$/.test(redirectUri)
      if (!valid) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid authorization request')
        return
      }
      const code = randomBytes(16).toString('hex')
      // login_hint signs in another user of that sub (tests that need a second person in the directory); a stand-in
      // extension, name_hint, gives them a display name (README screenshots), else "Person <sub>".
      const hint = q.get('login_hint')
      const who = hint ? { sub: hint, name: q.get('name_hint') ?? `Person ${hint}`, email: `${hint}@example.test` } : idp.user
      grants.set(code, { challenge: q.get('code_challenge') as string, redirectUri, ...who })
      const back = new URL(redirectUri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', q.get('state') ?? '')
      res.writeHead(302, { location: back.toString() }).end()
      return
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      void body(req).then(async (text) => {
        const form = new URLSearchParams(text)
        const grant = grants.get(form.get('code') ?? '')
        grants.delete(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        const challenge = createHash('sha256').update(verifier).digest('base64url')
        if (
          !grant ||
          form.get('grant_type') !== 'authorization_code' ||
          form.get('client_id') !== opts.clientId ||
          form.get('redirect_uri') !== grant.redirectUri ||
          challenge !== grant.challenge
        ) {
          idp.tokenRequests.refused++
          json(400, { error: 'invalid_grant' })
          return
        }
        idp.tokenRequests.ok++
        json(200, {
          token_type: 'Bearer',
          expires_in: 600,
          access_token: await sign(privateKey, { email: grant.email, name: grant.name }, opts.audience, grant.sub),
          id_token: await sign(privateKey, { email: grant.email, name: grant.name }, opts.clientId, grant.sub),
        })
      })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  Object.assign(idp, {
    issuer: `http://127.0.0.1:${port}`,
    jwksUrl: `http://127.0.0.1:${port}/jwks`,
    audience: opts.audience,
    clientId: opts.clientId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
  return idp
}

/** An access token for `sub` (named `name` when given) from the stand-in provider, through its real authorization-code + PKCE flow (no browser). */
export async function tokenFor(issuer: string, clientId: string, sub: string, name?: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const redirectUri = 'http://127.0.0.1:1/admin/auth/callback'
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
    login_hint: sub,
    ...(name ? { name_hint: name } : {}),
  })
  const res = await fetch(`${issuer}/authorize?${q.toString()}`, { redirect: 'manual' })
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? ''
  const token = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
  })
  return ((await token.json()) as { access_token: string }).access_token
}
