import type { RouteOptions } from 'fastify'
import type { AppPlugin } from '../../src/app.js'
import { modules } from '../../src/modules/index.js'
import { testApp, type TestApp, type TestAppOptions } from './app.js'

export interface CollectedRoutes {
  t: TestApp
  /** Every route the app registered. */
  all: RouteOptions[]
  /** Routes under /api/v1, HEAD excluded. */
  api: RouteOptions[]
  close(): Promise<void>
}

/** A non-encapsulated plugin (skip-override) placed first among the modules: its onRoute hook sees every module's route. */
function collector(into: RouteOptions[]): AppPlugin {
  const plugin: AppPlugin = (app) => {
    app.addHook('onRoute', (route) => {
      into.push(route)
    })
    return Promise.resolve()
  }
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return plugin
}

/** Builds a test app and collects its routes as Fastify declared them (the route table the contract tests read). */
export async function collectRoutes(opts: TestAppOptions = {}): Promise<CollectedRoutes> {
  const all: RouteOptions[] = []
  const spy = collector(all)
  modules.unshift(spy)
  let t: TestApp
  try {
    t = await testApp(opts)
  } finally {
    modules.splice(modules.indexOf(spy), 1)
  }
  const api = all.filter(
    (r) => r.url.startsWith('/api/v1') && !(r.method === 'HEAD' || (Array.isArray(r.method) && r.method.length === 1 && r.method[0] === 'HEAD')),
  )
  return { t, all, api, close: () => t.close() }
}
