import { Type, type TSchema } from 'typebox'
import type { Localizations, LocalizationTable } from '../core/localizations.js'
import type { Requirement } from '../core/principal.js'
import { record } from './access.js'
import type { Api } from './resource-routes.js'
import { IdParams, NoContent, Uuid } from './schemas.js'

const LocParams = Type.Object({ loc_id: Uuid })

export interface LocalizationRoutesSpec {
  /** `/<parentPath>/{id}/localizations` and `/<parentPath>/localizations/{loc_id}`. */
  parentPath: string
  tag: string
  /** The parent's name in operation ids: `Blog` → listBlogLocalizations, createBlogLocalization, … */
  name: string
  schemas: { item: TSchema; create: TSchema; update: TSchema }
  need: { read: Requirement; create: Requirement; update: Requirement; delete: Requirement }
  /** POST creates or updates the locale's localization (201 created, 200 updated) instead of 409 for a second one. */
  upsert?: boolean
}

/** The localization sub-resource of a localized record, as ordinary Fastify routes. */
export function localizationRoutes<T extends LocalizationTable, P>(app: Api, locs: Localizations<T, P>, s: LocalizationRoutesSpec): void {
  const parent = locs.parentEntity
  const noun = s.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  const tags = [s.tag]

  app.get(
    `/${s.parentPath}/:id/localizations`,
    {
      config: { access: record(parent, s.need.read) },
      schema: { tags, operationId: `list${s.name}Localizations`, summary: `List the localizations of a ${noun}`, description: 'Default locale first, then by code.', params: IdParams, response: { 200: Type.Array(s.schemas.item) } },
    },
    (req) => locs.list(req.ctx, req.params.id),
  )

  app.post(
    `/${s.parentPath}/:id/localizations`,
    {
      config: { access: record(parent, s.need.create) },
      schema: {
        tags,
        operationId: `create${s.name}Localization`,
        summary: `Add a localization to a ${noun}`,
        description:
          `One per locale of the ${noun}'s owning site, named by \`locale_id\` or by code (\`"locale": "de"\`): a locale the site does not have is a 400; ` +
          (s.upsert ? 'a locale that already has a localization gets it updated (200).' : 'a locale that already has a localization a 409.'),
        params: IdParams,
        body: s.schemas.create,
        response: s.upsert ? { 200: s.schemas.item, 201: s.schemas.item } : { 201: s.schemas.item },
      },
    },
    async (req, reply) => {
      const body = req.body as Record<string, unknown>
      if (!s.upsert) return reply.code(201).send(await locs.create(req.ctx, req.params.id, body))
      const { row, created } = await locs.upsert(req.ctx, req.params.id, body)
      return reply.code(created ? 201 : 200).send(row)
    },
  )

  app.put(
    `/${s.parentPath}/localizations/:loc_id`,
    {
      config: { access: record(locs.entity, s.need.update, 'loc_id') },
      schema: {
        tags,
        operationId: `update${s.name}Localization`,
        summary: `Update a ${noun} localization`,
        description: 'Partial update of the texts; the locale cannot change.',
        params: LocParams,
        body: s.schemas.update,
        response: { 200: s.schemas.item },
      },
    },
    (req) => locs.update(req.ctx, req.params.loc_id, req.body as Record<string, unknown>),
  )

  app.delete(
    `/${s.parentPath}/localizations/:loc_id`,
    {
      config: { access: record(locs.entity, s.need.delete, 'loc_id') },
      schema: { tags, operationId: `delete${s.name}Localization`, summary: `Delete a ${noun} localization`, params: LocParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await locs.remove(req.ctx, req.params.loc_id)
      return reply.code(204).send(null)
    },
  )
}
