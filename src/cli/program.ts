import { Command, CommanderError } from 'commander'
import { ConfigError, loadConfig, packageVersion } from '../config.js'
import { DataDirLockedError, describeHolder } from '../db/data-dir-lock.js'
import { migrate } from '../db/migrate.js'
import { ApiError } from '../http/errors.js'
import { serve } from '../server.js'
import { UsageError, withApp } from './context.js'
import { KEY_FLAGS, keysCommand } from './keys.js'
import { seedCommand } from './seed.js'

/** Exit codes: 0 done, 1 the command failed, 2 it was called wrongly (unknown command, bad flag). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

/** What `run` resolves to: an exit code, or `serving` (the process stays up until a signal). */
export type Outcome = number | 'serving'

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
    .action(async () => {
      await serve(loadConfig())
      onServe()
    })
  program
    .command('migrate')
    .description('apply database migrations (serve applies them too)')
    .action(async () => {
      const applied = await withApp((app) => migrate(app.deps.dbh), { migrate: false })
      process.stdout.write(`migrations applied: ${applied}\n`)
    })
  keysCommand(program)
  seedCommand(program)
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
