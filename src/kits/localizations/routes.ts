import { Type, type TSchema } from 'typebox'
import type { Localizations, LocalizationTable } from './rules.js'
import type { Requirement } from '../../core/principal.js'
import { record } from '../../http/access.js'
import type { Api } from '../../http/app-types.js'
import { IdParams, NoContent, op, Uuid } from '../../http/schemas.js'

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
  /** What the sub-resource is called when not "localizations" (media: `metadata`, `{metadata_id}`, listMediaMetadata). */
  naming?: { segment: string; param: string; singular: string; plural: string }
}

/** The localization sub-resource of a localized record, as ordinary Fastify routes. */
export function localizationRoutes<T extends LocalizationTable, P>(app: Api, locs: Localizations<T, P>, s: LocalizationRoutesSpec): void {
  const parent = locs.parentEntity
  const noun = s.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  const tags = [s.tag]
  const { segment, param, singular, plural } = s.naming ?? { segment: 'localizations', param: 'loc_id', singular: 'Localization', plural: 'Localizations' }
  const LocParams = Type.Object({ [param]: Uuid })
  const locId = (req: { params: unknown }) => (req.params as Record<string, string>)[param] as string

  app.get(
    `/${s.parentPath}/:id/${segment}`,
    {
      config: { access: record(parent, s.need.read) },
      schema: {
        tags,
        operationId: `list${s.name}${plural}`,
        summary: `List the ${plural.toLowerCase()} of a ${noun}`,
        description: 'Default locale first, then by code.',
        params: IdParams,
        response: { 200: Type.Array(s.schemas.item) },
      },
    },
    (req) => locs.list(req.ctx, req.params.id),
  )

  app.post(
    `/${s.parentPath}/:id/${segment}`,
    {
      config: { access: record(parent, s.need.create) },
      schema: {
        tags,
        operationId: `create${s.name}${singular}`,
        summary: `Add ${singular === 'Localization' ? 'a localization' : singular.toLowerCase()} to a ${noun}`,
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

  /** PUT and DELETE of one localization, by its own id. */
  const oneLocalization = (verb: 'Update' | 'Delete', need: Requirement, schema: Record<string, unknown>) => ({
    config: { access: record(locs.entity, need, param) },
    schema: { tags, ...op(`${verb.toLowerCase()}${s.name}${singular}`, `${verb} a ${noun} ${singular.toLowerCase()}`), ...schema },
  })

  app.put(
    `/${s.parentPath}/${segment}/:${param}`,
    oneLocalization('Update', s.need.update, {
      description: 'Partial update of the texts; the locale cannot change.',
      params: LocParams,
      body: s.schemas.update,
      response: { 200: s.schemas.item },
    }),
    (req) => locs.update(req.ctx, locId(req), req.body as Record<string, unknown>),
  )

  app.delete(
    `/${s.parentPath}/${segment}/:${param}`,
    oneLocalization('Delete', s.need.delete, { params: LocParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await locs.remove(req.ctx, locId(req))
      return reply.code(204).send(null)
    },
  )
}
