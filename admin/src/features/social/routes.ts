import { featureRoute } from '../../app/baseRoutes'

/** Social links, reorderable. */
export const socialRoutes = [featureRoute('/sites/$siteId/social', () => import('./SocialRoute'))] as const
