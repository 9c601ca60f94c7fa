import type { Api, AppPlugin } from '../../http/app-types.js'
import { anyAuth, bodySites, record, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, SiteParams, op } from '../../http/schemas.js'
import { CreateSkillBody, SKILLS_PER_PAGE, Skill, SkillBySlugParams, SkillBySlugQuery, SkillListQuery, UpdateSkillBody } from './schemas.js'
import * as skills from './service.js'
import { skillEntity } from './skills.resource.js'

const tags = ['Skills']
const CACHED = 'Cached; every write to a skill the site carries refreshes it before the write answers.'

function reads(app: Api): void {
  app.get(
    '/sites/:site_id/skills',
    {
      config: { access: site('Read') },
      schema: {
        ...op('listSiteSkills', 'List the skills of a site'),
        tags,
        description: `Live skills the site carries (owned or shared with it), by display_order, then name. per_page defaults to ${SKILLS_PER_PAGE}. ${CACHED}`,
        params: SiteParams,
        querystring: SkillListQuery,
        response: { 200: Paginated(Skill) },
      },
    },
    async (req, reply) => sendRaw(reply, await skills.list(req.ctx, req.params.site_id, req.query)),
  )

  app.get(
    '/skills/by-slug/:slug',
    {
      config: { access: anyAuth },
      schema: {
        ...op('getSkillBySlug', 'Get a skill by slug'),
        tags,
        description:
          'With `site_id`: the skill with this slug among those the site carries (Read on it); cached. Without: looked up among the sites ' +
          'the caller can read (as GET /tags/by-slug/{slug}); 404 when none carries it, 400 (field `site_id`) when the slug names ' +
          'different skills in several of them.',
        params: SkillBySlugParams,
        querystring: SkillBySlugQuery,
        response: { 200: Skill },
      },
    },
    async (req, reply) => {
      const out = await skills.bySlug(req.ctx, req.params.slug, req.query)
      return Buffer.isBuffer(out) ? sendRaw(reply, out) : out
    },
  )

  app.get(
    '/skills/:id',
    {
      config: { access: record(skillEntity, 'Read') },
      schema: { ...op('getSkill', 'Get a skill'), tags, description: 'Readable through any site carrying it.', params: IdParams, response: { 200: Skill } },
    },
    (req) => skills.get(req.ctx, req.params.id),
  )
}

function writes(app: Api): void {
  app.post(
    '/skills',
    {
      config: { access: bodySites('site_ids', 'Author') },
      schema: {
        ...op('createSkill', 'Create a skill'),
        tags,
        description:
          'Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ' +
          'slug is derived from name when absent; 409 when a live skill of a carrying site uses it.',
        body: CreateSkillBody,
        response: { 201: Skill },
      },
    },
    async (req, reply) => reply.code(201).send(await skills.create(req.ctx, req.body)),
  )

  app.put(
    '/skills/:id',
    {
      config: { access: record(skillEntity, 'Author') },
      schema: {
        ...op('updateSkill', 'Update a skill'),
        tags,
        description:
          'Partial update on the owning site (a caller reading it through another carrying site gets 403). site_ids cannot change; ' +
          'renaming keeps the slug unless a new one is given (409 when taken in a carrying site).',
        params: IdParams,
        body: UpdateSkillBody,
        response: { 200: Skill },
      },
    },
    (req) => skills.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/skills/:id',
    {
      config: { access: record(skillEntity, 'Author') },
      schema: {
        ...op('deleteSkill', 'Delete a skill'),
        tags,
        description: 'Soft delete on the owning site: the skill answers 404 and leaves every list; its slug is free again.',
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await skills.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

export const skillRoutes: AppPlugin = async (app) => {
  reads(app)
  writes(app)
}
