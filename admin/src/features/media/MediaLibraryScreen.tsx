import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { canAuthor } from '../../shared/logic/access'
import { PageTitle } from '../../shared/ui/PageTitle'
import { MediaBrowser } from './library/MediaBrowser'
import type { MediaSearch } from './library/search'

/** The media library screen: the browser with its state in the URL. */
export function MediaLibraryScreen({
  siteId,
  search,
  onSearch,
}: {
  siteId: string
  search: MediaSearch
  onSearch: (next: MediaSearch, replace?: boolean) => void
}) {
  const { t } = useTranslation('media')
  const site = useQuery(sharedQueries.site(siteId))
  const me = useQuery(sharedQueries.me())
  const title = t('title')
  return (
    <Stack gap="md">
      <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
      <MediaBrowser siteId={siteId} search={search} onSearch={onSearch} canEdit={canAuthor(me.data, siteId)} />
    </Stack>
  )
}
