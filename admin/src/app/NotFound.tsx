import { Anchor, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../shared/ui/PageTitle'

export function NotFound() {
  const { t } = useTranslation('common')
  return (
    <Stack p="md">
      <PageTitle>{t('notFound')}</PageTitle>
      <Text>{t('notFoundText')}</Text>
      <Anchor component={Link} to="/">
        {t('backHome')}
      </Anchor>
    </Stack>
  )
}
