import { createReadStream, createWriteStream } from 'node:fs'
import { rename, stat, unlink } from 'node:fs/promises'
import { once } from 'node:events'
import { type Command, InvalidArgumentError, Option } from 'commander'
import cliProgress from 'cli-progress'
import { systemCtx } from '../core/context.js'
import { exportSite } from '../modules/export/export.service.js'
import { importSite } from '../modules/export/import.service.js'
import type { Progress } from '../modules/export/progress.rules.js'
import { UsageError, withApp } from './context.js'

/*
 * `atrium export` and `atrium import`. Progress goes to stderr: a bar on a
 * terminal (cli-progress), plain lines otherwise (logs, CI). The summary goes to stdout.
 */

const out = (line: string) => process.stdout.write(`${line}\n`)
const err = (line: string) => process.stderr.write(`${line}\n`)

/** A bar per step on a terminal; elsewhere one line per step and every 10,000 rows. */
function progressFor(verb: string): Progress {
  if (process.stderr.isTTY) {
    // One line, redrawn: the step's name, a bar over its rows (or files), and the count.
    let bar: cliProgress.SingleBar | undefined
    let total = 0
    let value = 0
    return {
      step(name, t) {
        total = Math.max(t, 1)
        value = 0
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { format: `${verb} {step} [{bar}] {value}/{total}`, stream: process.stderr, hideCursor: true, clearOnComplete: true },
            cliProgress.Presets.shades_classic,
          )
          bar.start(total, 0, { step: name.padEnd(28) })
        } else {
          bar.setTotal(total)
          bar.update(0, { step: name.padEnd(28) })
        }
      },
      advance(n) {
        value += n
        if (value > total) bar?.setTotal((total = value))
        bar?.update(value)
      },
      stop() {
        bar?.stop()
        bar = undefined
      },
    }
  }
  let step = ''
  let done = 0
  let lastLine = 0
  return {
    step(name, total) {
      if (step !== name) err(`${verb} ${name}${total ? ` (${total})` : ''}`)
      step = name
      done = 0
      lastLine = 0
    },
    advance(n) {
      done += n
      if (done - lastLine >= 10_000) {
        lastLine = done
        err(`${verb} ${step}: ${done}`)
      }
    },
    stop: () => undefined,
  }
}

const summary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')

async function runExport(opts: { site: string; out: string }): Promise<void> {
  // Written beside the target and renamed when complete: a failed or interrupted export leaves no half archive.
  const partial = `${opts.out}.partial`
  const file = createWriteStream(partial, { flags: 'w', mode: 0o600 })
  await once(file, 'open')
  try {
    const res = await withApp((app) => exportSite(systemCtx(app.deps, 'cli'), opts.site, file, progressFor('exporting')))
    await rename(partial, opts.out)
    out(`exported site ${String(res.manifest.site.slug)} to ${opts.out}: ${summary(res.counts)}`)
  } catch (e) {
    file.destroy()
    await unlink(partial).catch(() => undefined)
    throw e
  }
}

async function runImport(path: string, opts: { as?: string; dryRun?: boolean }): Promise<void> {
  try {
    if (!(await stat(path)).isFile()) throw new UsageError(`${path} is not a file`)
  } catch (e) {
    if (e instanceof UsageError) throw e
    throw new Error(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`)
  }
  const abort = new AbortController()
  const onSignal = () => {
    err('interrupted: rolling back, nothing will be kept')
    abort.abort(new Error('interrupted (Ctrl+C): nothing was imported'))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const res = await withApp((app) =>
      importSite(systemCtx(app.deps, 'cli'), createReadStream(path), {
        as: opts.as,
        dryRun: opts.dryRun,
        signal: abort.signal,
        progress: progressFor('importing'),
      }),
    )
    if (res.dry_run) out(`dry run: ${path} would create site ${res.site.slug} (${res.site.id}): ${summary(res.counts)}; nothing was written`)
    else out(`imported site ${res.site.slug} (${res.site.id}): ${summary(res.counts)}`)
  } finally {
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
  }
}

/** --as: a slug, checked before anything is opened (commander names the option: exit 2). */
function slugArg(v: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) || v.length > 200) throw new InvalidArgumentError('must be a slug: lower-case letters, digits and single hyphens')
  return v
}

/** `atrium export` and `atrium import`. */
export function transferCommands(program: Command): void {
  program
    .command('export')
    .description('write a site (records and files, never secrets) to a .tar.gz archive')
    .addOption(new Option('--site <id|slug>', 'the site to export').makeOptionMandatory())
    .addOption(new Option('--out <file>', 'the archive to write (e.g. site.tar.gz)').makeOptionMandatory())
    .action(runExport)
  program
    .command('import')
    .description('create a new site from an archive written by atrium export (all or nothing)')
    .argument('<file>', 'the archive (.tar.gz)')
    .option('--as <slug>', "the new site's slug (default: the archived one)", slugArg)
    .option('--dry-run', 'read and check the whole archive and print its counts; write nothing')
    .action(runImport)
}
