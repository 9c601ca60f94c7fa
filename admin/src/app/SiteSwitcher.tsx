import type { Schemas } from '@atrium-cms/client'
import { Group, Select } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AnchorLink } from '../shared/ui/links'

/** Switches site and stays on the same screen (query keys start with the site id: nothing stale shows). */
export function SiteSwitcher({ sites, siteId, area }: { sites: Schemas['Site'][]; siteId: string | undefined; area: string | undefined }) {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  const all = (
    <AnchorLink to="/sites" size="sm" activeOptions={{ exact: true }} className="shell-all-sites">
      {t('allSites')}
    </AnchorLink>
  )
  if (sites.length === 0) return all
  return (
    <Group gap="xs" wrap="nowrap" className="shell-site-group">
      <Select
        aria-label={t('site')}
        size="xs"
        w={200}
        data={sites.map((s) => ({ value: s.id, label: s.name }))}
        value={siteId ?? null}
        allowDeselect={false}
        searchable={sites.length > 8}
        onChange={(id) => {
          if (!id) return
          if (area) void navigate({ to: '/sites/$siteId/$area', params: { siteId: id, area } })
          else void navigate({ to: '/sites/$siteId', params: { siteId: id } })
        }}
      />
      {all}
    </Group>
  )
}
