import { Alert, Loader } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { capabilitiesOf } from '../../../shared/editor/roles'
import { toFormError } from '../../../shared/logic/errors'
import { pageQueries } from '../api'
import { EditPageForm } from './EditPageForm'
import { NewPageForm } from './NewPageForm'
import './page-editor.css'

/** The page editor: `/sites/$siteId/pages/new` (pageId undefined) and `/sites/$siteId/pages/$pageId`. */
export function PageEditorScreen({ siteId, pageId }: { siteId: string; pageId: string | undefined }) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  const locales = useQuery(pageQueries.locales(siteId))
  const settings = useQuery(sharedQueries.settings(siteId))
  const me = useQuery(sharedQueries.me())
  const pages = useQuery(pageQueries.all(siteId))
  const detail = useQuery({ ...pageQueries.editor(siteId, pageId ?? ''), enabled: pageId !== undefined })
  const failed = locales.error ?? settings.error ?? detail.error ?? pages.error
  if (failed) {
    const fe = toFormError(failed)
    return (
      <Alert color="red" title={t('loadFailed')}>
        {te(fe.formMessageKey)}
      </Alert>
    )
  }
  if (!locales.data || !settings.data || !pages.data || (pageId !== undefined && !detail.data)) return <Loader aria-label={t('loading')} />
  if (pageId === undefined || !detail.data) return <NewPageForm siteId={siteId} pages={pages.data} />
  const defaultId = settings.data.default_locale_id ?? locales.data.find((l) => l.is_default)?.id ?? locales.data[0]?.id ?? ''
  const sorted = [...locales.data].sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId))
  const caps = capabilitiesOf(me.data, siteId, settings.data.editorial_workflow_enabled)
  return <EditPageForm key={pageId} siteId={siteId} loaded={detail.data} locales={sorted} defaultLocaleId={defaultId} caps={caps} pages={pages.data} />
}
