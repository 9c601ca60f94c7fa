import type { TestApp } from '../../helpers/app.js'
import type { SiteFixture } from '../../helpers/factories.js'

/*
 * What a module hands the access matrix (test/contract/matrix.test.ts). The checks are generic and derived from
 * each route's `config.access`; a module only says which records to aim them at.
 */

export interface MatrixEnv {
  t: TestApp
  /** The site every check is about: fixtures live here. */
  a: SiteFixture
  /** Another site: its Master key must find nothing of site A (404). Shared fixtures are also carried by it. */
  b: SiteFixture
  /**
   * Identity-provider callers (bearer tokens): a member of site A per role, the Owner of site B (`outsider`), a system
   * admin (`root`) and a user without memberships (`nobody`).
   */
  jwt: Record<'Viewer' | 'Author' | 'Editor' | 'Reviewer' | 'Admin' | 'Owner' | 'outsider' | 'root' | 'nobody', { sub: string; userId: string; token: string }>
}

/** Per-route fixture, keyed `METHOD /api/v1/...` exactly as the route table spells the route. */
export interface RouteFixture {
  /** Path parameters for this route only; they win over `records` and `params`. */
  params?: Record<string, string>
  /**
   * A valid body. Required for bodySites routes (naming site A: site B's Master key must get 404, not 400);
   * without one, POST/PUT/PATCH send `{}` (a 400 still shows that access let the caller through).
   */
  body?: unknown
  /** The site whose keys play "site A" for this route (a throwaway site for DELETE /sites/:id). */
  home?: SiteFixture
  /**
   * Required for destructive routes (DELETE, POST …/revoke, /block, …): why its declared-level call breaks nothing
   * later, normally "a throwaway X" with `params` pointing at a record created for this route alone.
   */
  destructive?: string
}

export interface ModuleFixture {
  /** Access entity name (`access.entity.name`; `site` for site() access) → id of a live record of site A. */
  records?: Record<string, string>
  /** Entity name → id of a record owned by site A and carried by site B (shared content). */
  shared?: Record<string, string>
  /** Other path parameters by name (`tag_id`, `locale_id`, …). */
  params?: Record<string, string>
  routes?: Record<string, RouteFixture>
}

export interface MatrixModule {
  name: string
  /**
   * Entities this module supplies a shared record for (known before setup runs, so the matrix can plan and name
   * its checks): record() routes on them also get "site B reads through a carrying site / cannot write" checks.
   */
  shares?: readonly string[]
  /** Runs once in beforeAll, after the modules listed before it; `sofar` is what those supplied. */
  setup(env: MatrixEnv, sofar: Readonly<Required<ModuleFixture>>): Promise<ModuleFixture>
}
