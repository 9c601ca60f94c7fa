import type { Config } from './config.js'
import { buildApp, type App } from './app.js'
import { systemCtx } from './core/context.js'
import { openDb, type DbHandle } from './db/client.js'
import { STARTUP_LOCK_ID, migrate } from './db/migrate.js'
import { checkEncryptionKey } from './core/encryption-key.js'
import { startMetrics } from './http/metrics.js'
import * as apiKeys from './modules/api-keys/service.js'
import { startWorkers } from './workers/index.js'

/** Opens the configured database (PGlite under ATRIUM_DATA_DIR unless DATABASE_URL is set). */
export function openConfiguredDb(config: Config): Promise<DbHandle> {
  return openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
}

/** Migrates, then ensures the first key, all under the start-up advisory lock. */
export async function prepare(app: App, print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<void> {
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
      // Printed once, to standard output only; never logged.
      print('')
      print('  No API key existed, so Atrium generated a Master key. It is shown only this once:')
      print(`  ${res.key}`)
      print('')
    } else if (res.created) {
      app.log.info('bootstrap key created from ATRIUM_BOOTSTRAP_KEY')
    }
  })
}

/** `atrium serve`: start, listen, run background jobs, and shut down gracefully on SIGTERM/SIGINT. */
export async function serve(config: Config): Promise<void> {
  // ATRIUM_METRICS_PORT first: a taken port fails start-up before anything is opened or written.
  const metrics = await startMetrics(config)
  // Migrations run before buildApp reads the schema: build on an unmigrated db is fine (no queries at build).
  const dbh = await openConfiguredDb(config)
  const app = await buildApp(config, { dbh, ...(metrics ? { metrics: metrics.metrics } : {}) })
  await prepare(app)
  await app.listen({ host: config.host, port: config.port })
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
      await app.close() // stops accepting, waits for in-flight requests, flushes usage
      await metrics?.close()
      await dbh.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}
