import { featureRoute } from '../../app/baseRoutes'
import { validateAuditSearch } from './search'

/** The audit log; filters and page in the search params. */
export const auditRoutes = [featureRoute('/sites/$siteId/audit', () => import('./AuditRoute'), validateAuditSearch)] as const
