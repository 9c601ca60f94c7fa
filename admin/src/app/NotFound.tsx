import { Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../shared/ui/PageTitle'
import { AnchorLink } from '../shared/ui/links'

export function NotFound() {
  const { t } = useTranslation('common')
  return (
    <Stack p="md">
      <PageTitle>{t('notFound')}</PageTitle>
      <Text>{t('notFoundText')}</Text>
      <AnchorLink to="/">{t('backHome')}</AnchorLink>
    </Stack>
  )
}
