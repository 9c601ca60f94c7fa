import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.js'
import { loadDotEnv } from '../../src/dotenv.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-env-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every variable src/config.ts reads (each is read through str/int/bool/list/… with `env, 'NAME'`). */
const configVariables = () => [...new Set([...read('src/config.ts').matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1] as string))].sort()

describe('documented settings', () => {
  it('finds the variables of src/config.ts', () => {
    const vars = configVariables()
    expect(vars).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'ATRIUM_PUBLIC_URL', 'ATRIUM_REDIS_PREFIX', 'ATRIUM_DEFAULT_KEY_RATE_LIMIT']))
    expect(vars.length).toBeGreaterThan(40)
  })

  it('.env.example lists every variable with its default and a meaning', () => {
    const lines = read('.env.example').split('\n')
    const missing = configVariables().filter((v) => !lines.some((l) => new RegExp(`^# ${v}=\\S*\\s+# \\S`).test(l)))
    expect(missing).toEqual([])
    expect(lines).toContain('# ATRIUM_DEFAULT_KEY_RATE_LIMIT=20000 # rate_limit_per_minute of new API keys when not given')
  })

  it("the README's configuration table has a row for every variable", () => {
    const readme = read('README.md')
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5))
    const named = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...(m[1] as string).matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((n) => n[1])))
    expect(configVariables().filter((v) => !named.has(v))).toEqual([])
    expect(table).toMatch(/\| `ATRIUM_DEFAULT_KEY_RATE_LIMIT` \| `20000` \|/)
  })

  it('the .env.example file itself loads (every line a comment or blank)', () => {
    const env: NodeJS.ProcessEnv = {}
    expect(loadDotEnv(env, path.join(ROOT, '.env.example'))).toBeDefined()
    expect(env).toEqual({})
  })
})

describe('.env', () => {
  const file = (name: string, text: string) => {
    const p = path.join(dir, name)
    writeFileSync(p, text)
    return p
  }

  it('sets what the environment lacks; real variables win; none: nothing happens', () => {
    const p = file('ok.env', '# comment\n\nPORT=9001\nexport LOG_LEVEL=warn # why\nATRIUM_APP_NAME="My CMS"\nATRIUM_IDP_PUBLISHABLE_KEY="two\nlines"\n')
    const env: NodeJS.ProcessEnv = { PORT: '9002' }
    expect(loadDotEnv(env, p)).toBe(p)
    expect(env).toEqual({ PORT: '9002', LOG_LEVEL: 'warn', ATRIUM_APP_NAME: 'My CMS', ATRIUM_IDP_PUBLISHABLE_KEY: 'two\nlines' })
    expect(loadDotEnv(env, path.join(dir, 'absent.env'))).toBeUndefined()
  })

  it.each([
    ['a line without =', 'PORT=1\nthis is not a setting\nHOST=x\n', 2],
    ['a name with a space', 'PORT=1\n\nMY VAR=1\n', 3],
    ['a name starting with a digit', '1PORT=1\n', 1],
    ['an unclosed quote', 'PORT=1\nATRIUM_APP_NAME="open\nHOST=x\n', 2],
    ['text after the closing quote', 'ATRIUM_APP_NAME="a" b\n', 1],
  ])('%s stops start-up naming the file and the line, not its content', (_name, text, line) => {
    const p = file(`bad-${line}.env`, text)
    const env: NodeJS.ProcessEnv = {}
    let err: unknown
    try {
      loadDotEnv(env, p)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as Error).message).toMatch(new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}: `))
    expect((err as Error).message).not.toMatch(/this is not|open|MY VAR/)
    expect(env).toEqual({})
  })
})

describe('defaults', () => {
  it('unset ATRIUM_PUBLIC_URL is http://localhost:<PORT> (marked, so start-up warns); set, it is used as given', () => {
    expect(loadConfig({ PORT: '8123' })).toMatchObject({ publicUrl: 'http://localhost:8123', publicUrlDefaulted: true })
    expect(loadConfig({})).toMatchObject({ publicUrl: 'http://localhost:8000' })
    expect(loadConfig({ ATRIUM_PUBLIC_URL: 'https://cms.example.org/' })).toMatchObject({ publicUrl: 'https://cms.example.org', publicUrlDefaulted: false })
  })

  it('new keys get 20,000 requests a minute unless ATRIUM_DEFAULT_KEY_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).defaultKeyRateLimit).toBe(20_000)
    expect(loadConfig({ ATRIUM_DEFAULT_KEY_RATE_LIMIT: '500' }).defaultKeyRateLimit).toBe(500)
  })

  it('the Redis prefix is atrium: unless ATRIUM_REDIS_PREFIX is set', () => {
    expect(loadConfig({}).redisPrefix).toBe('atrium:')
    expect(loadConfig({ ATRIUM_REDIS_PREFIX: 'site-b:' }).redisPrefix).toBe('site-b:')
  })
})

describe('licence', () => {
  it('is MIT, in LICENSE and package.json', () => {
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 Atrium contributors\n/)
    expect((JSON.parse(read('package.json')) as { license?: string }).license).toBe('MIT')
  })
})
