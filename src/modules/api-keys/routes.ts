import type { AppPlugin } from '../../http/app-types.js'
import { level, record } from '../../http/access.js'
import { optionalBody } from '../../http/body.js'
import { Paginated } from '../../http/pagination.js'
import { Body, IdParams, NoContent, op } from '../../http/schemas.js'
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

const tags = ['API keys']

/** What each operation does beyond its summary, written into the OpenAPI description. */
const docs = {
  list: 'Keys within your scope (a site-scoped key sees its own site only), newest first. `status=Expired` includes Active keys past `expires_at`.',
  create:
    "The plaintext `key` (`atr_` + 43 base64url characters) is returned here only. `site_id` defaults to the calling key's site. " +
    'Caps: a Master key grants up to Master, an Admin key up to Write (403 above). Only Master and Admin keys may be unscoped (400), ' +
    'and only an unscoped Master key or a system admin may create one (403).',
  update: 'Name, description, rate limit and expiry; permission and site are fixed. An Expired key cannot be extended (409).',
  block: 'Active → Blocked; the key stops authenticating at once. Other states: 409 INVALID_STATE.',
  unblock: 'Blocked → Active. Other states: 409 INVALID_STATE.',
  revoke: 'Active, Blocked or Expired → Revoked, permanently (a Revoked key: 409 INVALID_STATE).',
  daily:
    'Requests made with the key per UTC day over the last `days` days (default 30, at most 400), today included, oldest first, one entry per day ' +
    '(days without requests are zeros), by status class. Days are kept 400 days (the records themselves ATRIUM_USAGE_RETENTION_DAYS); ' +
    'requests made just now are counted at once.',
  usage: 'One record per authenticated request with the key (method, path, status code, salted IP hash, time), newest first; `limit` at most 500.',
}

export const apiKeyRoutes: AppPlugin = async (app) => {
  app.get(
    '/api-keys',
    {
      config: { access: level('Admin') },
      schema: { ...op('listApiKeys', 'List API keys'), tags, description: docs.list, querystring: ListApiKeysQuery, response: { 200: Paginated(ApiKey) } },
    },
    (req) => keys.list(req.ctx, req.query),
  )

  app.get(
    '/api-keys/:id',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      schema: { ...op('getApiKey', 'Get an API key'), tags, params: IdParams, response: { 200: ApiKey } },
    },
    (req) => keys.get(req.ctx, req.params.id),
  )

  app.post(
    '/api-keys',
    {
      config: { access: level('Admin'), secret: true },
      schema: { ...op('createApiKey', 'Create an API key'), tags, description: docs.create, body: CreateApiKeyBody, response: { 200: CreatedApiKey } },
    },
    (req) => keys.create(req.ctx, req.body),
  )

  app.put(
    '/api-keys/:id',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      schema: {
        ...op('updateApiKey', 'Update an API key'),
        tags,
        description: docs.update,
        params: IdParams,
        body: UpdateApiKeyBody,
        response: { 200: ApiKey },
      },
    },
    (req) => keys.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/api-keys/:id',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      schema: { ...op('deleteApiKey', 'Delete an API key'), tags, params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await keys.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api-keys/:id/block',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      preValidation: optionalBody,
      schema: { ...op('blockApiKey', 'Block an API key'), tags, description: docs.block, params: IdParams, body: BlockBody, response: { 200: ApiKey } },
    },
    (req) => keys.block(req.ctx, req.params.id, req.body),
  )

  app.post(
    '/api-keys/:id/unblock',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      preValidation: optionalBody,
      schema: { ...op('unblockApiKey', 'Unblock an API key'), tags, description: docs.unblock, params: IdParams, body: Body({}), response: { 200: ApiKey } },
    },
    (req) => keys.unblock(req.ctx, req.params.id),
  )

  app.post(
    '/api-keys/:id/revoke',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      preValidation: optionalBody,
      schema: { ...op('revokeApiKey', 'Revoke an API key'), tags, description: docs.revoke, params: IdParams, body: Body({}), response: { 200: ApiKey } },
    },
    (req) => keys.revoke(req.ctx, req.params.id),
  )

  app.get(
    '/api-keys/:id/usage',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      schema: {
        ...op('listApiKeyUsage', 'Usage records of an API key'),
        tags,
        description: docs.usage,
        params: IdParams,
        querystring: UsageQuery,
        response: { 200: UsagePage },
      },
    },
    (req) => keys.usage(req.ctx, req.params.id, req.query),
  )

  app.get(
    '/api-keys/:id/usage/daily',
    {
      config: { access: record(keys.apiKeyEntity, 'Admin') },
      schema: {
        ...op('listApiKeyUsageDaily', 'Requests of an API key per day'),
        tags,
        description: docs.daily,
        params: IdParams,
        querystring: UsageDailyQuery,
        response: { 200: UsageDays },
      },
    },
    (req) => usage.usageDaily(req.ctx, req.params.id, req.query.days),
  )
}
