import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUIREMENT_LEVEL } from '../../src/core/levels.js'
import type { Level } from '../../src/core/principal.js'
import type { Access } from '../../src/http/access.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import type { Res } from '../helpers/http.js'
import { collectRoutes } from '../helpers/routes.js'
import { matrixModules, setupFixtures, sharedEntities, type Fixtures, type MatrixEnv, type RouteFixture } from './matrix/index.js'

/*
 * Route × caller access matrix, generated from the route table: every route under /api/v1 gets the checks its
 * declared `config.access` implies (README "API behaviour worth knowing"):
 *   1. no credentials → 401 UNAUTHENTICATED (every non-public route; public routes: anything but 401);
 *   2. site B's Master key → 404 NOT_FOUND (site, record, bodySites: site A is out of its reach);
 *   3. a site-A key one level below the requirement → 403 FORBIDDEN (site, record, bodySites, level; none below Read);
 *      unscoped routes: a site-scoped Master key → 403; jwtOnly routes: API keys → 403;
 *   4. shared records (owned by A, carried by B): site B's Read key reads through its site, site B's Master key
 *      writing gets 403 (writes need the requirement on the owning site);
 *   5. a caller meeting the declared level (site-A key at exactly the level; unscoped: the unscoped Master key)
 *      → not 401/403/404 (nor 5xx): a 400 for an `{}` body still shows access let it through.
 * Module fixtures (test/contract/matrix/) supply the ids; a route whose path parameter no fixture supplies, or
 * whose access kind the matrix does not know, fails. Destructive routes run last, each on its own throwaway record.
 * MATRIX_LOG=1 prints every (route, caller, answer) line.
 */

const collected = await collectRoutes()
const { t } = collected
afterAll(() => collected.close())

const LEVELS: readonly Level[] = ['Read', 'Write', 'Admin', 'Master']
const below = (l: Level): Level | undefined => LEVELS[LEVELS.indexOf(l) - 1]
const DENIED = new Set([401, 403, 404])
/** POSTs that change a record's state for good, besides DELETE. */
const DESTRUCTIVE_ACTION = /\/(block|unblock|revoke|archive|unarchive|restore|purge|delete|disable|enable|rotate|expire)$/

type Outcome = { status: number; code: string } | 'allowed' | 'not401'
const UNAUTHENTICATED: Outcome = { status: 401, code: 'UNAUTHENTICATED' }
const FORBIDDEN: Outcome = { status: 403, code: 'FORBIDDEN' }
const NOT_FOUND: Outcome = { status: 404, code: 'NOT_FOUND' }

interface Check {
  caller: string
  /** The X-API-Key (none: anonymous); `home` is site A, or the route's own site (RouteFixture.home). */
  key: (home: SiteFixture) => string | undefined
  /** `shared`: the access parameter names the shared record instead of site A's. */
  target: 'own' | 'shared'
  expect: Outcome
}

interface Row {
  key: string
  method: string
  url: string
  access: Access | undefined
  label: string
  destructive: boolean
  checks: Check[]
  /** Why the matrix cannot check this route (unknown access kind, unsupported URL). */
  problem?: string
}

let env: MatrixEnv
let fx: Fixtures
let performed = 0
/** One line per check, printed with MATRIX_LOG=1 (the whole matrix, for review). */
const log: string[] = []

const anonymous: Check = { caller: 'no credentials', key: () => undefined, target: 'own', expect: UNAUTHENTICATED }
const siteKey = (level: Level, why: string, expect: Outcome, target: Check['target'] = 'own'): Check => ({
  caller: `site A's ${level} key (${why})`,
  key: (home) => home.keys[level],
  target,
  expect,
})
const siteBKey = (level: Level, why: string, expect: Outcome, target: Check['target']): Check => ({
  caller: `site B's ${level} key (${why})`,
  key: () => env.b.keys[level],
  target,
  expect,
})
const unscopedMaster = (expect: Outcome): Check => ({ caller: 'the unscoped Master key', key: () => t.masterKey, target: 'own', expect })

