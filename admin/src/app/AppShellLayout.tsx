import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { spotlight } from '@mantine/spotlight'
import { useQuery } from '@tanstack/react-query'
import { Link, Outlet, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { AREAS } from './areas'
import { CommandPalette } from './CommandPalette'
import { NotificationsBell } from './NotificationsBell'
import { ProfileMenu } from './ProfileMenu'
import { SiteSwitcher } from './SiteSwitcher'

/** The signed-in frame: skip link, header (site switcher, search, bell, profile), sidebar by area, and the main landmark. */
export function AppShellLayout() {
  const { t } = useTranslation('shell')
  const [opened, { toggle, close }] = useDisclosure()
  const params = useParams({ strict: false }) as { siteId?: string; area?: string }
  const sites = useQuery(sharedQueries.sites())
  const siteId = params.siteId ?? sites.data?.[0]?.id
  const current = params.area ?? (params.siteId ? 'dashboard' : undefined)

  const skip = (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    const target = document.querySelector<HTMLElement>('h1[data-page-title]') ?? document.getElementById('main')
    target?.focus()
  }

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a href="#main" className="skip-link" onClick={skip}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('toggleNavigation')} />
            <Text fw={700} component="span">
              Atrium
            </Text>
            <SiteSwitcher sites={sites.data ?? []} siteId={siteId} area={params.area} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton onClick={() => spotlight.open()} aria-label={t('search')} aria-keyshortcuts="Control+K Meta+K" px="sm" py={6} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
              <Text size="sm" c="dimmed" component="span">
                {t('searchShortcut')}
              </Text>
            </UnstyledButton>
            {siteId && <NotificationsBell siteId={siteId} />}
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('mainNavigation')} component="nav">
        <ScrollArea>
          <Stack gap="md">
            {AREAS.map((area) => (
              <div key={area.id} role="group" aria-labelledby={`area-${area.id}`}>
                <Text id={`area-${area.id}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
                  {t(`areas.${area.id}`)}
                </Text>
                {siteId &&
                  area.screens.map((screen) => (
                    <NavLink
                      key={screen}
                      component={Link}
                      to={screen === 'dashboard' ? '/sites/$siteId' : '/sites/$siteId/$area'}
                      params={screen === 'dashboard' ? { siteId } : { siteId, area: screen }}
                      label={t(`screens.${screen}`)}
                      active={current === screen}
                      aria-current={current === screen ? 'page' : undefined}
                      onClick={close}
                    />
                  ))}
              </div>
            ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <CommandPalette sites={sites.data ?? []} siteId={siteId} />
    </AppShell>
  )
}
