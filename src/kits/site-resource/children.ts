import { Type, type TSchema } from 'typebox'
import type { Ctx } from '../../core/context.js'
import type { Entity, RecordScope } from '../../core/entities.js'
import type { Requirement } from '../../core/principal.js'
import type { RawJson } from '../../core/read-cache.js'
import type { Api } from '../../http/app-types.js'
import { record } from '../../http/access.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, op } from '../../http/schemas.js'

type Json = Record<string, unknown>

/**
 * The records of one kind under a parent record (a legal document's consent groups, a group's items, a page's
 * sections): listed and added under the parent, changed and deleted by their own id. Access is the parent's for
 * the list and the add, the record's own for update and delete (both resolve to the parent's site).
 */
export interface ChildRoutesSpec {
  tag: string
  /** Operation-id name: `LegalGroup` → listLegalGroups, createLegalGroup, updateLegalGroup, deleteLegalGroup. */
  name: string
  /** GET and POST /<parent.path>/{<parent.param>}/<parent.segment>. */
  parent: { entity: Entity; path: string; param: string; segment: string; params: TSchema }
  /** PUT and DELETE /<path>/{id}. */
  path: string
  entity: Entity
  need: { read: Requirement; write: Requirement; delete?: Requirement }
  schemas: { item: TSchema; create: TSchema; update: TSchema }
  summaries: { list: string; create: string; update: string; delete: string }
  docs: { list: string; create: string; update: string; delete: string }
  /** The kind's service; the list gets the parent's scope the access check resolved, and may answer cached bytes. */
  ops: {
    list(ctx: Ctx, parentId: string, scope: RecordScope | undefined): Promise<unknown>
    create(ctx: Ctx, parentId: string, body: Json): Promise<unknown>
    update(ctx: Ctx, id: string, body: Json): Promise<unknown>
    remove(ctx: Ctx, id: string): Promise<void>
  }
}

const parentId = (s: ChildRoutesSpec, req: { params: unknown }) => (req.params as Record<string, string>)[s.parent.param] as string

/** GET (a plain array in the service's order) and POST (201) /<parent>/{<param>}/<segment>. */
export function childListRoutes(app: Api, s: ChildRoutesSpec): void {
  const url = `/${s.parent.path}/:${s.parent.param}/${s.parent.segment}`
  const tags = [s.tag]
  app.get(
    url,
    {
      config: { access: record(s.parent.entity, s.need.read, s.parent.param) },
      schema: {
        ...op(`list${s.name}s`, s.summaries.list),
        tags,
        description: s.docs.list,
        params: s.parent.params,
        response: { 200: Type.Array(s.schemas.item) },
      },
    },
    async (req, reply) => {
      const out = await s.ops.list(req.ctx, parentId(s, req), req.recordScope)
      return Buffer.isBuffer(out) ? sendRaw(reply, out as RawJson) : (out as Json[])
    },
  )
  app.post(
    url,
    {
      config: { access: record(s.parent.entity, s.need.write, s.parent.param) },
      schema: {
        ...op(`create${s.name}`, s.summaries.create),
        tags,
        description: s.docs.create,
        params: s.parent.params,
        body: s.schemas.create,
        response: { 201: s.schemas.item },
      },
    },
    async (req, reply) => reply.code(201).send(await s.ops.create(req.ctx, parentId(s, req), req.body as Json)),
  )
}

/** PUT (partial update) and DELETE (204) /<path>/{id}. */
export function childRecordRoutes(app: Api, s: ChildRoutesSpec): void {
  const tags = [s.tag]
  app.put(
    `/${s.path}/:id`,
    {
      config: { access: record(s.entity, s.need.write) },
      schema: {
        ...op(`update${s.name}`, s.summaries.update),
        tags,
        description: s.docs.update,
        params: IdParams,
        body: s.schemas.update,
        response: { 200: s.schemas.item },
      },
    },
    async (req) => (await s.ops.update(req.ctx, req.params.id, req.body as Json)) as Json,
  )
  app.delete(
    `/${s.path}/:id`,
    {
      config: { access: record(s.entity, s.need.delete ?? s.need.write) },
      schema: { ...op(`delete${s.name}`, s.summaries.delete), tags, description: s.docs.delete, params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await s.ops.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

/** Both halves, list routes first. */
export function childRoutes(app: Api, s: ChildRoutesSpec): void {
  childListRoutes(app, s)
  childRecordRoutes(app, s)
}
