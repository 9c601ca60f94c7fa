/*
 * The plans of the delivery lookups that must be one indexed query on a cache miss (issue 11: the redirect
 * lookup; the page by route too). The module's own query function runs once over a drizzle instance with a
 * logger on the same connection, which captures its SQL and parameters; that statement is then run under
 * `EXPLAIN (ANALYZE)` with the same parameters (bound, as Atrium's unnamed statements are, so the plan is the
 * one a request gets). Done on the freshly seeded database, after VACUUM ANALYZE, before any server opens it.
 */
import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type pg from 'pg'
import type { Db, DbHandle } from '../src/db/client.js'
import * as schema from '../src/db/schema/index.js'
import { pageByRoute } from '../src/modules/pages/queries.js'
import { activeRedirect } from '../src/modules/redirects/redirects.queries.js'
import type { SeededSite } from './seed.js'

export interface PlanCheck {
  /** What was looked up. */
  what: string
  /** The index the plan must use. */
  index: string
  sql: string
  plan: string[]
  /** One statement, an index scan on `index`, no sequential scan. */
  ok: boolean
  note: string
}

interface Captured {
  query: string
  params: unknown[]
}

type Client = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

/** A drizzle instance on the handle's own connection that records every statement it sends. */
function recording(dbh: DbHandle): { db: Db; client: Client; captured: Captured[] } {
  const captured: Captured[] = []
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) }
  const raw = (dbh.db as unknown as { $client: unknown }).$client
  const db =
    dbh.kind === 'pglite'
      ? (drizzlePglite(raw as PGlite, { schema, casing: 'snake_case', logger }) as unknown as Db)
      : (drizzlePg(raw as pg.Pool, { schema, casing: 'snake_case', logger }) as unknown as Db)
  return { db, client: raw as Client, captured }
}

async function check(dbh: DbHandle, what: string, index: string, run: (db: Db) => Promise<unknown>): Promise<PlanCheck> {
  const { db, client, captured } = recording(dbh)
  const found = await run(db)
  const [stmt] = captured
  if (!stmt) return { what, index, sql: '', plan: [], ok: false, note: 'no statement captured' }
  const res = await client.query(`explain (analyze, costs on) ${stmt.query}`, stmt.params)
  const plan = res.rows.map((r) => String(r['QUERY PLAN'] ?? Object.values(r)[0]))
  const text = plan.join('\n')
  const problems: string[] = []
  if (captured.length !== 1) problems.push(`${captured.length} statements`)
  if (!found) problems.push('the lookup found nothing')
  if (!new RegExp(`Index (Only )?Scan using ${index}\\b`).test(text)) problems.push(`no index scan on ${index}`)
  if (/Seq Scan/.test(text)) problems.push('a sequential scan')
  return { what, index, sql: stmt.query, plan, ok: problems.length === 0, note: problems.join(', ') }
}

/** EXPLAIN of the redirect lookup (an active redirect of the first site) and of a page by nested route. */
export async function explainLookups(dbh: DbHandle, sites: SeededSite[]): Promise<PlanCheck[]> {
  const site = sites[0]
  if (!site) return []
  const out: PlanCheck[] = []
  const redirect = site.redirects[Math.floor(site.redirects.length / 2)]
  if (redirect) {
    out.push(await check(dbh, `redirect lookup ${redirect.source}`, 'redirects_site_source_uq', (db) => activeRedirect(db, site.id, redirect.source)))
  }
  const page = site.pages.find((p) => p.route.split('/').length > 2)
  if (page) out.push(await check(dbh, `page by route ${page.route}`, 'content_sites_route_uq', (db) => pageByRoute(db, site.id, page.route)))
  return out
}
