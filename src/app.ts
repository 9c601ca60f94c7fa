import { randomUUID } from 'node:crypto'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify from 'fastify'
import type { Config } from './config.js'
import type { Deps } from './core/context.js'
import type { DbHandle } from './db/client.js'
import type { App } from './http/app-types.js'
import { registerAdmin } from './http/admin.js'
import { previewUrls } from './modules/sites/service.js'
import { accessOf, enforceAccess, enforceBodyAccess, registerAccessGuard } from './http/access.js'
import { registerAuth } from './http/auth.js'
import { registerEditConflicts } from './http/etag.js'
import { connectionOptions } from './http/client-errors.js'
import { registerJsonParser } from './http/json-body.js'
import { registerMediaRefs } from './http/media-refs.js'
import { ApiError, renderError } from './http/errors.js'
import { AccessLogController, lazyChildLogger, loggerOptions } from './http/logging.js'
import { requestObserver } from './http/metrics.js'
import { swaggerOptions, swaggerUiOptions } from './http/openapi.js'
import { Problem } from './http/schemas.js'
import { DOCS_CSP, registerSecurity } from './http/security.js'
import { validatorCompiler } from './http/validation.js'
import { registerEntities, registerReverts } from './core/entities.js'
import { registerContentKinds } from './core/content-kinds.js'
import { contentKinds, entities, modules, reverts } from './modules/index.js'
import { pageviewBuffer } from './modules/analytics/ingest.service.js'
import { queueStats } from './modules/webhooks/delivery.service.js'
import { openCache, type Cache } from './platform/cache/index.js'
import { systemClock, type Clock } from './platform/clock.js'
import { KeyStore } from './platform/key-store.js'
import { noMetrics, type Metrics } from './platform/metrics.js'
import { SiteCache } from './platform/site-cache.js'
import { openStorage, type Storage } from './platform/storage/index.js'
import { usageRecorderFor } from './platform/usage.js'
import { UserStore } from './platform/users.js'
import { Secrets } from './platform/secrets.js'
import type { HostLookup } from './platform/webhook-target.js'

/** Tests and the CLI name the app's type from here. */
export type { App, AppPlugin } from './http/app-types.js'

export const API_PREFIX = '/api/v1'
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export interface BuildOptions {
  dbh: DbHandle
  cache?: Cache
  clock?: Clock
  /** File storage (default: the configured one, openStorage). */
  storage?: Storage
  logger?: boolean | object
  /** DNS lookup for outbound AI provider targets (tests map test host names to 127.0.0.1). */
  lookup?: HostLookup
  /** Serve through a port bound before the database was opened (http/listen.ts); the app then never calls listen. */
  serverFactory?: (handler: import('node:http').RequestListener) => import('node:http').Server
  /** Prometheus metrics (serve: startMetrics); default: off. */
  metrics?: Metrics
  /** The built admin served at /admin/ (default: the repository's admin/dist). */
  adminDir?: string
}

/** The Fastify instance with every module registered; no listen (tests use app.inject). */
/** A valid incoming X-Request-Id is echoed; otherwise a new one. */
function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

