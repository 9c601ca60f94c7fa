import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { canAuthor } from '../../shared/logic/access'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
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
  const me = useQuery(sharedQueries.me())
  const title = t('title')
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title} />
      <MediaBrowser siteId={siteId} search={search} onSearch={onSearch} canEdit={canAuthor(me.data, siteId)} />
    </Stack>
  )
}
