import { Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { spotlight } from '@mantine/spotlight'
import { useQuery } from '@tanstack/react-query'
import { Outlet, useLocation, useParams } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { administersSystem } from '../shared/logic/access'
import { currentSiteId, rememberSite } from '../shared/logic/chosenSite'
import { LeaveGuard } from '../shared/forms/LeaveGuard'
import { IconBuildingCommunity } from '@tabler/icons-react'
import { SearchIcon } from '../shared/ui/icons'
import { NavLinkRoute } from '../shared/ui/links'
import { AREAS, SYSTEM_SCREENS } from './areas'
import { NAV_ICONS } from './navIcons'
import { CommandPalette } from './CommandPalette'
import { NotificationsBell } from './NotificationsBell'
import { ProfileMenu } from './ProfileMenu'
import { ShortcutsHelp } from './ShortcutsHelp'
import { SiteSwitcher } from './SiteSwitcher'

/** The signed-in frame: skip link, header (site switcher, search, bell, profile), sidebar by area, and the main landmark. */
export function AppShellLayout() {
  const { t } = useTranslation('shell')
  const [opened, { toggle, close }] = useDisclosure()
  const burger = useRef<HTMLButtonElement>(null)
  // The phone's navigation drawer: Escape or a click beside it closes it, and the focus goes back to the burger.
  const dismiss = useCallback(() => {
    close()
    burger.current?.focus()
  }, [close])
  useEffect(() => {
    if (!opened) return
    const onKey = (e: KeyboardEvent) => {
      // A menu, the palette or a dialog open above the drawer takes its own Escape first.
      const within = e.target instanceof Element && e.target.closest('[role="dialog"], [role="menu"], [role="listbox"]')
      if (e.key === 'Escape' && !e.defaultPrevented && !within) dismiss()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [opened, dismiss])
  const params = useParams({ strict: false })
  const sites = useQuery(sharedQueries.sites())
  const siteId = currentSiteId(sites.data, params.siteId)
  useEffect(() => {
    if (params.siteId) rememberSite(params.siteId)
  }, [params.siteId])
  // Screens with their own static route (/sites/$siteId/blogs) have no $area param: the area is the path's third segment.
  const pathname = useLocation({ select: (l) => l.pathname })
  const area = params.area ?? /\/sites\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  const current = area ?? (params.siteId ? 'dashboard' : undefined)

  const skip = (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    const target = document.querySelector<HTMLElement>('h1[data-page-title]') ?? document.getElementById('main')
    target?.focus()
  }

  return (
    // A stylesheet grid (app.css) rather than Mantine's AppShell, whose media styles are an inline <style> the CSP refuses.
    <div className="shell" data-nav-open={opened || undefined}>
      <a href="#main" className="skip-link" onClick={skip}>
        {t('skipToContent')}
      </a>
      <header className="shell-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" className="shell-start">
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('toggleNavigation')}
              aria-expanded={opened}
              aria-controls="main-nav"
            />
            <Text fw={700} component="span" className="shell-brand">
              Atrium
            </Text>
            <SiteSwitcher sites={sites.data ?? []} siteId={siteId} area={area} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton
              onClick={() => spotlight.open()}
              aria-label={t('search')}
              aria-keyshortcuts="Control+K Meta+K"
              px="sm"
              py={6}
              className="search-button"
            >
              <Text size="sm" c="dimmed" component="span" className="shell-search-text">
                {t('searchShortcut')}
              </Text>
              <SearchIcon size={18} stroke={1.75} aria-hidden className="shell-search-icon" />
            </UnstyledButton>
            {siteId && <NotificationsBell siteId={siteId} />}
            <ProfileMenu />
          </Group>
        </Group>
      </header>
      <nav id="main-nav" className="shell-nav" aria-label={t('mainNavigation')}>
        <div>
          <Stack gap="md">
            {/* On a phone the header keeps only the site switcher; the way to all sites moves here. */}
            <NavLinkRoute
              to="/sites"
              activeOptions={{ exact: true }}
              label={t('allSites')}
              leftSection={<IconBuildingCommunity size={18} stroke={1.75} aria-hidden />}
              className="shell-nav-all-sites"
              onClick={close}
            />
            {AREAS.map((area) => (
              <div key={area.id} role="group" aria-labelledby={`area-${area.id}`}>
                <Text id={`area-${area.id}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
                  {t(`areas.${area.id}`)}
                </Text>
                {siteId &&
                  area.screens.map((screen) =>
                    screen === 'dashboard' ? (
                      <NavLinkRoute
                        key={screen}
                        to="/sites/$siteId"
                        params={{ siteId }}
                        activeOptions={{ exact: true }}
                        label={t(`screens.${screen}`)}
                        leftSection={navIcon(screen)}
                        active={current === screen}
                        aria-current={current === screen ? 'page' : undefined}
                        onClick={close}
                      />
                    ) : (
                      <NavLinkRoute
                        key={screen}
                        to="/sites/$siteId/$area"
                        params={{ siteId, area: screen }}
                        label={t(`screens.${screen}`)}
                        leftSection={navIcon(screen)}
                        active={current === screen}
                        aria-current={current === screen ? 'page' : undefined}
                        onClick={close}
                      />
                    ),
                  )}
              </div>
            ))}
            <SystemArea pathname={pathname} onNavigate={close} />
          </Stack>
        </div>
      </nav>
      {/* Beside the open drawer on a phone (app.css): a click there closes it. Not a control of its own: Escape does the same. */}
      {opened && <div className="shell-backdrop" data-testid="nav-backdrop" aria-hidden="true" onClick={dismiss} />}
      <main id="main" className="shell-main" tabIndex={-1}>
        {/* Keyed by site: a screen's forms start afresh on another site, never carrying what was typed for the last one. */}
        <Outlet key={params.siteId ?? ''} />
      </main>
      <LeaveGuard />
      <CommandPalette sites={sites.data ?? []} siteId={siteId} />
      <ShortcutsHelp />
    </div>
  )
}

function navIcon(screen: keyof typeof NAV_ICONS) {
  const Icon = NAV_ICONS[screen]
  return <Icon size={18} stroke={1.75} aria-hidden />
}

/** The system's own screens (no site in their path), for system administrators only. */
function SystemArea({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { t } = useTranslation('shell')
  const me = useQuery(sharedQueries.me())
  if (!administersSystem(me.data)) return null
  return (
    <div role="group" aria-labelledby="area-system">
      <Text id="area-system" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
        {t('areas.system')}
      </Text>
      {SYSTEM_SCREENS.map((screen) => {
        const current = pathname.endsWith(screen.to)
        return (
          <NavLinkRoute
            key={screen.id}
            to={screen.to}
            label={t(`screens.${screen.id}`)}
            leftSection={navIcon(screen.id)}
            active={current}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
          />
        )
      })}
    </div>
  )
}