export async function buildApp(config: Config, opts: BuildOptions): Promise<App> {
  const metrics = opts.metrics ?? noMetrics
  const app = Fastify({
    // Never a key, token or secret in a log line, whatever the caller passes (tests add a capturing stream).
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, typeof opts.logger === 'object' ? opts.logger : undefined),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A request's logger becomes a pino child only when it writes a line (http/logging.ts).
    childLoggerFactory: lazyChildLogger,
    // One access line per request instead of two (http/logging.ts), and the request's metrics.
    logController: new AccessLogController(requestObserver(metrics)),
    requestIdHeader: false,
    genReqId: requestIdOf,
    ajv: { customOptions: {} },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A malformed URL or an over-long parameter is answered before routing: still a problem+json with a request id.
    frameworkErrors: (err, req, reply) => void renderError(err, req, reply),
    // Timeouts, and problem+json for what the HTTP parser refuses or a request that stalls (408).
    ...connectionOptions(config),
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>()

  const storage = opts.storage ?? (await openStorage(config))
  const cache = opts.cache ?? openCache(config.redisUrl, config.redisPrefix)
  const clock = opts.clock ?? systemClock
  const keys = new KeyStore(opts.dbh.db, cache, config.keyCacheTtlMs)
  await keys.start()
  const siteCache = new SiteCache(opts.dbh.db, cache, config.keyCacheTtlMs)
  await siteCache.start()
  const usage = usageRecorderFor(opts.dbh, app.log, config.usageFlushMs)
  usage.start()
  const users = new UserStore(opts.dbh.db, config, clock, (err) => app.log.warn({ err }, 'identity provider key set unavailable'))
  const secrets = new Secrets(config.encryptionKey, config.dataDir)
  const deps: Deps = {
    config,
    dbh: opts.dbh,
    cache,
    clock,
    keys,
    sites: siteCache,
    usage,
    users,
    storage,
    secrets,
    log: app.log,
    metrics,
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
  }
  app.decorate('deps', deps)
  watchApp(deps)

  app.setValidatorCompiler(validatorCompiler)
  // JSON is the only body format at the root: text/plain and everything else answer 415 (uploads add their own parser).
  app.removeContentTypeParser('text/plain')
  // UTF-8 only, and no body nested deeper than MAX_JSON_DEPTH reaches validation or a handler (http/json-body.ts).
  registerJsonParser(app)
  app.setErrorHandler((err, req, reply) => renderError(err, req, reply))
  app.setNotFoundHandler((req, reply) =>
    renderError(new ApiError(404, 'NOT_FOUND', 'Not found', `No route for ${req.method} ${req.url.split('?')[0]}`), req, reply),
  )
  app.addSchema(Problem)
  registerSecurity(app, config)

  await app.register(swagger, swaggerOptions(config.version))
  await app.register(swaggerUi, { ...swaggerUiOptions, staticCSP: DOCS_CSP })

  registerEntities(entities)
  registerReverts(reverts)
  registerContentKinds(contentKinds)
  registerAccessGuard(app, API_PREFIX)
  registerAuth(app, deps)
  registerEditConflicts(app)
  // Access is decided before the body is even parsed: a caller who may not write gets 401/403, not a parse error.
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise and its
  // bookkeeping each time even where there is nothing to wait for.
  app.addHook('preParsing', (req, _reply, payload, done) => {
    let pending: Promise<void> | undefined
    try {
      pending = enforceAccess(req)
    } catch (err) {
      done(err as Error)
      return
    }
    if (pending) pending.then(() => done(null, payload), done)
    else done(null, payload)
  })
  // Sites named in the body can only be checked once the body is parsed and valid.
  app.addHook('preHandler', (req, _reply, done) => {
    if (accessOf(req)?.kind !== 'bodySites') {
      done()
      return
    }
    enforceBodyAccess(req).then(() => done(), done)
  })
  // Media a body names must be usable by the record's owning site: checked on the routes that name any (http/media-refs.ts).
  registerMediaRefs(app)

  registerAdmin(app, config, opts.adminDir, () => previewUrls(deps))

  await app.register(
    async (api) => {
      for (const mod of modules) await api.register(mod)
    },
    { prefix: API_PREFIX },
  )

  app.addHook('onClose', async () => {
    await usage.stop()
    if (!opts.cache) await cache.close()
    if (!opts.storage) storage.close?.()
  })
  return app
}

/** Points the scrape-time gauges at this app's database, webhook queue, pageview buffer and scheduler. */
function watchApp(deps: Deps): void {
  const { metrics, dbh } = deps
  if (!metrics.enabled) return
  const replicas = dbh.replicas
  dbh.observeStatements((ms, target) => metrics.statement(ms, target))
  metrics.watch({
    pool: () => dbh.poolStats?.() ?? (dbh.kind === 'pglite' ? { total: 1, idle: 1, waiting: 0 } : undefined),
    webhookQueue: () => queueStats(deps),
    pageviewBuffer: () => pageviewBuffer(deps).pending,
    schedulerIntervalMs: deps.config.schedulerIntervalMs,
    ...(replicas ? { missReads: () => replicas.reads() } : {}),
  })
}
