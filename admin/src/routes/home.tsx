import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { PageTitle } from '../shared/ui/PageTitle'

/** /admin/: the first site's dashboard, or how to get a first site. */
export default function HomeRoute() {
  const { t } = useTranslation('shell')
  const sites = useQuery(sharedQueries.sites())
  const first = sites.data?.[0]
  if (first) return <Navigate to="/sites/$siteId" params={{ siteId: first.id }} replace />
  if (sites.isPending) return <Text>{t('common:loading')}</Text>
  return (
    <Stack>
      <PageTitle>{t('noSites')}</PageTitle>
      <Text>{t('noSitesText')}</Text>
    </Stack>
  )
}
