import { featureRoute } from '../../app/baseRoutes'
import { validateKeySearch } from './search'

/** The key list (filters in the URL) and one key's usage. */
export const apiKeysRoutes = [
  featureRoute('/sites/$siteId/api-keys', () => import('./ApiKeysRoute'), validateKeySearch),
  featureRoute('/sites/$siteId/api-keys/$keyId', () => import('./ApiKeyUsageRoute')),
] as const
