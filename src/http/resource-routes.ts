import type { AppPlugin } from '../app.js'
import type { SiteResource } from '../core/site-resource.js'
import type { SiteOwnedTable } from '../core/scopes.js'
import type { PageQuery } from './pagination.js'
import { bodySites, record, site } from './access.js'
import { Paginated } from './pagination.js'
import { IdParams, NoContent, SiteParams } from './schemas.js'

export type Api = Parameters<AppPlugin>[0]
const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** Ordinary Fastify route declarations for a site-owned resource: the start-up guard and contract tests see each one. */
export function resourceRoutes<T extends SiteOwnedTable, W>(app: Api, r: SiteResource<T, W>): void {
  const s = r.spec.routes
  const one = (s.schemas.item as { $id?: string }).$id ?? r.spec.entity.name
  const many = s.plural ?? `${one}s`
  const need = s.need ?? { read: 'Read', write: 'Author' }
  const entity = r.spec.entity
  const doc = (op: keyof NonNullable<typeof s.docs>) => (s.docs?.[op] ? { description: s.docs[op] } : {})
  const tags = [s.tag]

  app.get(
    `/sites/:site_id/${s.path}`,
    {
      config: { access: site(need.read) },
      schema: {
        tags,
        operationId: `listSite${many}`,
        summary: `List the ${words(many)} of a site`,
        ...doc('list'),
        params: SiteParams,
        querystring: s.schemas.listQuery,
        response: { 200: Paginated(s.schemas.item) },
      },
    },
    (req) => r.list(req.ctx, req.params.site_id, req.query as PageQuery & Record<string, unknown>),
  )

  app.get(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, need.read) },
      schema: { tags, operationId: `get${one}`, summary: `Get a ${words(one)}`, ...doc('get'), params: IdParams, response: { 200: s.schemas.item } },
    },
    (req) => r.get(req.ctx, req.params.id),
  )

  app.post(
    `/${s.path}`,
    {
      config: { access: bodySites('site_id', need.write) },
      schema: { tags, operationId: `create${one}`, summary: `Create a ${words(one)}`, ...doc('create'), body: s.schemas.create, response: { 201: s.schemas.item } },
    },
    async (req, reply) => reply.code(201).send(await r.create(req.ctx, req.body as { site_id: string })),
  )

  app.put(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, need.write) },
      schema: {
        tags,
        operationId: `update${one}`,
        summary: `Update a ${words(one)}`,
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
      schema: { tags, operationId: `delete${one}`, summary: `Delete a ${words(one)}`, ...doc('delete'), params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await r.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}
