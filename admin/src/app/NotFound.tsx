import { Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '../shared/ui/ScreenHeader'
import { AnchorLink } from '../shared/ui/links'

export function NotFound() {
  const { t } = useTranslation('common')
  return (
    <Stack p="md">
      <ScreenHeader title={t('notFound')} />
      <Text>{t('notFoundText')}</Text>
      <AnchorLink to="/">{t('backHome')}</AnchorLink>
    </Stack>
  )
}
