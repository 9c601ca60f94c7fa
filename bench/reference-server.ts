/*
 * The one-query reference server: what the three delivery reads cost when each request is one hand-written
 * SQL statement over Atrium's tables that builds the whole answer (json_build_object / json_agg) and Node only
 * passes the text on. No authentication, no rate limiting, no cache; the list counts its total every time.
 * It answers the same JSON as Atrium (same keys, values and order of items; the bench checks that):
 *
 *   GET /api/v1/sites/{site_id}/blogs/published?page=&per_page=&locale=
 *   GET /api/v1/sites/{site_id}/blogs/by-slug/{slug}
 *   GET /api/v1/blogs/{id}/detail
 *   GET /api/v1/health
 *
 * Run by the bench as its own process (node --import tsx bench/reference-server.ts) with PORT and either
 * REF_DATABASE_URL (a pg pool of 10, like Atrium's) or REF_DATA_DIR (PGlite opened the way Atrium opens it,
 * holding the data directory's lock: the embedded database is one process's at a time).
 */
import http from 'node:http'
import pg from 'pg'
import { lockDataDir } from '../src/db/data-dir-lock.js'
import { BY_ID, BY_SLUG, PUBLISHED } from './reference-sql.js'

type Query = (text: string, params: unknown[]) => Promise<string | undefined>

const UUID = '([0-9a-fA-F-]{36})'
const PUBLISHED_PATH = new RegExp(`^/api/v1/sites/${UUID}/blogs/published$`)
const SLUG_PATH = new RegExp(`^/api/v1/sites/${UUID}/blogs/by-slug/([^/]+)$`)
const DETAIL_PATH = new RegExp(`^/api/v1/blogs/${UUID}/detail$`)

const int = (v: string | null, fallback: number, max: number) => {
  const n = v === null ? fallback : Number(v)
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined
}

/** The query and parameters for a path, or undefined when it is not one of the three reads. */
function route(url: URL): [string, unknown[]] | undefined {
  let m = PUBLISHED_PATH.exec(url.pathname)
  if (m) {
    const page = int(url.searchParams.get('page'), 1, 1_000_000)
    const perPage = int(url.searchParams.get('per_page'), 10, 100)
    if (page === undefined || perPage === undefined) return undefined
    return [PUBLISHED, [m[1], perPage, (page - 1) * perPage, page, url.searchParams.get('locale')]]
  }
  m = SLUG_PATH.exec(url.pathname)
  if (m) return [BY_SLUG, [m[1], decodeURIComponent(m[2]!)]]
  m = DETAIL_PATH.exec(url.pathname)
  if (m) return [BY_ID, [m[1]]]
  return undefined
}

async function openQuery(): Promise<{ query: Query; close(): Promise<void> }> {
  const url = process.env.REF_DATABASE_URL
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    pool.on('error', () => undefined)
    return {
      query: async (text, params) => (await pool.query<{ j: string }>(text, params)).rows[0]?.j,
      close: () => pool.end(),
    }
  }
  const dataDir = process.env.REF_DATA_DIR
  if (!dataDir) throw new Error('set REF_DATABASE_URL or REF_DATA_DIR')
  const lock = lockDataDir(dataDir)
  const { openPglite } = await import('../src/db/pglite.js')
  const pgl = await openPglite(dataDir)
  return {
    query: async (text, params) => (await pgl.query<{ j: string }>(text, params)).rows[0]?.j,
    close: async () => {
      await pgl.close()
      lock.release()
    },
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'

async function main(): Promise<void> {
  const db = await openQuery()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/api/v1/health') {
      res.writeHead(200, { 'content-type': JSON_TYPE }).end('{"status":"ok"}')
      return
    }
    const q = req.method === 'GET' ? route(url) : undefined
    if (!q) {
      res.writeHead(404, { 'content-type': JSON_TYPE }).end('{"status":404,"title":"No route for this path"}')
      return
    }
    db.query(q[0], q[1]).then(
      (json) => {
        if (json === undefined) res.writeHead(404, { 'content-type': JSON_TYPE }).end('{"status":404,"title":"Not found"}')
        else res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(json) }).end(json)
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': JSON_TYPE }).end(JSON.stringify({ status: 500, detail: err instanceof Error ? err.message : String(err) }))
      },
    )
  })
  server.keepAliveTimeout = 5000
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1')
  const shutdown = () => {
    server.close()
    server.closeAllConnections()
    void db.close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}

main().catch((err: unknown) => {
  process.stderr.write(`reference server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
