import type { Api } from '../../http/app-types.js'
import { anyAuth, bodySites, record, site } from '../../http/access.js'
import { Paginated, type PageQuery } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, SiteParams, op } from '../../http/schemas.js'
import type { SharedResource, SharedRoutesSpec, SharedWire } from './rules.js'

/** A wire record as Fastify's reply type sees it (the response schema serialises it). */
type Json = Record<string, unknown>
const json = <W>(p: Promise<W>) => p as Promise<unknown> as Promise<Json>

/** The declaration's routes, or a start-up error naming the resource that has none. */
function routesOf<W extends SharedWire>(r: SharedResource<W>): SharedRoutesSpec {
  const s = r.spec.routes
  if (!s) throw new Error(`${r.spec.entity.name}: sharedResourceRoutes needs the declaration's routes`)
  return s
}

/**
 * The REST surface of a shared record (kits/shared-resource/rules.ts): the carrying site's list, by-slug when
 * declared, and the record routes. Reads need Read on a carrying site; writes need Author on every site of
 * site_ids (create) or on the owning site (update, delete). Ordinary Fastify declarations, so the start-up
 * guard and the contract tests see each one.
 */
export function sharedResourceRoutes<W extends SharedWire>(app: Api, r: SharedResource<W>): void {
  const s = routesOf(r)
  const { entity, item } = r.spec
  const one = (item as { $id?: string }).$id ?? entity.name
  const many = s.plural ?? `${one}s`
  const label = entity.label
  const labels = s.labelPlural ?? `${label}s`
  const tags = [s.tag]

  app.get(
    `/sites/:site_id/${s.path}`,
    {
      config: { access: site('Read') },
      schema: {
        ...op(`listSite${many}`, `List the ${labels} of a site`),
        tags,
        description: s.docs.list,
        params: SiteParams,
        querystring: s.schemas.listQuery,
        response: { 200: Paginated(item) },
      },
    },
    async (req, reply) => sendRaw(reply, await r.list(req.ctx, req.params.site_id, req.query as PageQuery & Record<string, unknown>)),
  )

  if (s.bySlug) {
    app.get(
      `/${s.path}/by-slug/:slug`,
      {
        config: { access: anyAuth },
        schema: {
          ...op(`get${one}BySlug`, `Get a ${label} by slug`),
          tags,
          description: s.bySlug.doc,
          params: s.bySlug.params,
          querystring: s.bySlug.query,
          response: { 200: item },
        },
      },
      async (req, reply) => {
        const { slug } = req.params as { slug: string }
        const out = await r.lookup(req.ctx, slug, (req.query as { site_id?: string }).site_id)
        return Buffer.isBuffer(out) ? sendRaw(reply, out) : (out as unknown as Json)
      },
    )
  }

  app.get(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, 'Read') },
      schema: { ...op(`get${one}`, `Get a ${label}`), tags, description: s.docs.get, params: IdParams, response: { 200: item } },
    },
    (req) => json(r.get(req.ctx, req.params.id)),
  )

  app.post(
    `/${s.path}`,
    {
      config: { access: bodySites('site_ids', 'Author') },
      schema: { ...op(`create${one}`, `Create a ${label}`), tags, description: s.docs.create, body: s.schemas.create, response: { 201: item } },
    },
    async (req, reply) => reply.code(201).send(await json(r.create(req.ctx, req.body as { site_ids: string[] }))),
  )

  app.put(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, 'Author') },
      schema: {
        ...op(`update${one}`, `Update a ${label}`),
        tags,
        description: s.docs.update,
        params: IdParams,
        body: s.schemas.update,
        response: { 200: item },
      },
    },
    (req) => json(r.update(req.ctx, req.params.id, req.body as Json)),
  )

  app.delete(
    `/${s.path}/:id`,
    {
      config: { access: record(entity, 'Author') },
      schema: { ...op(`delete${one}`, `Delete a ${label}`), tags, description: s.docs.delete, params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await r.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}
