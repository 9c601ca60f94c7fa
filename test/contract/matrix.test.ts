import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUIREMENT_LEVEL } from '../../src/core/levels.js'
import type { Level, Requirement } from '../../src/core/principal.js'
import type { Access } from '../../src/http/access.js'
import { makeSite, uid, type SiteFixture } from '../helpers/factories.js'
import { jwtUser, startIdp } from '../helpers/idp.js'
import type { Res } from '../helpers/http.js'
import { collectRoutes } from '../helpers/routes.js'
import { matrixModules, setupFixtures, sharedEntities, type Fixtures, type MatrixEnv, type RouteFixture } from './matrix/index.js'
import { accessEntity, accessParam, fillUrl, missingParams, type Target } from './matrix/urls.js'

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
 *   6. identity-provider callers (bearer tokens from a JWKS stand-in on 127.0.0.1), before the caller of 5: members of
 *      site A per role: the least role meeting the requirement (spec role table; a level: Viewer/Author/Admin) gets
 *      through, the role just below gets 403, site B's Owner 404, a system admin gets through; level routes: a user
 *      without memberships 403; unscoped routes: any user (jwt 'any') or system admins only (an Owner 403); jwtOnly: a
 *      member gets through. On destructive routes only the refusals run (the throwaway is left to the key of 5).
 * Module fixtures (test/contract/matrix/) supply the ids; a route whose path parameter no fixture supplies, or
 * whose access kind the matrix does not know, fails. Destructive routes run last, each on its own throwaway record.
 * MATRIX_LOG=1 prints every (route, caller, answer) line.
 */

const idp = await startIdp()
const collected = await collectRoutes({ env: idp.env({ ATRIUM_SYSTEM_ADMINS: 'matrix-root' }) })
const { t } = collected
afterAll(async () => {
  await collected.close()
  await idp.close()
})

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
  /** An identity-provider caller instead of a key: its bearer token. Members of site A only (rows with another home skip them). */
  token?: () => string | Promise<string>
  /** `shared`: the access parameter names the shared record instead of site A's. */
  target: Target
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
const siteKey = (level: Level, why: string, expect: Outcome, target: Target = 'own'): Check => ({
  caller: `site A's ${level} key (${why})`,
  key: (home) => home.keys[level],
  target,
  expect,
})
const siteBKey = (level: Level, why: string, expect: Outcome, target: Target): Check => ({
  caller: `site B's ${level} key (${why})`,
  key: () => env.b.keys[level],
  target,
  expect,
})
const unscopedMaster = (expect: Outcome): Check => ({ caller: 'the unscoped Master key', key: () => t.masterKey, target: 'own', expect })

type JwtCaller = keyof MatrixEnv['jwt']
const jwtCheck = (who: JwtCaller, why: string, expect: Outcome): Check => ({
  caller: `JWT ${who === 'outsider' ? "site B's Owner" : who === 'root' ? 'system admin' : who === 'nobody' ? 'user without memberships' : `${who} of site A`} (${why})`,
  key: () => undefined,
  token: () => env.jwt[who].token,
  target: 'own',
  expect,
})
/** The least role meeting a requirement written as a role or a level (spec role table; Master: system admins only). */
const MIN_ROLE: Record<Requirement, JwtCaller> = {
  Read: 'Viewer',
  Viewer: 'Viewer',
  Write: 'Author',
  Author: 'Author',
  Editor: 'Editor',
  Reviewer: 'Reviewer',
  Admin: 'Admin',
  Owner: 'Owner',
  Master: 'root',
}
/** The role just below in the spec's role table (Owner > Admin > Reviewer > Editor > Author > Viewer). */
const ROLE_BELOW: Partial<Record<JwtCaller, JwtCaller>> = {
  Author: 'Viewer',
  Editor: 'Author',
  Reviewer: 'Editor',
  Admin: 'Reviewer',
  Owner: 'Admin',
  root: 'Owner',
}

/**
 * Identity-provider callers for a declared access (run before the API-key caller that meets the level, so a
 * destructive route's throwaway is left to that one): the least role meeting the requirement gets through, the role
 * just below gets 403, site B's Owner 404; system admins get through everywhere.
 */
