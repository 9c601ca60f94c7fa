import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { level, record } from '../../http/access.js'
import { optionalBody } from '../../http/body.js'
import { Paginated } from '../../http/pagination.js'
import { Body, IdParams, NoContent } from '../../http/schemas.js'
import {
  ApiKey,
  BlockBody,
  CreateApiKeyBody,
  CreatedApiKey,
  ListApiKeysQuery,
  UpdateApiKeyBody,
  UsageDailyQuery,
  UsageDays,
  UsagePage,
  UsageQuery,
} from './schemas.js'
import * as keys from './service.js'
import * as usage from './usage.service.js'

const route = operations('API keys', {
  listApiKeys: [
    'List API keys',
    'Keys within your scope (a site-scoped key sees its own site only), newest first. `status=Expired` includes Active keys past `expires_at`.',
  ],
  getApiKey: 'Get an API key',
  createApiKey: [
    'Create an API key',
    "The plaintext `key` (`atr_` + 43 base64url characters) is returned here only. `site_id` defaults to the calling key's site. " +
      'Caps: a Master key grants up to Master, an Admin key up to Write (403 above). Only Master and Admin keys may be unscoped (400), ' +
      'and only an unscoped Master key or a system admin may create one (403).',
  ],
  updateApiKey: ['Update an API key', 'Name, description, rate limit and expiry; permission and site are fixed. An Expired key cannot be extended (409).'],
  deleteApiKey: 'Delete an API key',
  blockApiKey: ['Block an API key', 'Active → Blocked; the key stops authenticating at once. Other states: 409 INVALID_STATE.'],
  unblockApiKey: ['Unblock an API key', 'Blocked → Active. Other states: 409 INVALID_STATE.'],
  revokeApiKey: ['Revoke an API key', 'Active, Blocked or Expired → Revoked, permanently (a Revoked key: 409 INVALID_STATE).'],
  listApiKeyUsage: [
    'Usage records of an API key',
    'One record per authenticated request with the key (method, path, status code, salted IP hash, time), newest first; `limit` at most 500.',
  ],
  listApiKeyUsageDaily: [
    'Requests of an API key per day',
    'Requests made with the key per UTC day over the last `days` days (default 30, at most 400), today included, oldest first, one entry per day ' +
      '(days without requests are zeros), by status class. Days are kept 400 days (the records themselves ATRIUM_USAGE_RETENTION_DAYS); ' +
      'requests made just now are counted at once.',
  ],
})

export const apiKeyRoutes: AppPlugin = async (app) => {
  app.get('/api-keys', route('listApiKeys', { access: level('Admin'), querystring: ListApiKeysQuery, response: { 200: Paginated(ApiKey) } }), (req) =>
    keys.list(req.ctx, req.query),
  )

  app.get('/api-keys/:id', route('getApiKey', { access: record(keys.apiKeyEntity, 'Admin'), params: IdParams, response: { 200: ApiKey } }), (req) =>
    keys.get(req.ctx, req.params.id),
  )

  app.post('/api-keys', route('createApiKey', { access: level('Admin'), secret: true, body: CreateApiKeyBody, response: { 200: CreatedApiKey } }), (req) =>
    keys.create(req.ctx, req.body),
  )

  app.put(
    '/api-keys/:id',
    route('updateApiKey', { access: record(keys.apiKeyEntity, 'Admin'), params: IdParams, body: UpdateApiKeyBody, response: { 200: ApiKey } }),
    (req) => keys.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/api-keys/:id',
    route('deleteApiKey', { access: record(keys.apiKeyEntity, 'Admin'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await keys.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api-keys/:id/block',
    route('blockApiKey', {
      access: record(keys.apiKeyEntity, 'Admin'),
      params: IdParams,
      body: BlockBody,
      response: { 200: ApiKey },
      preValidation: optionalBody,
    }),
    (req) => keys.block(req.ctx, req.params.id, req.body),
  )

  app.post(
    '/api-keys/:id/unblock',
    route('unblockApiKey', {
      access: record(keys.apiKeyEntity, 'Admin'),
      params: IdParams,
      body: Body({}),
      response: { 200: ApiKey },
      preValidation: optionalBody,
    }),
    (req) => keys.unblock(req.ctx, req.params.id),
  )

  app.post(
    '/api-keys/:id/revoke',
    route('revokeApiKey', {
      access: record(keys.apiKeyEntity, 'Admin'),
      params: IdParams,
      body: Body({}),
      response: { 200: ApiKey },
      preValidation: optionalBody,
    }),
    (req) => keys.revoke(req.ctx, req.params.id),
  )

  app.get(
    '/api-keys/:id/usage',
    route('listApiKeyUsage', { access: record(keys.apiKeyEntity, 'Admin'), params: IdParams, querystring: UsageQuery, response: { 200: UsagePage } }),
    (req) => keys.usage(req.ctx, req.params.id, req.query),
  )

  app.get(
    '/api-keys/:id/usage/daily',
    route('listApiKeyUsageDaily', { access: record(keys.apiKeyEntity, 'Admin'), params: IdParams, querystring: UsageDailyQuery, response: { 200: UsageDays } }),
    (req) => usage.usageDaily(req.ctx, req.params.id, req.query.days),
  )
}
