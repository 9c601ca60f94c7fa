import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Deps } from '../core/context.js'

/** The Fastify instance every module registers on (built by app.ts). */
export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>
/** A module's routes: app.ts registers each under the API prefix. */
export type AppPlugin = FastifyPluginAsync<Record<never, never>, import('node:http').Server, TypeBoxTypeProvider>
/** The instance an AppPlugin is handed (what route helpers take). */
export type Api = Parameters<AppPlugin>[0]

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps
  }
}