function jwtChecksFor(access: Access, destructive: boolean): Check[] {
  const allow = (c: Check) => (destructive ? [] : [c])
  switch (access.kind) {
    case 'public':
      return []
    case 'any':
      return allow(jwtCheck('Viewer', 'any authenticated caller', 'allowed'))
    case 'jwtOnly':
      return destructive
        ? [
            {
              ...jwtCheck('nobody', 'identity-provider users only', 'allowed'),
              caller: 'JWT throwaway user (identity-provider users only)',
              token: () => idp.token(`matrix-throwaway-${uid()}`),
            },
          ]
        : [jwtCheck('Viewer', 'identity-provider users only', 'allowed')]
    case 'level': {
      const min = MIN_ROLE[access.need]
      const lower = ROLE_BELOW[min]
      return [
        ...(lower ? [jwtCheck(lower, `one below ${access.need}`, FORBIDDEN)] : []),
        jwtCheck('nobody', 'no role anywhere', FORBIDDEN),
        ...allow(jwtCheck(min, `least role for ${access.need}`, 'allowed')),
      ]
    }
    case 'unscoped':
      return access.jwt === 'any'
        ? allow(jwtCheck('nobody', 'any identity-provider user', 'allowed'))
        : [jwtCheck('Owner', 'system admins only', FORBIDDEN), ...allow(jwtCheck('root', 'system admin', 'allowed'))]
    case 'site':
    case 'record':
    case 'bodySites': {
      const min = MIN_ROLE[access.need]
      const lower = ROLE_BELOW[min]
      return [
        jwtCheck('outsider', 'another site', NOT_FOUND),
        ...(lower ? [jwtCheck(lower, `one below ${access.need}`, FORBIDDEN)] : []),
        ...allow(jwtCheck(min, `least role for ${access.need}`, 'allowed')),
        ...(min === 'root' ? [] : allow(jwtCheck('root', 'system admin', 'allowed'))),
      ]
    }
    default:
      return []
  }
}

/** API-key checks with the identity-provider checks placed before the (last) caller that meets the level. */
function allChecksFor(access: Access | undefined, destructive: boolean): Check[] | string {
  const base = checksFor(access)
  if (typeof base === 'string' || !access) return base
  const jwt = jwtChecksFor(access, destructive)
  const last = base.at(-1)
  return last && last.expect === 'allowed' ? [...base.slice(0, -1), ...jwt, last] : [...base, ...jwt]
}

/** The checks a declared access implies (see the header); a string when the matrix does not know the kind. */
function checksFor(access: Access | undefined): Check[] | string {
  if (!access) return 'declares no config.access'
  switch (access.kind) {
    case 'public':
      return [{ ...anonymous, expect: 'not401' }]
    case 'jwtOnly':
      return [
        anonymous,
        siteKey('Master', 'API keys are refused', FORBIDDEN),
        { ...unscopedMaster(FORBIDDEN), caller: 'the unscoped Master key (API keys are refused)' },
      ]
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
          ? [
              need === 'Read'
                ? siteBKey('Read', 'reads through a carrying site', 'allowed', 'shared')
                : siteBKey('Master', 'writes through a carrying site', FORBIDDEN, 'shared'),
            ]
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
    const destructive = method === 'DELETE' || (method !== 'GET' && DESTRUCTIVE_ACTION.test(r.url))
    const checks = allChecksFor(access, destructive)
    const key = `${method} ${r.url}`
    const unsupported = /[(]/.test(r.url) ? `URL ${r.url}: regex path parameters are not supported by the matrix` : undefined
    return {
      key,
      method,
      url: r.url,
      access,
      label: `${key} (${describeAccess(access)})`,
      destructive,
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
  const a = await makeSite(t)
  const b = await makeSite(t)
  const jwt = {} as MatrixEnv['jwt']
  for (const role of ['Viewer', 'Author', 'Editor', 'Reviewer', 'Admin', 'Owner'] as const) jwt[role] = await jwtUser(t, idp, { siteId: a.id, role })
  jwt.outsider = await jwtUser(t, idp, { siteId: b.id, role: 'Owner' })
  jwt.root = await jwtUser(t, idp, undefined, 'matrix-root')
  jwt.nobody = await jwtUser(t, idp)
  env = { t, a, b, jwt }
  fx = await setupFixtures(env)
})

// ---- resolving a route against the fixtures ----

const routeFixture = (row: Row): RouteFixture => fx.routes[row.key] ?? {}

function missingParamMessage(row: Row, name: string, target: Target): string {
  const entity = accessEntity(row.access)
  const where =
    accessParam(row.access) === name
      ? `${target === 'shared' ? 'shared' : 'records'}["${entity}"] (the route's access entity)`
      : `params["${name}"], or routes["${row.key}"].params`
  return `${row.key}: no matrix fixture supplies path parameter :${name}. Add ${where} to the module's file in test/contract/matrix/ (${matrixModules.map((m) => m.name).join(', ')}).`
}

function urlFor(row: Row, target: Target): string {
  const url = fillUrl(fx, row, { target })
  if (url === undefined)
    throw new Error(
      missingParams(fx, row, target)
        .map((name) => missingParamMessage(row, name, target))
        .join('\n'),
    )
  return url
}

/** Everything wrong with a route's fixtures, as messages (empty: the matrix can check it). */
function fixtureProblems(row: Row): string[] {
  if (row.problem) return [row.problem]
  const problems: string[] = []
  for (const target of new Set(row.checks.map((c) => c.target))) {
    for (const name of missingParams(fx, row, target)) problems.push(missingParamMessage(row, name, target))
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
  const token = check.token ? await check.token() : undefined
  const res = await t.app.inject({
    method: row.method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : key ? { 'x-api-key': key } : {},
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
    if (check.token && home !== env.a) {
      // Identity-provider callers are members of site A only; a route with its own site is covered by its keys.
      performed++
      log.push(`${row.key.padEnd(64)} ${check.caller.padEnd(64)} skipped (the route's own site)`)
      continue
    }
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
