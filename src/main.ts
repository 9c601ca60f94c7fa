import { parseArgs } from 'node:util'
import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { systemCtx } from './core/context.js'
import { migrate } from './db/migrate.js'
import { PERMISSIONS, type Permission } from './db/schema/api-keys.js'
import { ApiError } from './http/errors.js'
import * as apiKeys from './modules/api-keys/service.js'
import { openConfiguredDb, serve } from './server.js'

const USAGE = `Usage:
  atrium serve                        start the API (default)
  atrium migrate                      apply database migrations
  atrium keys create --permission <Master|Admin|Write|Read> [--site <site id>] [--name <name>]`

async function withApp<T>(fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const config = loadConfig()
  const dbh = await openConfiguredDb(config)
  const app = await buildApp(config, { dbh, logger: false })
  try {
    return await fn(app)
  } finally {
    await app.close()
    await dbh.close()
  }
}

async function main(argv: string[]): Promise<number> {
  const [command = 'serve', sub, ...rest] = argv
  switch (command) {
    case 'serve':
      await serve(loadConfig())
      return -1
    case 'migrate': {
      const applied = await withApp((app) => migrate(app.deps.dbh))
      process.stdout.write(`migrations applied: ${applied}\n`)
      return 0
    }
    case 'keys': {
      if (sub !== 'create') break
      let values: { permission?: string; site?: string; name?: string }
      try {
        ;({ values } = parseArgs({ args: rest, options: { permission: { type: 'string' }, site: { type: 'string' }, name: { type: 'string' } } }))
      } catch (err) {
        // Unknown options and missing option values are usage errors, like a bad --permission.
        process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`)
        return 2
      }
      const permission = values.permission as Permission | undefined
      if (!permission || !PERMISSIONS.includes(permission)) {
        process.stderr.write(`--permission must be one of ${PERMISSIONS.join(', ')}\n`)
        return 2
      }
      if (values.site !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(values.site)) {
        process.stderr.write('--site must be a site id (UUID)\n')
        return 2
      }
      if (values.name !== undefined && (values.name.trim() === '' || values.name.length > 200)) {
        process.stderr.write('--name must be 1-200 characters\n')
        return 2
      }
      const created = await withApp(async (app) => {
        await migrate(app.deps.dbh)
        return apiKeys.create(systemCtx(app.deps, 'cli'), {
          name: values.name ?? `CLI ${permission} key`,
          permission,
          site_id: values.site?.toLowerCase() ?? null,
        })
      })
      process.stdout.write(`${created.key}\n`)
      process.stderr.write(`created ${created.permission} key ${created.id}${created.site_id ? ` for site ${created.site_id}` : ''}\n`)
      return 0
    }
    case 'help':
    case '--help':
      process.stdout.write(`${USAGE}\n`)
      return 0
    default:
      break
  }
  process.stderr.write(`${USAGE}\n`)
  return 2
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (err: unknown) => {
    if (err instanceof ConfigError) process.stderr.write(`configuration error: ${err.message}\n`)
    else if (err instanceof ApiError) process.stderr.write(`error: ${err.message}\n`)
    else process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
