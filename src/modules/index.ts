import type { AppPlugin } from '../app.js'
import { apiKeyRoutes } from './api-keys/routes.js'
import { authRoutes } from './auth/routes.js'
import { blogLocalizationRoutes } from './blogs/localizations.routes.js'
import { blogRoutes } from './blogs/routes.js'
import { blogWorkflowRoutes } from './blogs/workflow.routes.js'
import { siteRoutes } from './sites/routes.js'
import { systemRoutes } from './system/routes.js'
import { categoryRoutes } from './taxonomy/categories.routes.js'
import { tagRoutes } from './taxonomy/tags.routes.js'

/** Every module, in registration order. A new module is one line here. */
export const modules: AppPlugin[] = [systemRoutes, authRoutes, apiKeyRoutes, siteRoutes, tagRoutes, categoryRoutes, blogRoutes, blogLocalizationRoutes, blogWorkflowRoutes]
