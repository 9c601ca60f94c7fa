import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { expect } from 'vitest'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { DbHandle } from '../../src/db/client.js'
import { apiKeys } from '../../src/db/schema/api-keys.js'
import { auditLogs, changeHistory, outboxEvents } from '../../src/db/schema/audit.js'
import { locales, sites } from '../../src/db/schema/sites.js'
import type { Cache } from '../../src/platform/cache/index.js'
import type { Res } from '../helpers/http.js'

/**
 * The rate-limit window is a fixed wall-clock minute. A test that needs N requests in one window
 * waits for the next minute when fewer than `marginMs` remain in this one.
 */
export async function awayFromMinuteEdge(marginMs = 8000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50))
}

/** Row counts of everything a write would touch: equal before and after means nothing changed. */
export async function snapshotCounts(dbh: DbHandle): Promise<Record<string, number>> {
  const tables = { sites, locales, apiKeys, auditLogs, changeHistory, outboxEvents }
  const out: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await dbh.db.select({ n: count() }).from(table)
    out[name] = row?.n ?? -1
  }
  return out
}

/** A full RFC 9457 problem with the given status and code; returns the parsed body. */
export function expectFullProblem(res: Res, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(res.headers['x-request-id']).toBeTruthy()
  const body = res.json<{ type: string; title: string; status: number; detail: string; code: string; errors?: Array<{ field: string; message: string }> }>()
  expect(body).toMatchObject({ status, code })
  expect(body.type).toMatch(/^urn:atrium:problem:[a-z-]+$/)
  expect(typeof body.title).toBe('string')
  expect(body.title.length).toBeGreaterThan(0)
  expect(typeof body.detail).toBe('string')
  expect(body.detail.length).toBeGreaterThan(0)
  return body
}

export interface RawApp {
  app: App
  close(): Promise<void>
}

/**
 * An app built without prepare() and without ready(): the caller may add routes first, and the
 * database may be unreachable (nothing is queried at build time).
 */
export async function rawApp(dbh: DbHandle, opts: { env?: Record<string, string>; cache?: Cache; logger?: boolean | object } = {}): Promise<RawApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-raw-'))
  const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...opts.env })
  let app: App
  try {
    app = await buildApp(config, { dbh, logger: opts.logger ?? false, ...(opts.cache ? { cache: opts.cache } : {}) })
  } catch (err) {
    // A build the test expects to fail (the start-up guard) must not leave its data directory behind.
    rmSync(dataDir, { recursive: true, force: true })
    throw err
  }
  return {
    app,
    close: async () => {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
