import type { Schemas } from '@atrium-cms/client'
import { useMantineColorScheme } from '@mantine/core'
import { Spotlight, type SpotlightActionData, type SpotlightActionGroupData } from '@mantine/spotlight'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { setLanguage } from '../shared/i18n/i18n'
import { administersSystem } from '../shared/logic/access'
import { recordLink } from '../shared/logic/recordLink'
import { SCREENS, SYSTEM_SCREENS } from './areas'
import { usePaletteContent, type ContentHit } from './paletteContent'
import { useSignOut } from './useSignOut'

/**
 * Ctrl/Cmd+K, from anywhere (text fields too): screens of the current site by name and synonyms (and the system's,
 * for system administrators), content by title through the site search in every locale, the sites, and actions (new
 * post, new page, upload, theme, language, sign out).
 */
export function CommandPalette({ sites, siteId }: { sites: Schemas['Site'][]; siteId: string | undefined }) {
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  // keepTransitions: else Mantine adds a <style> element for the switch, which the CSP refuses.
  const { setColorScheme } = useMantineColorScheme({ keepTransitions: true })
  const signOut = useSignOut()
  const me = useQuery(sharedQueries.me())
  const [query, setQuery] = useState('')
  const content = usePaletteContent(siteId, query)
  const keywords = (screen: string) => t(`screenKeywords.${screen}`, { defaultValue: '' })
  const systemScreens = administersSystem(me.data)
    ? SYSTEM_SCREENS.map((screen) => ({
        id: `screen-${screen.id}`,
        label: t(`screens.${screen.id}`),
        keywords: keywords(screen.id),
        onClick: () => void navigate({ to: screen.to }),
      }))
    : []
  const open = (hit: ContentHit) => {
    if (!siteId) return
    if (hit.type === 'media') return void navigate({ to: '/sites/$siteId/media', params: { siteId }, search: { item: hit.id } })
    const link = recordLink(hit.type, hit.id)
    if (link?.recordId) void navigate({ to: '/sites/$siteId/$area/$recordId', params: { siteId, area: link.area, recordId: link.recordId } })
  }
  const contentActions: SpotlightActionData[] = content.map((hit) => ({
    id: `content-${hit.type}-${hit.id}`,
    label: hit.title,
    description: t(`contentTypes.${hit.type}`),
    onClick: () => open(hit),
  }))
  const siteActions: SpotlightActionData[] = siteId
    ? [
        {
          id: 'new-post',
          label: t('newPost'),
          keywords: t('keywordsNewPost'),
          onClick: () => void navigate({ to: '/sites/$siteId/blogs/new', params: { siteId } }),
        },
        {
          id: 'new-page',
          label: t('newPage'),
          keywords: t('keywordsNewPage'),
          onClick: () => void navigate({ to: '/sites/$siteId/pages/new', params: { siteId } }),
        },
        {
          id: 'upload',
          label: t('upload'),
          keywords: t('keywordsUpload'),
          // The media screen opens its file chooser on arrival (and drops `upload` from the URL).
          onClick: () => void navigate({ to: '/sites/$siteId/media', params: { siteId }, search: { upload: true } }),
        },
      ]
    : []

  const actions: SpotlightActionGroupData[] = [
    {
      group: t('groups.screens'),
      actions: [
        ...(siteId
          ? SCREENS.map((screen) => ({
              id: `screen-${screen}`,
              label: t(`screens.${screen}`),
              keywords: keywords(screen),
              onClick: () =>
                void (screen === 'dashboard'
                  ? navigate({ to: '/sites/$siteId', params: { siteId } })
                  : navigate({ to: '/sites/$siteId/$area', params: { siteId, area: screen } })),
            }))
          : []),
        ...systemScreens,
      ],
    },
    { group: t('groups.content'), actions: contentActions },
    {
      group: t('groups.sites'),
      actions: sites.map((s) => ({
        id: `site-${s.id}`,
        label: t('switchSite', { name: s.name }),
        keywords: t('keywordsSwitch'),
        onClick: () => void navigate({ to: '/sites/$siteId', params: { siteId: s.id } }),
      })),
    },
    {
      group: t('groups.actions'),
      actions: [
        ...siteActions,
        ...(['light', 'dark', 'auto'] as const).map((scheme) => ({
          id: `theme-${scheme}`,
          label: `${t('theme')}: ${t(`themes.${scheme}`)}`,
          onClick: () => setColorScheme(scheme),
        })),
        ...(['en', 'de'] as const)
          .filter((lang) => lang !== i18n.language)
          .map((lang) => ({ id: `lang-${lang}`, label: `${t('language')}: ${t(`languages.${lang}`)}`, onClick: () => void setLanguage(lang) })),
        { id: 'sign-out', label: t('signOut'), keywords: t('keywordsSignOut'), onClick: signOut },
      ],
    },
  ]

  return (
    <Spotlight
      actions={actions}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // From any field: a text field, the Markdown editor (contenteditable) and selects too.
      tagsToIgnore={[]}
      triggerOnContentEditable
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
