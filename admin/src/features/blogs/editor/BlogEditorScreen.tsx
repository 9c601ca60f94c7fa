import { Alert, Loader } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { toFormError } from '../../../shared/logic/errors'
import { editorQueries } from './api'
import { EditBlogForm } from './EditBlogForm'
import { NewBlogForm } from './NewBlogForm'
import { capabilitiesOf } from '../../../shared/editor/roles'

/** The blog editor: `/sites/$siteId/blogs/new` (blogId undefined) and `/sites/$siteId/blogs/$blogId`. */
export function BlogEditorScreen({ siteId, blogId }: { siteId: string; blogId: string | undefined }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  const locales = useQuery(editorQueries.locales(siteId))
  const settings = useQuery(sharedQueries.settings(siteId))
  const me = useQuery(sharedQueries.me())
  const detail = useQuery({ ...editorQueries.detail(siteId, blogId ?? ''), enabled: blogId !== undefined })
  const failed = locales.error ?? settings.error ?? detail.error
  if (failed) {
    const fe = toFormError(failed)
    return (
      <Alert color="red" title={t('loadFailed')}>
        {te(fe.formMessageKey)}
      </Alert>
    )
  }
  if (!locales.data || !settings.data || (blogId !== undefined && !detail.data)) return <Loader aria-label={t('loading')} />
  const defaultId = settings.data.default_locale_id ?? locales.data.find((l) => l.is_default)?.id ?? locales.data[0]?.id ?? ''
  const sorted = [...locales.data].sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId))
  const caps = capabilitiesOf(me.data, siteId, settings.data.editorial_workflow_enabled)
  return detail.data && blogId !== undefined ? (
    <EditBlogForm key={blogId} siteId={siteId} loaded={detail.data} locales={sorted} defaultLocaleId={defaultId} caps={caps} />
  ) : (
    <NewBlogForm siteId={siteId} locales={sorted} defaultLocaleId={defaultId} />
  )
}
