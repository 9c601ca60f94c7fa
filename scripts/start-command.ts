import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** How `npm start` runs the server: the environment it sets before `node`, and node's flags. */
export interface StartCommand {
  env: Record<string, string>
  flags: string[]
}

/**
 * Reads `npm start` from package.json (`… && NAME=value … node --flag … dist/main.js serve`), so that the bench, the
 * start-up measure and the tests run the server exactly as a user does: one place holds the settings.
 */
export function startCommand(pkgPath = path.join(ROOT, 'package.json')): StartCommand {
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { scripts: { start: string } }
  const run = /(?:^|&& )((?:[A-Z_][A-Z0-9_]*=\S+ )*)node((?: --[\w-]+(?:=\S+)?)*) dist\/main\.js serve\b/.exec(pkg.scripts.start)
  if (!run) throw new Error(`package.json "start" does not run [NAME=value …] node … dist/main.js serve: ${pkg.scripts.start}`)
  const env = Object.fromEntries(
    (run[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
  return { env, flags: (run[2] ?? '').split(' ').filter(Boolean) }
}
