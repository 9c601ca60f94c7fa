import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { publicAccess } from '../../http/access.js'
import { Health, Liveness, PublicConfig, Readiness } from './schemas.js'
import * as system from './service.js'

const route = operations('System', {
  getVersion: 'Service version (plain text)',
  getHealth: 'Health of the service and its backing services',
  getLiveness: 'Liveness probe: 200 while the process serves (no dependency is checked)',
  getReadiness: 'Readiness probe: 200 when the database answers and every migration is applied, else 503',
  getPublicConfig: 'Public configuration for client applications',
  getOpenApiDocument: 'This OpenAPI document',
})

export const systemRoutes: AppPlugin = async (app) => {
  app.get(
    '/',
    route('getVersion', { access: publicAccess, produces: ['text/plain'], response: { 200: Type.String({ description: 'The version, as text/plain' }) } }),
    async (_req, reply) => reply.type('text/plain; charset=utf-8').send(app.deps.config.version),
  )

  app.get('/health', route('getHealth', { access: publicAccess, response: { 200: Health, 503: Health } }), async (_req, reply) => {
    const h = await system.health(app.deps)
    return reply.code(h.status === 'unhealthy' ? 503 : 200).send(h)
  })

  // Probes for orchestrators: no credentials, no rate limit (a probe must never be refused for being frequent).
  app.get('/health/live', route('getLiveness', { access: publicAccess, rateLimit: false, response: { 200: Liveness } }), async () => ({
    status: 'ok' as const,
  }))

  app.get(
    '/health/ready',
    route('getReadiness', { access: publicAccess, rateLimit: false, response: { 200: Readiness, 503: Readiness } }),
    async (_req, reply) => {
      const r = await system.readiness(app.deps)
      return reply.code(r.status === 'ready' ? 200 : 503).send(r)
    },
  )

  app.get('/config', route('getPublicConfig', { access: publicAccess, response: { 200: PublicConfig } }), async () => system.publicConfig(app.deps))

  app.get('/openapi.json', route('getOpenApiDocument', { access: publicAccess, hide: true, response: { 200: Type.Unknown() } }), async () => app.swagger())
}
