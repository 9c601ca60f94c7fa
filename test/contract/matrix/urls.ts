import type { Access } from '../../../src/http/access.js'
import type { Fixtures } from './index.js'

/*
 * Filling a route's path from the access matrix's fixtures, one way for every generated contract test (the access
 * matrix, edit conflicts, the fuzzer): a route's own fixture params win, then the record of the route's access entity
 * (site A's, or the one site A shares with site B), then the params every module supplies by name.
 */

/** A route as the contract tests name it: `METHOD /api/v1/...` as the route table spells it, its URL and its access. */
export interface RouteRef {
  key: string
  url: string
  access: Access | undefined
}

/** Whose record the access parameter names: site A's own, or the one site A owns and site B carries. */
export type Target = 'own' | 'shared'

/** The entity whose record the access parameter names (`site` for site() access). */
export const accessEntity = (access: Access | undefined): string | undefined =>
  access?.kind === 'site' ? 'site' : access?.kind === 'record' ? access.entity.name : undefined

/** The path parameter access reads (site() and record() access). */
export const accessParam = (access: Access | undefined): string | undefined => (access?.kind === 'site' || access?.kind === 'record' ? access.param : undefined)

/** Path parameters by name; a trailing wildcard is the parameter `*` (its fixture value may span several segments). */
export const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*')

/** The fixture value of one path parameter of a route; undefined when no fixture supplies it. */
export function paramValue(fx: Fixtures, route: RouteRef, name: string, target: Target = 'own'): string | undefined {
  const entity = accessEntity(route.access)
  const isAccessParam = accessParam(route.access) === name
  if (target === 'shared' && isAccessParam) return entity === undefined ? undefined : fx.shared[entity]
  return fx.routes[route.key]?.params?.[name] ?? (isAccessParam && entity !== undefined ? fx.records[entity] : undefined) ?? fx.params[name]
}

/** Path parameters of a route that no fixture supplies. */
export const missingParams = (fx: Fixtures, route: RouteRef, target: Target = 'own'): string[] =>
  paramsOf(route.url).filter((n) => paramValue(fx, route, n, target) === undefined)

export interface FillOptions {
  target?: Target
  /** One parameter sent as given, not encoded (a fuzzer's broken value such as `%zz`). */
  override?: { name: string; value: string }
}

/** The route's URL with every path parameter filled (values percent-encoded, a wildcard per segment); undefined when one has no fixture. */
export function fillUrl(fx: Fixtures, route: RouteRef, opts: FillOptions = {}): string | undefined {
  let missing = false
  const url = route.url.replace(/:([A-Za-z0-9_]+)|\*$/g, (_m, name: string | undefined) => {
    const n = name ?? '*'
    if (opts.override?.name === n) return opts.override.value
    const value = paramValue(fx, route, n, opts.target)
    if (value === undefined) {
      missing = true
      return ''
    }
    return name === undefined ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)
  })
  return missing ? undefined : url
}
