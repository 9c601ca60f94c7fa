import { buildApp, type App } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { loadDotEnv } from '../dotenv.js'
import { migrate } from '../db/migrate.js'
import { openConfiguredDb } from '../server.js'

/** A failure caused by how the command was called: exit 2, the message names the flag or argument. */
export class UsageError extends Error {}

/** The configuration of a command: `.env` (when present) under the real environment, then flags over both. */
export function settings(flags: Record<string, string | undefined> = {}): Config {
  loadDotEnv()
  const env: Record<string, string | undefined> = { ...process.env }
  for (const [name, value] of Object.entries(flags)) if (value !== undefined) env[name] = value
  return loadConfig(env)
}

/**
 * Runs fn against the configured database with the app's services (no listener, no logs), migrated first so
 * that every command works on a fresh data directory too.
 */
export async function withApp<T>(fn: (app: App) => Promise<T>, opts: { migrate?: boolean } = {}): Promise<T> {
  const config = settings()
  const dbh = await openConfiguredDb(config)
  try {
    const app = await buildApp(config, { dbh, logger: false })
    try {
      if (opts.migrate !== false) await migrate(app.deps.dbh)
      return await fn(app)
    } finally {
      await app.close()
    }
  } finally {
    await dbh.close()
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** commander argParser for ids: lower-cased UUID or a usage error naming what was expected. */
export function uuidArg(what: string) {
  return (value: string): string => {
    if (!UUID.test(value)) throw new UsageError(`expected ${what} (a UUID), got "${value}"`)
    return value.toLowerCase()
  }
}
