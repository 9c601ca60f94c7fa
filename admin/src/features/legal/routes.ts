import { featureRoute } from '../../app/baseRoutes'

export const legalRoutes = [
  featureRoute('/sites/$siteId/legal', () => import('./LegalListRoute')),
  featureRoute('/sites/$siteId/legal/$legalId', () => import('./LegalDocRoute')),
] as const