/** The checks a declared access implies (see the header); a string when the matrix does not know the kind. */
function checksFor(access: Access | undefined): Check[] | string {
  if (!access) return 'declares no config.access'
  switch (access.kind) {
    case 'public':
      return [{ ...anonymous, expect: 'not401' }]
    case 'jwtOnly':
      return [anonymous, siteKey('Master', 'API keys are refused', FORBIDDEN), { ...unscopedMaster(FORBIDDEN), caller: 'the unscoped Master key (API keys are refused)' }]
    case 'any':
      return [anonymous, siteKey('Read', 'any authenticated caller', 'allowed')]
    case 'level': {
      const lower = below(access.need)
      return [anonymous, ...(lower ? [siteKey(lower, `one below ${access.need}`, FORBIDDEN)] : []), siteKey(access.need, 'declared level', 'allowed')]
    }
    case 'unscoped':
      return [anonymous, siteKey('Master', 'scoped to a site', FORBIDDEN), unscopedMaster('allowed')]
    case 'site':
    case 'record':
    case 'bodySites': {
      const need = REQUIREMENT_LEVEL[access.need]
      const lower = below(need)
      const shared: Check[] =
        access.kind === 'record' && sharedEntities.has(access.entity.name)
          ? [need === 'Read' ? siteBKey('Read', 'reads through a carrying site', 'allowed', 'shared') : siteBKey('Master', 'writes through a carrying site', FORBIDDEN, 'shared')]
          : []
      return [
        anonymous,
        siteBKey('Master', 'another site', NOT_FOUND, 'own'),
        ...(lower ? [siteKey(lower, `one below ${need}`, FORBIDDEN)] : []),
        ...shared,
        siteKey(need, `declared level for ${access.need}`, 'allowed'),
      ]
    }
    default:
      return `access kind "${(access as { kind: string }).kind}" is unknown to the access matrix: teach checksFor() in test/contract/matrix.test.ts what to expect of it`
  }
}

function describeAccess(access: Access | undefined): string {
  if (!access) return 'no access'
  switch (access.kind) {
    case 'level':
    case 'unscoped':
      return `${access.kind} ${access.need}`
    case 'site':
      return `site :${access.param}, ${access.need}`
    case 'record':
      return `record ${access.entity.name}, ${access.need}`
    case 'bodySites':
      return `bodySites ${access.field}, ${access.need}`
    default:
      return (access as { kind: string }).kind
  }
}

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD')
const segments = (url: string) => url.split('/').length
/** Deletes the tenant itself (DELETE /sites/:id): everything else of the site must be checked before it. */
const deletesSite = (row: Row) => row.method === 'DELETE' && row.access?.kind === 'site' && row.url.endsWith(`/:${row.access.param}`)

const rows: Row[] = collected.api.flatMap((r) =>
  methodsOf(r).map((method): Row => {
    const access = r.config?.access
    const checks = checksFor(access)
    const key = `${method} ${r.url}`
    const unsupported = /[(]/.test(r.url) ? `URL ${r.url}: regex path parameters are not supported by the matrix` : undefined
    return {
      key,
      method,
      url: r.url,
      access,
      label: `${key} (${describeAccess(access)})`,
      destructive: method === 'DELETE' || (method !== 'GET' && DESTRUCTIVE_ACTION.test(r.url)),
      checks: typeof checks === 'string' ? [] : checks,
      problem: typeof checks === 'string' ? `${key}: ${checks}` : unsupported,
    }
  }),
)

/** Destructive routes last: children (longer URLs) before parents, deleting a site after everything else. */
const destructive = rows.filter((r) => r.destructive).sort((x, y) => Number(deletesSite(x)) - Number(deletesSite(y)) || segments(y.url) - segments(x.url))
const KIND_ORDER = ['public', 'any', 'jwtOnly', 'level', 'unscoped', 'site', 'record', 'bodySites']
const byKind = new Map<string, Row[]>()
for (const row of rows.filter((r) => !r.destructive)) {
  const kind = row.access?.kind ?? 'none'
  byKind.set(kind, [...(byKind.get(kind) ?? []), row])
}
const kinds = [...byKind.keys()].sort((x, y) => (KIND_ORDER.indexOf(x) + 1 || 99) - (KIND_ORDER.indexOf(y) + 1 || 99))
const planned = rows.reduce((n, r) => n + r.checks.length, 0)

beforeAll(async () => {
  env = { t, a: await makeSite(t), b: await makeSite(t) }
  fx = await setupFixtures(env)
})

// ---- resolving a route against the fixtures ----

const routeFixture = (row: Row): RouteFixture => fx.routes[row.key] ?? {}
const accessEntity = (access: Access | undefined) => (access?.kind === 'site' ? 'site' : access?.kind === 'record' ? access.entity.name : undefined)
const accessParam = (access: Access | undefined) => (access?.kind === 'site' || access?.kind === 'record' ? access.param : undefined)
/** Path parameters by name; a trailing wildcard is the parameter `*` (its fixture value may span several segments). */
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*')

function paramValue(row: Row, name: string, target: Check['target']): string | undefined {
  const entity = accessEntity(row.access)
  const isAccessParam = accessParam(row.access) === name
  if (target === 'shared' && isAccessParam) return entity === undefined ? undefined : fx.shared[entity]
  return routeFixture(row).params?.[name] ?? (isAccessParam && entity !== undefined ? fx.records[entity] : undefined) ?? fx.params[name]
}

function missingParamMessage(row: Row, name: string, target: Check['target']): string {
  const entity = accessEntity(row.access)
  const where =
    accessParam(row.access) === name
      ? `${target === 'shared' ? 'shared' : 'records'}["${entity}"] (the route's access entity)`
      : `params["${name}"], or routes["${row.key}"].params`
  return `${row.key}: no matrix fixture supplies path parameter :${name}. Add ${where} to the module's file in test/contract/matrix/ (${matrixModules.map((m) => m.name).join(', ')}).`
}

function urlFor(row: Row, target: Check['target']): string {
  return row.url.replace(/:([A-Za-z0-9_]+)|\*$/g, (_m, name: string | undefined) => {
    const value = paramValue(row, name ?? '*', target)
    if (value === undefined) throw new Error(missingParamMessage(row, name ?? '*', target))
    return name === undefined ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)
  })
}

