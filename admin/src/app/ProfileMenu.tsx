import { ActionIcon, Menu, Tooltip, useMantineColorScheme } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { getCredential } from '../shared/auth/session'
import { setLanguage, UI_LANGUAGES } from '../shared/i18n/i18n'
import { useSignOut } from './useSignOut'

/** The current choice's mark (Mantine's menu items are `menuitem`s, so the state is aria-current, not aria-checked). */
const Check = ({ on }: { on: boolean }) => (on ? <span aria-hidden="true">✓</span> : null)

/** Who is signed in, theme (light, dark, system), UI language, sign out. */
export function ProfileMenu() {
  const { t, i18n } = useTranslation('shell')
  // keepTransitions: else Mantine adds a <style> element for the switch, which the CSP refuses.
  const { colorScheme, setColorScheme } = useMantineColorScheme({ keepTransitions: true })
  const me = useQuery(sharedQueries.me())
  const signOut = useSignOut()
  const navigate = useNavigate()
  const credential = getCredential()
  const who =
    credential?.kind === 'oidc'
      ? t('signedInAs', { name: credential.name ?? me.data?.idp_user_id ?? '…' })
      : t('signedInWithKey', { permission: me.data?.permission ?? '…' })

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Tooltip label={t('profile')}>
          <ActionIcon variant="default" size="lg" aria-label={t('profile')}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{who}</Menu.Label>
        <Menu.Item onClick={() => void navigate({ to: '/profile' })}>{t('profile')}</Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('theme')}</Menu.Label>
        {(['light', 'dark', 'auto'] as const).map((scheme) => (
          <Menu.Item
            key={scheme}
            aria-current={colorScheme === scheme || undefined}
            rightSection={<Check on={colorScheme === scheme} />}
            onClick={() => setColorScheme(scheme)}
          >
            {t(`themes.${scheme}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('language')}</Menu.Label>
        {UI_LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            aria-current={i18n.language === lang || undefined}
            rightSection={<Check on={i18n.language === lang} />}
            lang={lang}
            onClick={() => void setLanguage(lang)}
          >
            {t(`languages.${lang}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={signOut}>{t('signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
