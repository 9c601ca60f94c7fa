import type { AppPlugin } from '../../app.js'
import { level, record } from '../../http/access.js'
import { optionalBody } from '../../http/body.js'
import { Paginated } from '../../http/pagination.js'
import { Body, IdParams, NoContent } from '../../http/schemas.js'
import { ApiKey, BlockBody, CreateApiKeyBody, CreatedApiKey, ListApiKeysQuery, UpdateApiKeyBody, UsagePage, UsageQuery } from './schemas.js'
import * as keys from './service.js'

const tags = ['API keys']

export const apiKeyRoutes: AppPlugin = async (app) => {
  app.get(
    '/api-keys',
    { config: { access: level('Admin') }, schema: { tags, querystring: ListApiKeysQuery, response: { 200: Paginated(ApiKey) } } },
    (req) => keys.list(req.ctx, req.query),
  )

  app.get(
    '/api-keys/:id',
    { config: { access: record('api_key', 'Admin') }, schema: { tags, params: IdParams, response: { 200: ApiKey } } },
    (req) => keys.get(req.ctx, req.params.id),
  )

  app.post(
    '/api-keys',
    {
      config: { access: level('Admin') },
      schema: { tags, description: 'The plaintext `key` is returned here only.', body: CreateApiKeyBody, response: { 200: CreatedApiKey } },
    },
    (req) => keys.create(req.ctx, req.body),
  )

  app.put(
    '/api-keys/:id',
    { config: { access: record('api_key', 'Admin') }, schema: { tags, params: IdParams, body: UpdateApiKeyBody, response: { 200: ApiKey } } },
    (req) => keys.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/api-keys/:id',
    { config: { access: record('api_key', 'Admin') }, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await keys.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api-keys/:id/block',
    {
      config: { access: record('api_key', 'Admin') },
      preValidation: optionalBody,
      schema: { tags, params: IdParams, body: BlockBody, response: { 200: ApiKey } },
    },
    (req) => keys.block(req.ctx, req.params.id, req.body),
  )

  app.post(
    '/api-keys/:id/unblock',
    { config: { access: record('api_key', 'Admin') }, preValidation: optionalBody, schema: { tags, params: IdParams, body: Body({}), response: { 200: ApiKey } } },
    (req) => keys.unblock(req.ctx, req.params.id),
  )

  app.post(
    '/api-keys/:id/revoke',
    { config: { access: record('api_key', 'Admin') }, preValidation: optionalBody, schema: { tags, params: IdParams, body: Body({}), response: { 200: ApiKey } } },
    (req) => keys.revoke(req.ctx, req.params.id),
  )

  app.get(
    '/api-keys/:id/usage',
    { config: { access: record('api_key', 'Admin') }, schema: { tags, params: IdParams, querystring: UsageQuery, response: { 200: UsagePage } } },
    (req) => keys.usage(req.ctx, req.params.id, req.query),
  )
}
