import type { AppPlugin } from '../../app.js'
import { localizationRoutes } from '../../http/localization-routes.js'
import { blogLocalizationKit } from './localization.service.js'
import { BlogLocalization, CreateLocalizationBody, UpdateLocalizationBody } from './schemas.js'

export const blogLocalizationRoutes: AppPlugin = async (app) => {
  localizationRoutes(app, blogLocalizationKit, {
    parentPath: 'blogs',
    tag: 'Blogs',
    name: 'Blog',
    schemas: { item: BlogLocalization, create: CreateLocalizationBody, update: UpdateLocalizationBody },
    need: { read: 'Read', create: 'Author', update: 'Author', delete: 'Editor' },
  })
}
