import { useQuery } from '@tanstack/react-query'
import { siteAccessOf, type SiteAccess } from '../logic/siteAccess'
import { sharedQueries } from './queries'

/** What the signed-in caller may do on the site (from GET /auth/me), to offer only allowed actions. */
export function useSiteAccess(siteId: string): SiteAccess {
  const me = useQuery(sharedQueries.me())
  return siteAccessOf(me.data, siteId)
}
