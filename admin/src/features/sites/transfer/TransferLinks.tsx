import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { can } from '../../../shared/logic/access'
import { ButtonLink } from '../../../shared/ui/links'
import './messages'

/** "Export" where a site's settings are, for those the API lets export it (Admin of the site); nothing for others. */
export function ExportLink({ siteId }: { siteId: string }) {
  const { t } = useTranslation('transfer')
  const me = useQuery(sharedQueries.me())
  if (!can(me.data, 'site.export', siteId)) return null
  return (
    <ButtonLink to="/sites/$siteId/export" params={{ siteId }} variant="default">
      {t('export.link')}
    </ButtonLink>
  )
}

/** "Import a site" on All sites, only for those who may import (a system administrator or an unscoped Master key). */
export function ImportLink() {
  const { t } = useTranslation('transfer')
  const me = useQuery(sharedQueries.me())
  if (!can(me.data, 'site.import')) return null
  return (
    <ButtonLink to="/sites/import" variant="default">
      {t('import.link')}
    </ButtonLink>
  )
}
