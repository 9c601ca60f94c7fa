import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { Db, DbHandle, ReadDb } from '../db/client.js'
import type { Cache } from '../platform/cache/index.js'
import type { Clock } from '../platform/clock.js'
import type { KeyStore } from '../platform/key-store.js'
import type { Metrics } from '../platform/metrics.js'
import type { HostLookup } from '../platform/webhook-target.js'
import type { Secrets } from '../platform/secrets.js'
import type { SiteCache } from '../platform/site-cache.js'
import type { Storage } from '../platform/storage/index.js'
import type { UsageRecorder } from '../platform/usage.js'
import type { UserStore } from '../platform/users.js'
import { system, type Principal } from './principal.js'

/** Long-lived collaborators of one app instance. */
export interface Deps {
  config: Config
  dbh: DbHandle
  cache: Cache
  clock: Clock
  keys: KeyStore
  sites: SiteCache
  usage: UsageRecorder
  /** JWT callers: token verification, directory entry, memberships. */
  users: UserStore
  /** Uploaded files (documents, media): the data directory or S3. */
  storage: Storage
  /** Key for secrets at rest (AI provider keys); loaded by start-up (core/encryption-key.ts). */
  secrets: Secrets
  /** DNS lookup for outbound targets (AI providers); tests map names to 127.0.0.1. Default: the system resolver. */
  lookup?: HostLookup
  log: FastifyBaseLogger
  /** Prometheus metrics (ATRIUM_METRICS_PORT); off: noMetrics. */
  metrics: Metrics
}

/** Everything a service call needs: who is calling, read access to the database, time, log. */
export interface Ctx {
  principal: Principal
  db: ReadDb
  clock: Clock
  log: FastifyBaseLogger
  requestId: string
  deps: Deps
}

const writers = new WeakMap<Ctx, Db>()

export function makeCtx(deps: Deps, principal: Principal, requestId: string, log: FastifyBaseLogger = deps.log, db: Db = deps.dbh.db): Ctx {
  const ctx: Ctx = { principal, db, clock: deps.clock, log, requestId, deps }
  writers.set(ctx, db)
  return ctx
}

/** A context for work the service does on its own (scheduler, CLI, bootstrap). */
export const systemCtx = (deps: Deps, requestId = 'system') => makeCtx(deps, system, requestId)

/** A system context for background jobs: on the embedded database its statements let requests run between them (DbHandle.background). */
export const backgroundCtx = (deps: Deps, requestId: string) => makeCtx(deps, system, requestId, deps.log, deps.dbh.background)

/** The write handle behind a Ctx. Only core/mutation.ts may call this (lint enforces it). */
export function writerOf(ctx: Ctx): Db {
  const db = writers.get(ctx)
  if (!db) throw new Error('context was not made by makeCtx')
  return db
}
