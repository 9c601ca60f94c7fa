import { Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../shared/ui/PageTitle'

/** A screen of a later part of the admin: its name, so navigation already works end to end. */
export function PlaceholderScreen({ screen }: { screen: string }) {
  const { t } = useTranslation('shell')
  return (
    <Stack>
      <PageTitle>{t(`screens.${screen}`)}</PageTitle>
      <Text>{t('comingSoon')}</Text>
    </Stack>
  )
}
