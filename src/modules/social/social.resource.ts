import type { Revertable } from '../../core/entities.js'
import type { AppPlugin } from '../../http/app-types.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource } from '../../kits/site-resource/rules.js'
import { socialLinks } from '../../db/schema/site-links.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import { CreateSocialLinkBody, SocialLink, SocialListQuery, UpdateSocialLinkBody, presentSocialLink } from './schemas.js'

/** Audited as social_link (the name its change history and revert use); webhooks say social.*. */
export const socialLinkEntity = defineEntity({
  name: 'social_link',
  label: 'social link',
  events: crudEvents('social'),
  scope: siteOwned(socialLinks),
})

/** Social links: the whole list in display_order, created under the site's path, reorderable; soft delete. */
export const socialLinkResource = siteResource({
  entity: socialLinkEntity,
  table: socialLinks,
  present: presentSocialLink,
  order: [socialLinks.display_order, socialLinks.created_at, socialLinks.id],
  auditFields: ['platform', 'url'],
  appendOrder: true,
  routes: {
    path: 'social',
    tag: 'Social links',
    schemas: { item: SocialLink, create: CreateSocialLinkBody, update: UpdateSocialLinkBody, listQuery: SocialListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Editor' },
    createIn: 'path',
    list: 'all',
    cacheList: true,
    reorder: true,
    docs: {
      list: 'Every live link of the site, active or not, by display_order (a plain array). Cached; every social link write refreshes it.',
      create: 'New links go last unless display_order is given. label and icon are null when unset.',
    },
  },
})

export const socialRoutes: AppPlugin = async (app) => {
  resourceRoutes(app, socialLinkResource)
}

/** Revert (audit module) goes through the resource's own update. */
export const socialLinkRevert: Revertable = {
  entity: socialLinkEntity,
  hook: { body: UpdateSocialLinkBody, apply: (ctx, id, values): Promise<unknown> => socialLinkResource.update(ctx, id, values) },
}
