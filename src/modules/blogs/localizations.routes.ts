import type { AppPlugin } from '../../http/app-types.js'
import { localizationRoutes } from '../../kits/localizations/routes.js'
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
