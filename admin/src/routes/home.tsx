import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { currentSiteId } from '../shared/logic/chosenSite'
import { PageTitle } from '../shared/ui/PageTitle'

/** /admin/: the dashboard of the site chosen last in this browser (else the first), or how to get a first site. */
export default function HomeRoute() {
  const { t } = useTranslation('shell')
  const sites = useQuery(sharedQueries.sites())
  const chosen = currentSiteId(sites.data, undefined)
  if (chosen) return <Navigate to="/sites/$siteId" params={{ siteId: chosen }} replace />
  if (sites.isPending) return <Text>{t('common:loading')}</Text>
  return (
    <Stack>
      <PageTitle>{t('noSites')}</PageTitle>
      <Text>{t('noSitesText')}</Text>
    </Stack>
  )
}
