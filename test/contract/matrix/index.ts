import { apiKeysMatrix } from './api-keys.js'
import { auditMatrix } from './audit.js'
import { blogsMatrix } from './blogs.js'
import { navigationMatrix } from './navigation.js'
import { pagesMatrix } from './pages.js'
import { documentsMatrix } from './documents.js'
import { redirectsMatrix } from './redirects.js'
import { sitesMatrix } from './sites.js'
import { skillsMatrix } from './skills.js'
import { socialMatrix } from './social.js'
import { taxonomyMatrix } from './taxonomy.js'
import { legalMatrix } from './legal.js'
import { contentTemplatesMatrix } from './content-templates.js'
import { webhooksMatrix } from './webhooks.js'
import { membersMatrix } from './members.js'
import type { MatrixEnv, MatrixModule, ModuleFixture } from './types.js'
import { mediaMatrix } from './media.js'
import { analyticsMatrix } from './analytics.js'
import { aiMatrix } from './ai.js'
import { previewsMatrix } from './previews.js'

export type { MatrixEnv, MatrixModule, ModuleFixture, RouteFixture } from './types.js'

/** Every module's fixtures, in setup order (taxonomy assigns to the blogs module's content item). */
export const matrixModules: MatrixModule[] = [
  sitesMatrix,
  apiKeysMatrix,
  blogsMatrix,
  taxonomyMatrix,
  socialMatrix,
  redirectsMatrix,
  skillsMatrix,
  pagesMatrix,
  navigationMatrix,
  documentsMatrix,
  legalMatrix,
  contentTemplatesMatrix,
  auditMatrix,
  webhooksMatrix,
  mediaMatrix,
  membersMatrix,
  analyticsMatrix,
  aiMatrix,
  previewsMatrix,
]

/** Entities with a shared (owned by A, carried by B) fixture record. */
export const sharedEntities = new Set(matrixModules.flatMap((m) => m.shares ?? []))

export type Fixtures = Required<ModuleFixture>

/** Runs every module's setup in order and merges what they supply; two modules supplying the same name is an error. */
export async function setupFixtures(env: MatrixEnv): Promise<Fixtures> {
  const all: Fixtures = { records: {}, shared: {}, params: {}, routes: {} }
  for (const m of matrixModules) {
    const got = await m.setup(env, all)
    for (const part of ['records', 'shared', 'params', 'routes'] as const) {
      const into = all[part] as Record<string, unknown>
      for (const [name, value] of Object.entries(got[part] ?? {})) {
        if (name in into) throw new Error(`matrix fixtures: ${part}.${name} is supplied twice (again by module ${m.name})`)
        into[name] = value
      }
    }
    for (const entity of m.shares ?? []) {
      if (!got.shared?.[entity]) throw new Error(`matrix fixtures: module ${m.name} declares shares "${entity}" but its setup supplied no shared.${entity}`)
    }
  }
  return all
}
