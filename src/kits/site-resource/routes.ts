import { Type } from 'typebox'
import type { Api } from '../../http/app-types.js'
import { jsonCache } from '../../core/read-cache.js'
import type { SiteResource } from './rules.js'
import type { SiteOwnedTable } from '../../core/scopes.js'
import { bodySites, record, site } from '../../http/access.js'
import { Paginated, type PageQuery } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, ReorderBody, SiteParams, op } from '../../http/schemas.js'

const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** A cache key of a validated list query: its parameters in name order (page, per_page and the filters). */
const queryKey = (query: Record<string, unknown>) =>
  Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(String(query[k]))}`)
    .join('&')

/** What every generated route of one resource shares. */
function naming<T extends SiteOwnedTable, W>(r: SiteResource<T, W>) {
  const s = r.spec.routes
  const one = (s.schemas.item as { $id?: string }).$id ?? r.spec.entity.name
  return {
    s,
    one,
    many: s.plural ?? `${one}s`,
    need: s.need ?? { read: 'Read', write: 'Author' },
    tags: [s.tag],
    doc: (o: keyof NonNullable<typeof s.docs>) => (s.docs?.[o] ? { description: s.docs[o] } : {}),
  }
}

/** GET /sites/{site_id}/<path> (paginated or whole) and POST /sites/{site_id}/<path>/reorder. */
function siteListRoutes<T extends SiteOwnedTable, W>(app: Api, r: SiteResource<T, W>): void {
  const { s, many, need, tags, doc } = naming(r)
  const whole = s.list === 'all'
  const listSchema = whole ? Type.Array(s.schemas.item) : Paginated(s.schemas.item)
  const listCache = s.cacheList ? jsonCache(`${r.spec.entity.name}-list`, listSchema) : undefined
  app.get(
    `/sites/:site_id/${s.path}`,
    {
      config: { access: site(need.read) },
      schema: {
        ...op(`listSite${many}`, `List the ${words(many)} of a site`),
        tags,
        ...doc('list'),
        params: SiteParams,
        querystring: s.schemas.listQuery,
        response: { 200: listSchema },
      },
    },
    async (req, reply) => {
      const siteId = req.params.site_id
      const query = req.query as PageQuery & Record<string, unknown>
      const load = () => (whole ? r.listAll(req.ctx, siteId, query) : r.list(req.ctx, siteId, query))
      if (!listCache) return load()
      return sendRaw(reply, await listCache.get(req.ctx, siteId, queryKey(query), async () => ({ value: await load(), until: null })))
    },
  )
  if (!s.reorder) return
  app.post(
    `/sites/:site_id/${s.path}/reorder`,
    {
      config: { access: site(need.write) },
      schema: {
        ...op(`reorderSite${many}`, `Reorder the ${words(many)} of a site`),
        tags,
        description: doc('reorder').description ?? 'Sets display_order of the named items: each named once, all of this site; a mistake changes nothing (400).',
        params: SiteParams,
        body: ReorderBody,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await r.reorder(req.ctx, req.params.site_id, req.body.items)
      return reply.code(204).send(null)
    },
  )
}

/** POST /<path> with `site_id` in the body, or POST /sites/{site_id}/<path>. */
function createRoute<T extends SiteOwnedTable, W>(app: Api, r: SiteResource<T, W>): void {
  const { s, one, need, tags, doc } = naming(r)
  const schema = { ...op(`create${one}`, `Create a ${words(one)}`), tags, ...doc('create'), body: s.schemas.create, response: { 201: s.schemas.item } }
  if (s.createIn === 'path') {
    app.post(`/sites/:site_id/${s.path}`, { config: { access: site(need.write) }, schema: { ...schema, params: SiteParams } }, async (req, reply) =>
      reply.code(201).send(await r.create(req.ctx, { ...(req.body as Record<string, unknown>), site_id: req.params.site_id })),
    )
    return
  }
  app.post(`/${s.path}`, { config: { access: bodySites('site_id', need.write) }, schema }, async (req, reply) =>
    reply.code(201).send(await r.create(req.ctx, req.body as { site_id: string })),
  )
}

/** GET, PUT and DELETE /<path>/{id}. */
function recordRoutes<T extends SiteOwnedTable, W>(app: Api, r: SiteResource<T, W>): void {
  const { s, one, need, tags, doc } = naming(r)
  const entity = r.spec.entity
  app.get(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, need.read) },
      schema: { ...op(`get${one}`, `Get a ${words(one)}`), tags, ...doc('get'), params: IdParams, response: { 200: s.schemas.item } },
    },
    (req) => r.get(req.ctx, req.params.id),
  )
  app.put(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, need.write) },
      schema: {
        ...op(`update${one}`, `Update a ${words(one)}`),
        tags,
        ...doc('update'),
        params: IdParams,
        body: s.schemas.update,
        response: { 200: s.schemas.item },
      },
    },
    (req) => r.update(req.ctx, req.params.id, req.body as Record<string, unknown>),
  )
  app.delete(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, need.delete ?? need.write) },
      schema: { ...op(`delete${one}`, `Delete a ${words(one)}`), tags, ...doc('delete'), params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await r.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

/** Ordinary Fastify route declarations for a site-owned resource: the start-up guard and contract tests see each one. */
export function resourceRoutes<T extends SiteOwnedTable, W>(app: Api, r: SiteResource<T, W>): void {
  siteListRoutes(app, r)
  createRoute(app, r)
  recordRoutes(app, r)
}
