import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A user as a Clerk-compatible Backend API answers it (the fields Atrium reads). */
export interface ClerkUserFixture {
  id: string
  first_name?: string | null
  last_name?: string | null
  username?: string | null
  image_url?: string | null
  primary_email_address_id?: string
  email_addresses: Array<{ id: string; email_address: string }>
  created_at: number
  last_sign_in_at: number | null
}

/**
 * A stand-in for a Clerk-compatible Backend API on 127.0.0.1 serving `users`: `GET /v1/users/count`,
 * `GET /v1/users?limit&offset`, `GET /v1/users/{id}` (404 when unknown), all behind `Bearer <secret>`. `seen` lists
 * the requests; `down` makes every answer a 500. `env` configures an app to use it.
 */
export async function startClerk(users: readonly ClerkUserFixture[], secret = 'sk_test_standin') {
  const seen: string[] = []
  const state = { down: false }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push(`${req.method} ${url.pathname}${url.search}`)
    if (state.down) return void res.writeHead(500).end('{}')
    if (req.headers.authorization !== `Bearer ${secret}`) return void res.writeHead(401).end('{}')
    const json = (code: number, body: unknown) => void res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (url.pathname === '/v1/users/count') return json(200, { object: 'total_count', total_count: users.length })
    if (url.pathname === '/v1/users') {
      const limit = Number(url.searchParams.get('limit'))
      const offset = Number(url.searchParams.get('offset'))
      return json(200, users.slice(offset, offset + limit))
    }
    const m = /^\/v1\/users\/([^/]+)$/.exec(url.pathname)
    const u = m ? users.find((x) => x.id === decodeURIComponent(m[1]!)) : undefined
    return u ? json(200, u) : json(404, { errors: [{ code: 'resource_not_found' }] })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return {
    seen,
    state,
    env: { ATRIUM_IDP_API_URL: `http://127.0.0.1:${port}`, ATRIUM_IDP_SECRET_KEY: secret },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