/** Everything wrong with a route's fixtures, as messages (empty: the matrix can check it). */
function fixtureProblems(row: Row): string[] {
  if (row.problem) return [row.problem]
  const problems: string[] = []
  for (const target of new Set(row.checks.map((c) => c.target))) {
    for (const name of paramsOf(row.url)) if (paramValue(row, name, target) === undefined) problems.push(missingParamMessage(row, name, target))
  }
  const rf = routeFixture(row)
  if (row.access?.kind === 'bodySites' && rf.body === undefined) {
    problems.push(`${row.key}: takes its site from body field "${row.access.field}"; give routes["${row.key}"].body, a valid body naming site A`)
  }
  if (row.destructive && !rf.destructive) {
    problems.push(`${row.key}: destructive route without routes["${row.key}"].destructive: point its params at a throwaway record and say so there`)
  }
  return problems
}

// ---- running the checks ----

const codeOf = (res: Res) => (/^application\/problem\+json/.test(String(res.headers['content-type'])) ? String(res.json<{ code?: unknown }>().code) : '-')

async function call(row: Row, check: Check, home: SiteFixture): Promise<{ url: string; res: Res }> {
  const url = urlFor(row, check.target)
  const key = check.key(home)
  const rf = routeFixture(row)
  const hasBody = row.method === 'POST' || row.method === 'PUT' || row.method === 'PATCH'
  const res = await t.app.inject({
    method: row.method,
    url,
    headers: key ? { 'x-api-key': key } : {},
    ...(hasBody ? { payload: rf.body ?? {} } : {}),
  })
  return { url, res }
}

function verify(row: Row, check: Check, url: string, res: Res): void {
  const seen = `${res.statusCode} ${codeOf(res)}`
  const msg = `${row.label}: ${check.caller} → ${row.method} ${url} answered ${seen}: ${res.body.slice(0, 300)}`
  if (check.expect === 'not401') expect.soft(res.statusCode, msg).not.toBe(401)
  else if (check.expect === 'allowed') expect.soft(DENIED.has(res.statusCode) || res.statusCode >= 500 ? seen : 'allowed', msg).toBe('allowed')
  else expect.soft(seen, msg).toBe(`${check.expect.status} ${check.expect.code}`)
}

async function runRow(row: Row): Promise<void> {
  const problems = fixtureProblems(row)
  if (problems.length > 0) throw new Error(problems.join('\n'))
  const home = routeFixture(row).home ?? env.a
  for (const check of row.checks) {
    const { url, res } = await call(row, check, home)
    performed++
    const caller = home === env.a ? check.caller : check.caller.replace("site A's", "the route's own site's")
    log.push(`${row.key.padEnd(64)} ${caller.padEnd(64)} ${res.statusCode} ${codeOf(res)}`)
    verify(row, { ...check, caller }, url, res)
  }
}

const routeTest = (row: Row) => it(row.label, () => runRow(row))

// ---- the matrix ----

describe('access matrix: coverage', () => {
  it('every route has an access kind the matrix knows and fixtures for its path parameters (bodySites: a body; destructive: a throwaway)', () => {
    const known = new Set(rows.map((r) => r.key))
    const stale = Object.keys(fx.routes)
      .filter((k) => !known.has(k))
      .map((k) => `routes["${k}"] in test/contract/matrix/ names no route (renamed or removed?)`)
    expect([...rows.flatMap(fixtureProblems), ...stale]).toEqual([])
  })
})

for (const kind of kinds) {
  describe(`access matrix: ${kind} routes`, () => {
    for (const row of byKind.get(kind)!) routeTest(row)
  })
}

describe('access matrix: destructive routes (last; children before parents, the site itself last)', () => {
  for (const row of destructive) routeTest(row)
})

describe('access matrix: size', () => {
  it(`matrix covers ${planned} checks over ${rows.length} routes`, () => {
    const perKind = kinds.map((k) => `${k} ${byKind.get(k)!.length}`).join(', ')
    console.info(`access matrix: ${performed}/${planned} checks over ${rows.length} routes (${perKind}; destructive ${destructive.length})`)
    if (process.env.MATRIX_LOG) console.info(log.join('\n'))
    expect(performed, 'checks actually performed (a route test stopped early?)').toBe(planned)
    expect(planned).toBeGreaterThanOrEqual(150)
  })
})
