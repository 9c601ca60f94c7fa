import { featureRoute } from '../../app/baseRoutes'

/** The site's AI provider configuration. */
export const aiRoutes = [featureRoute('/sites/$siteId/ai', () => import('./AiRoute'))] as const
