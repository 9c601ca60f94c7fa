import { Command, CommanderError, InvalidArgumentError } from 'commander'
import { ConfigError, packageVersion } from '../config.js'
import { DataDirLockedError, describeHolder } from '../db/data-dir-lock.js'
import { migrate, migrationStatus } from '../db/migrate.js'
import { ApiError } from '../http/errors.js'
import { PortUnavailableError } from '../http/listen.js'
import { openConfiguredDb, serve } from '../server.js'
import { UsageError, settings, withApp } from './context.js'
import { KEY_FLAGS, keysCommand } from './keys.js'
import { seedCommand } from './seed.js'
import { transferCommands } from './transfer.js'

/** Exit codes: 0 done, 1 the command failed, 2 it was called wrongly (unknown command, bad flag). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

/** What `run` resolves to: an exit code, or `serving` (the process stays up until a signal). */
export type Outcome = number | 'serving'

/** A TCP port (0 picks a free one); commander then names the flag in the error. */
function portArg(v: string): string {
  if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535')
  return String(Number(v))
}

function buildProgram(onServe: () => void): Command {
  const program = new Command('atrium')
    .description('Atrium: a multi-site headless CMS')
    .version(packageVersion(), '-v, --version', 'print the version')
    .showHelpAfterError('(add --help for usage)')
    // Subcommands inherit this: errors are thrown to run(), which picks the exit code; nothing calls process.exit.
    .exitOverride()
  program
    .command('serve')
    .description('start the API (the default when no command is given)')
    .option('--port <port>', 'listen port (overrides PORT)', portArg)
    .option('--host <address>', 'listen address (overrides HOST)')
    .action(async (opts: { port?: string; host?: string }) => {
      await serve(settings({ PORT: opts.port, HOST: opts.host }))
      onServe()
    })
  program
    .command('migrate')
    .description('apply database migrations (serve applies them too)')
    .option('--status', 'list applied and pending migrations; changes nothing')
    .action(async (opts: { status?: boolean }) => {
      if (opts.status) {
        // The database alone, not the app: nothing else is opened or created.
        const dbh = await openConfiguredDb(settings())
        const states = await migrationStatus(dbh.db).finally(() => dbh.close())
        for (const m of states)
          process.stdout.write(`${m.applied_at ? 'applied' : 'pending'}  ${m.name}${m.applied_at ? `  ${m.applied_at.toISOString()}` : ''}\n`)
        const pending = states.filter((m) => !m.applied_at).length
        process.stderr.write(`${states.length - pending} applied, ${pending} pending${pending ? ' (atrium migrate, or serve, applies them)' : ''}\n`)
        return
      }
      const applied = await withApp((app) => migrate(app.deps.dbh), { migrate: false })
      process.stdout.write(`migrations applied: ${applied}\n`)
    })
  keysCommand(program)
  seedCommand(program)
  transferCommands(program)
  return program
}

/** The embedded database is held by another process: say by whom, and what to do instead. */
function lockedMessage(e: DataDirLockedError, command: string): string {
  const holder = `${e.dir} is in use by another process (${describeHolder(e.holder)}).`
  if (command === 'serve') {
    return `error: the embedded database in ${holder}\nOnly one process may open it: stop that process, or set DATABASE_URL to a PostgreSQL server to run several instances.`
  }
  return (
    `error: the embedded database in ${holder}\nOnly one process may open it at a time. Stop the server first, ` +
    'or use its HTTP API instead (e.g. POST /api/v1/api-keys with a Master key), or point DATABASE_URL at a PostgreSQL server shared by both.'
  )
}

/** A service's validation error in terms of the flags the user typed (`--site`, not `site_id`). */
function usageMessage(e: ApiError): string {
  const parts = (e.errors ?? [{ field: '', message: e.message }]).map((f) => {
    const flag = KEY_FLAGS[f.field]
    return flag ? `${flag}: ${f.message}` : f.field ? `${f.field}: ${f.message}` : f.message
  })
  return `error: ${parts.join('; ')}`
}

/** Runs the CLI on argv (without node and script); never calls process.exit. */
export async function run(argv: string[]): Promise<Outcome> {
  let serving = false
  const args = argv.length === 0 ? ['serve'] : argv
  const program = buildProgram(() => {
    serving = true
  })
  try {
    await program.parseAsync(args, { from: 'user' })
    return serving ? 'serving' : EXIT.ok
  } catch (e) {
    // commander has already printed its message (and usage hints) to stderr.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage
    const write = (s: string) => process.stderr.write(`${s}\n`)
    if (e instanceof UsageError) write(`error: ${e.message}`)
    else if (e instanceof ApiError && e.code === 'VALIDATION_FAILED') write(usageMessage(e))
    else if (e instanceof DataDirLockedError) {
      write(lockedMessage(e, args[0] ?? ''))
      return EXIT.failed
    } else if (e instanceof PortUnavailableError) {
      write(`error: ${e.message}`)
      return EXIT.failed
    } else if (e instanceof ConfigError) {
      write(`configuration error: ${e.message}`)
      return EXIT.failed
    } else {
      write(`error: ${e instanceof Error ? e.message : String(e)}`)
      return EXIT.failed
    }
    return EXIT.usage
  }
}
