import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { ConfigError } from './config.js'

const ASSIGNMENT = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=\s*(.*)$/
const QUOTES = new Set(['"', "'", '`'])

/**
 * Node's parser (util.parseEnv) skips or misreads a line it cannot parse (`bad line` then `A=1` becomes the
 * variable "bad line\nA"), so a typo would silently drop a setting. Every line must be blank, a comment, or
 * NAME=value; a quoted value may span lines up to its closing quote, after which only a comment may follow.
 * Names the line, never its content (it may hold a secret).
 */
function validate(text: string, file: string): void {
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    const m = ASSIGNMENT.exec(line)
    if (!m) throw new ConfigError(`${file}:${i + 1}: not a NAME=value line (names are letters, digits and _, not starting with a digit)`)
    const value = m[1] as string
    const quote = value[0]
    if (quote === undefined || !QUOTES.has(quote)) continue
    const start = i
    let rest = value.slice(1)
    let close = rest.indexOf(quote)
    while (close < 0 && i + 1 < lines.length) {
      i++
      rest = lines[i] as string
      close = rest.indexOf(quote)
    }
    if (close < 0) throw new ConfigError(`${file}:${start + 1}: the quoted value is never closed`)
    const after = rest.slice(close + 1).trim()
    if (after !== '' && !after.startsWith('#')) throw new ConfigError(`${file}:${i + 1}: unexpected text after the closing quote`)
  }
}

/**
 * Loads `.env` from the working directory when present: its variables are set where the environment has none
 * (real environment variables win). Returns the file loaded, or undefined. A line that cannot be parsed is a
 * ConfigError naming the file and line: start-up fails rather than run without a setting.
 */
export function loadDotEnv(env: NodeJS.ProcessEnv = process.env, file = path.resolve('.env')): string | undefined {
  if (!existsSync(file)) return undefined
  const text = readFileSync(file, 'utf8')
  validate(text, file)
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined && value !== undefined) env[name] = value
  }
  return file
}
