import type { AppPlugin } from '../../http/app-types.js'
import { siteResource, trimName } from '../../kits/site-resource/rules.js'
import { navigationMenus } from '../../db/schema/navigation.js'
import { site } from '../../http/access.js'
import { sendRaw } from '../../http/raw.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import { op } from '../../http/schemas.js'
import { menuEntity } from './entity.js'
import * as rules from './menus.service.js'
import { CreateMenuBody, Menu, MenuListQuery, MenuSlugParams, UpdateMenuBody, presentMenu } from './schemas.js'

const CACHED = 'Cached; every navigation write of the site refreshes it at once, on every instance.'

/** Menus: slug unique per site (derived from the name when not given), hard delete taking the items with it. */
export const menuResource = siteResource({
  entity: menuEntity,
  table: navigationMenus,
  present: presentMenu,
  order: [navigationMenus.name, navigationMenus.created_at, navigationMenus.id],
  slugFrom: 'name',
  normalize: trimName,
  serialize: rules.serializeSiteMenus,
  onDelete: rules.deleteItems,
  routes: {
    path: 'menus',
    tag: 'Navigation',
    schemas: { item: Menu, create: CreateMenuBody, update: UpdateMenuBody, listQuery: MenuListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Editor' },
    createIn: 'path',
    list: 'all',
    docs: {
      list: 'Every menu of the site, by name (a plain array).',
      create:
        "Without `slug` it is derived from the name. 409 when the slug is taken in the site. The site's primary menu (GET /sites/{site_id}/navigation) " +
        'is the one with slug `primary`, else its oldest. Fires navigation.created with the menu.',
      update: 'Partial update; `description` null clears it. Fires navigation.updated with the menu.',
      delete:
        'Deletes the menu with all its items and their localizations (no soft delete). Fires one navigation.deleted ' +
        '(`{ id, site_id, name, slug }`), which stands for its items too; the audit entry lists the deleted item ids.',
    },
  },
})

export const menuRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/menus/slug/:slug',
    {
      config: { access: site('Read') },
      schema: {
        ...op('getSiteMenuBySlug', 'Get a menu of a site by slug'),
        tags: ['Navigation'],
        description: `The site's menu with this slug (frontends use \`primary\` and \`footer\`); 404 when there is none. Its items: GET /menus/{menu_id}/tree. ${CACHED}`,
        params: MenuSlugParams,
        response: { 200: Menu },
      },
    },
    async (req, reply) => sendRaw(reply, await rules.bySlug(req.ctx, req.params.site_id, req.params.slug)),
  )
  resourceRoutes(app, menuResource)
}
