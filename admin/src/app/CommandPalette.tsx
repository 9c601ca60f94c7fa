import type { Schemas } from '@atrium-cms/client'
import { useMantineColorScheme } from '@mantine/core'
import { Spotlight, type SpotlightActionGroupData } from '@mantine/spotlight'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { setLanguage } from '../shared/i18n/i18n'
import { administersSystem } from '../shared/logic/access'
import { SCREENS, SYSTEM_SCREENS } from './areas'
import { useSignOut } from './useSignOut'

/** Ctrl/Cmd+K: screens of the current site (and the system's, for system administrators), the sites, and a few actions (theme, language, sign out). */
export function CommandPalette({ sites, siteId }: { sites: Schemas['Site'][]; siteId: string | undefined }) {
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  // keepTransitions: else Mantine adds a <style> element for the switch, which the CSP refuses.
  const { setColorScheme } = useMantineColorScheme({ keepTransitions: true })
  const signOut = useSignOut()
  const me = useQuery(sharedQueries.me())
  const systemScreens = administersSystem(me.data)
    ? SYSTEM_SCREENS.map((screen) => ({ id: `screen-${screen.id}`, label: t(`screens.${screen.id}`), onClick: () => void navigate({ to: screen.to }) }))
    : []

  const actions: SpotlightActionGroupData[] = [
    {
      group: t('groups.screens'),
      actions: [
        ...(siteId
          ? SCREENS.map((screen) => ({
              id: `screen-${screen}`,
              label: t(`screens.${screen}`),
              onClick: () =>
                void (screen === 'dashboard'
                  ? navigate({ to: '/sites/$siteId', params: { siteId } })
                  : navigate({ to: '/sites/$siteId/$area', params: { siteId, area: screen } })),
            }))
          : []),
        ...systemScreens,
      ],
    },
    {
      group: t('groups.sites'),
      actions: sites.map((s) => ({
        id: `site-${s.id}`,
        label: t('switchSite', { name: s.name }),
        onClick: () => void navigate({ to: '/sites/$siteId', params: { siteId: s.id } }),
      })),
    },
    {
      group: t('groups.actions'),
      actions: [
        ...(['light', 'dark', 'auto'] as const).map((scheme) => ({
          id: `theme-${scheme}`,
          label: `${t('theme')}: ${t(`themes.${scheme}`)}`,
          onClick: () => setColorScheme(scheme),
        })),
        ...(['en', 'de'] as const)
          .filter((lang) => lang !== i18n.language)
          .map((lang) => ({ id: `lang-${lang}`, label: `${t('language')}: ${t(`languages.${lang}`)}`, onClick: () => void setLanguage(lang) })),
        { id: 'sign-out', label: t('signOut'), onClick: signOut },
      ],
    },
  ]

  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K']}
      nothingFound={t('nothingFound')}
      highlightQuery
      scrollable
      maxHeight={420}
      // No scroll lock: it injects a <style> element, which the CSP refuses.
      lockScroll={false}
      searchProps={{ placeholder: t('searchPlaceholder'), 'aria-label': t('search') }}
    />
  )
}
