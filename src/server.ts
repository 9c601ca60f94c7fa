import type { Config } from './config.js'
import { buildApp, type App } from './app.js'
import { systemCtx } from './core/context.js'
import { openDb, type DbHandle } from './db/client.js'
import { STARTUP_LOCK_ID, migrate } from './db/migrate.js'
import { checkEncryptionKey } from './core/encryption-key.js'
import { bindPort, type BoundPort } from './http/listen.js'
import { startMetrics, type MetricsServer } from './http/metrics.js'
import * as apiKeys from './modules/api-keys/service.js'
import { startWorkers } from './workers/index.js'

/** Opens the configured database (PGlite under ATRIUM_DATA_DIR unless DATABASE_URL is set). */
export function openConfiguredDb(config: Config): Promise<DbHandle> {
  return openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, readUrls: config.readUrls, maxLagMs: config.replicaMaxLagMs, warn: logWarning })
}

/**
 * A warning of the database layer (a replica unreachable at start or failing later), as a JSON log line: it may come
 * before the app's logger exists. The error's message only: a driver error names no password.
 */
function logWarning(msg: string, err?: unknown): void {
  const line = { level: 40, time: Date.now(), msg, ...(err instanceof Error ? { err: { type: err.name, message: err.message } } : {}) }
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

/** Where the generated first key goes: standard error, never the JSON log stream on standard output. */
const toStderr = (line: string) => void process.stderr.write(`${line}\n`)

/** Migrates, then ensures the first key, all under the start-up advisory lock. */
export async function prepare(app: App, print: (line: string) => void = toStderr): Promise<void> {
  const deps = app.deps
  const applied = await migrate(deps.dbh)
  if (applied > 0) app.log.info({ applied }, 'migrations applied')
  await deps.dbh.withLock(STARTUP_LOCK_ID + 1, async (db) => {
    // Before anything is served: refuses to start when stored secrets belong to another (or a missing) key.
    const keyCheck = await checkEncryptionKey(db, deps.secrets, deps.dbh.kind === 'postgres')
    if (keyCheck.generated) app.log.info({ file: deps.secrets.keyFile }, 'generated a new encryption key for secrets at rest')
    if (keyCheck.replaced) app.log.warn({ previous: keyCheck.replaced }, 'no encrypted data existed: the registered encryption key was replaced')
    if (keyCheck.message) app.log.warn(`${keyCheck.message} Until then this instance will not store AI provider keys.`)
    const res = await apiKeys.bootstrap(systemCtx(deps, 'bootstrap'), deps.config.bootstrapKey)
    if (res.warning) app.log.warn(res.warning)
    if (res.key) {
      // One marked line that an operator can grep from the output of a container; the log says only that it was printed.
      print(`ATRIUM FIRST MASTER KEY (no API key existed; shown only this once, store it now): ${res.key}`)
      app.log.warn('no API key existed: a Master key was generated and printed once to standard error (a line starting "ATRIUM FIRST MASTER KEY")')
    } else if (res.created) {
      app.log.info('bootstrap key created from ATRIUM_BOOTSTRAP_KEY')
    }
  })
}

/** Every port this process serves. */
export interface Ports {
  api: BoundPort
  /** ATRIUM_METRICS_PORT's listener, when set. */
  metrics?: MetricsServer
}

/**
 * The first step of `serve`: binds every port, so that a busy one fails start-up in a moment, before the data
 * directory is opened, a migration runs or a key is generated. A port added later (metrics) is bound here too.
 */
export async function bindPorts(config: Config): Promise<Ports> {
  const bound: BoundPort[] = []
  try {
    const api = await bindPort(config, config.port, 'PORT')
    bound.push(api)
    const metrics = await startMetrics(config)
    return { api, ...(metrics ? { metrics } : {}) }
  } catch (err) {
    await Promise.all(bound.map((b) => b.close()))
    throw err
  }
}

const closePorts = (ports: Ports) => Promise.all(Object.values(ports).map((p: { close(): Promise<unknown> }) => p.close()))

/** `atrium serve`: bind, open and migrate, serve, run background jobs, and shut down gracefully on SIGTERM/SIGINT. */
export async function serve(config: Config): Promise<void> {
  const ports = await bindPorts(config)
  // Until the app opens, the bound port answers liveness 200 and everything else 503 (http/listen.ts).
  let dbh: DbHandle | undefined
  let built: App | undefined
  try {
    dbh = await openConfiguredDb(config)
    // Migrations run before buildApp reads the schema: build on an unmigrated db is fine (no queries at build).
    built = await buildApp(config, { dbh, serverFactory: ports.api.serverFactory, ...(ports.metrics ? { metrics: ports.metrics.metrics } : {}) })
    const app = built
    if (config.publicUrlDefaulted) {
      app.log.warn(
        { public_url: config.publicUrl },
        `ATRIUM_PUBLIC_URL is not set: absolute URLs (media public_url) use ${config.publicUrl}; set it to the external base URL`,
      )
    }
    await prepare(app)
    // Embedded: the write path's WebAssembly compiled now, not during the first save (db/pglite-warm.ts).
    await dbh.warmUp?.()
    await app.ready()
  } catch (err) {
    await closePorts(ports)
    await built?.close()
    await dbh?.close()
    throw err
  }
  const app = built
  ports.api.open()
  app.log.info({ address: ports.api.address }, `Server listening at http://${ports.api.address}`)
  const db = dbh
  const workers = startWorkers(app.deps)
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    try {
      await workers.stop()
      await closePorts(ports) // stops accepting, waits for in-flight requests
      await app.close() // flushes usage
      await db.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}
